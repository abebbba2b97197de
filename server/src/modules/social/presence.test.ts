import { describe, expect, it } from 'vitest';
import { DIALECTS, bearer } from '../../testing/harness';
import type { Player } from '../../testing/game-clients';
import { liveAppPerTest } from '../../testing/live-app';
import { TestSocket } from '../../testing/ws-client';

/** Presence between friends and blocked pairs, and queue pairing, over real sockets. */
describe.each(DIALECTS)('presence and queues between friends on %s', (dialect) => {
  const rig = liveAppPerTest(dialect);
  const setup = () => rig.start();
  let n = 0;
  const player = (url: string): Promise<Player> => rig.player(url, `pr${++n}_${dialect.slice(0, 2)}`);
  const post = (token: string, url: string, payload: Record<string, unknown>) =>
    rig.t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  async function befriend(a: Player, b: Player) {
    const { id } = (await post(a.token, '/api/friends/request', { friendId: b.userId })).json();
    expect(
      (await post(b.token, '/api/friends/respond', { requestId: id, status: 'accepted' })).statusCode,
    ).toBe(200);
  }
  const onlineSeenBy = async (p: Player, ids: number[]) => {
    p.socket.send({ type: 'GET_ONLINE_STATUS', userIds: ids, token: p.token });
    return (await p.socket.next('ONLINE_STATUS')).onlineUsers;
  };
  /** Every frame a socket got so far, of one type, about one user. */
  const heard = (p: Player | TestSocket, type: string, userId: number) =>
    (p instanceof TestSocket ? p : p.socket).frames.filter(
      (f) => f.type === type && 'userId' in f && f.userId === userId,
    ).length;

  it('tells online friends when a user’s first socket opens and last one closes, and answers status for friends only', async () => {
    const url = await setup();
    const a = await player(url);
    const b = await player(url);
    const stranger = await player(url);
    // Befriending while both are online shows each to the other at once.
    await befriend(a, b);
    await a.socket.next('USER_ONLINE', (m) => m.userId === b.userId);
    await b.socket.next('USER_ONLINE', (m) => m.userId === a.userId);
    expect(await onlineSeenBy(a, [b.userId, stranger.userId, a.userId])).toEqual([b.userId]);

    // A second socket of b is not news; closing one of two is not either.
    const second = await TestSocket.signedIn(url, b.token);
    rig.track(second);
    await second.close();
    expect(await onlineSeenBy(a, [b.userId])).toEqual([b.userId]);
    expect(heard(a, 'USER_OFFLINE', b.userId)).toBe(0);
    expect(heard(a, 'USER_ONLINE', b.userId)).toBe(1);

    // The last socket closing is.
    await b.socket.close();
    await a.socket.next('USER_OFFLINE', (m) => m.userId === b.userId);
    expect(await onlineSeenBy(a, [b.userId])).toEqual([]);
    // A stranger is told nothing of it.
    expect(heard(stranger, 'USER_OFFLINE', b.userId)).toBe(0);
    expect(await onlineSeenBy(stranger, [a.userId])).toEqual([]);

    // Coming back online.
    const back = await TestSocket.signedIn(url, b.token);
    rig.track(back);
    await a.socket.next('USER_ONLINE', (m) => m.userId === b.userId);
    expect(heard(stranger, 'USER_ONLINE', b.userId)).toBe(0);
  });

  it('tells the asked player of a new friend request at once, and no one else', async () => {
    const url = await setup();
    const a = await player(url);
    const b = await player(url);
    const stranger = await player(url);
    expect((await post(a.token, '/api/friends/request', { friendId: b.userId })).statusCode).toBe(200);
    await b.socket.next('FRIEND_REQUEST', (m) => m.userId === a.userId);
    // The request's answer is the sender's news; a repeat (refused) request tells no one again.
    expect((await post(a.token, '/api/friends/request', { friendId: b.userId })).statusCode).toBe(409);
    await onlineSeenBy(b, [a.userId]);
    expect(heard(b, 'FRIEND_REQUEST', a.userId)).toBe(1);
    expect(heard(a, 'FRIEND_REQUEST', a.userId)).toBe(0);
    expect(heard(stranger, 'FRIEND_REQUEST', a.userId)).toBe(0);
  });

  it('ends presence between friends who part or block, and a blocked pair never sees each other', async () => {
    const url = await setup();
    const a = await player(url);
    const b = await player(url);
    const c = await player(url);
    await befriend(a, b);
    await befriend(a, c);
    await a.socket.next('USER_ONLINE', (m) => m.userId === c.userId);

    // Blocking: both are told the other went away, and status answers leave them out.
    expect((await post(b.token, '/api/friends/block', { userId: a.userId })).statusCode).toBe(200);
    await a.socket.next('USER_OFFLINE', (m) => m.userId === b.userId);
    await b.socket.next('USER_OFFLINE', (m) => m.userId === a.userId);
    expect(await onlineSeenBy(a, [b.userId, c.userId])).toEqual([c.userId]);
    expect(await onlineSeenBy(b, [a.userId])).toEqual([]);

    // Sockets opening and closing are not told across the block.
    const againA = await TestSocket.signedIn(url, a.token);
    rig.track(againA);
    await a.socket.close();
    await againA.close();
    await c.socket.next('USER_OFFLINE', (m) => m.userId === a.userId);
    const a2 = await TestSocket.signedIn(url, a.token);
    rig.track(a2);
    await c.socket.next('USER_ONLINE', (m) => m.userId === a.userId);
    expect(heard(b, 'USER_OFFLINE', a.userId)).toBe(1);
    expect(heard(b, 'USER_ONLINE', a.userId)).toBe(1);

    // Removing a friend ends presence too.
    expect(
      (
        await rig.t.app.inject({
          method: 'DELETE',
          url: '/api/friends/remove',
          headers: bearer(c.token),
          payload: { friendId: a.userId },
        })
      ).statusCode,
    ).toBe(200);
    await a2.next('USER_OFFLINE', (m) => m.userId === c.userId);
    await c.socket.close();
    a2.send({ type: 'GET_ONLINE_STATUS', userIds: [b.userId, c.userId], token: a.token });
    expect((await a2.next('ONLINE_STATUS')).onlineUsers).toEqual([]);
  });

  for (const queue of ['quick', 'ranked'] as const) {
    it(`never pairs a blocked pair in the ${queue} queue`, async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      const c = await player(url);
      expect((await post(a.token, '/api/friends/block', { userId: b.userId })).statusCode).toBe(200);
      const join = queue === 'quick' ? 'JOIN_QUICK_QUEUE' : 'JOIN_RANKED_QUEUE';
      a.socket.send({ type: join, token: a.token });
      await a.socket.next('QUEUE_JOIN_SUCCESS');
      b.socket.send({ type: join, token: b.token });
      await b.socket.next('QUEUE_JOIN_SUCCESS');
      // Both are waiting, unpaired, each pass of the matcher included.
      b.socket.send({ type: 'CHECK_QUEUE_STATUS', token: b.token });
      expect(await b.socket.next('QUEUE_STATUS_RESPONSE')).toMatchObject({ inQueue: true });
      a.socket.send({ type: 'CHECK_QUEUE_STATUS', token: a.token });
      expect(await a.socket.next('QUEUE_STATUS_RESPONSE')).toMatchObject({ inQueue: true });
      await new Promise((resolve) => setTimeout(resolve, 1200));
      expect(a.socket.frames.some((f) => f.type === 'MATCH_FOUND')).toBe(false);
      expect(b.socket.frames.some((f) => f.type === 'MATCH_FOUND')).toBe(false);

      // A third player is paired with the one who waited longest.
      c.socket.send({ type: join, token: c.token });
      expect((await c.socket.next('MATCH_FOUND')).opponent.username).toBe(a.username);
      expect((await a.socket.next('MATCH_FOUND')).opponent.username).toBe(c.username);
      expect(b.socket.frames.some((f) => f.type === 'MATCH_FOUND')).toBe(false);

      // Once unblocked, the two meet: a turns c down and queues again, where b still waits.
      expect((await post(a.token, '/api/friends/unblock', { userId: b.userId })).statusCode).toBe(200);
      const found = a.socket.frames.find((f) => f.type === 'MATCH_FOUND')!;
      a.socket.send({ type: 'REJECT_MATCH', token: (found as { token: string }).token, userId: a.userId });
      await a.socket.next('MATCH_REJECTED');
      a.socket.send({ type: join, token: a.token });
      expect((await b.socket.next('MATCH_FOUND')).opponent.username).toBe(a.username);
    });
  }
});

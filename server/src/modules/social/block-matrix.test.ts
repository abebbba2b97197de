import { describe, expect, it } from 'vitest';
import type { Player } from '../../testing/game-clients';
import { DIALECTS, bearer } from '../../testing/harness';
import { liveAppPerTest } from '../../testing/live-app';
import { TestSocket } from '../../testing/ws-client';

/**
 * The block matrix in one walk: two friends with a conversation, unread messages and a waiting
 * private game; one blocks the other through the API, and then every social action between them
 * is refused, both ways, over HTTP and real sockets, while a third player still reaches both. See
 * docs/design.md, "Social".
 */
describe.each(DIALECTS)('a blocked pair on %s', (dialect) => {
  const rig = liveAppPerTest(dialect);
  let n = 0;
  const player = (url: string, name: string): Promise<Player> =>
    rig.player(url, `bm_${name}${++n}_${dialect.slice(0, 2)}`);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) =>
    rig.t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  async function befriend(a: Player, b: Player): Promise<number> {
    const { id } = (await call('POST', '/api/friends/request', a.token, { friendId: b.userId })).json();
    const res = await call('POST', '/api/friends/respond', b.token, { requestId: id, status: 'accepted' });
    expect(res.statusCode).toBe(200);
    return res.json().friendship.id as number;
  }
  let clientIds = 0;
  function sendChat(from: Player, to: Player, text: string): string {
    const clientId = `bm-${++clientIds}`;
    from.socket.send({ type: 'CHAT_SEND', clientId, toUserId: to.userId, text });
    return clientId;
  }
  /** A chat message that is stored: resolves with it as its sender hears it back. */
  async function chatSent(from: Player, to: Player, text: string) {
    const clientId = sendChat(from, to, text);
    return (await from.socket.next('CHAT_MESSAGE', (m) => m.message.clientId === clientId)).message;
  }
  /** A chat message that is refused: resolves with the socket's ERROR. */
  function chatRefused(from: Player, to: Player, text: string) {
    sendChat(from, to, text);
    return from.socket.next('ERROR', (m) => m.ref === 'CHAT_SEND');
  }
  const onlineSeenBy = async (p: Player, ids: number[]) => {
    p.socket.send({ type: 'GET_ONLINE_STATUS', userIds: ids, token: p.token });
    return (await p.socket.next('ONLINE_STATUS')).onlineUsers;
  };
  const found = async (p: Player, name: string) =>
    (await call('GET', `/api/friends/search?username=${name}`, p.token))
      .json()
      .map((u: { username: string }) => u.username);

  it('refuses requests, search, profiles, presence, chat, challenges and queue pairing, both ways', async () => {
    const url = await rig.start();
    const ama = await player(url, 'ama');
    const kofi = await player(url, 'kofi');
    const yaw = await player(url, 'yaw');
    const friendship = await befriend(ama, kofi);
    await befriend(yaw, ama);
    await befriend(yaw, kofi);

    // Before: they chat, see each other, and Kofi has challenged Ama.
    expect((await chatSent(kofi, ama, 'hello')).text).toBe('hello');
    expect(await onlineSeenBy(ama, [kofi.userId])).toEqual([kofi.userId]);
    const challenge = await call('POST', '/api/game-rooms/private', kofi.token, { friendshipId: friendship });
    expect(challenge.statusCode).toBe(201);
    const gameId = challenge.json().id as string;
    await ama.socket.next('GAME_INVITATION', (m) => m.gameId === gameId);
    expect((await call('GET', '/api/chat/conversations', ama.token)).json()).toMatchObject([
      { friend: { id: kofi.userId }, unreadCount: 1 },
    ]);

    // Ama blocks Kofi: each hears the other go offline, and the waiting game is called off.
    expect((await call('POST', '/api/friends/block', ama.token, { userId: kofi.userId })).statusCode).toBe(
      200,
    );
    await kofi.socket.next('USER_OFFLINE', (m) => m.userId === ama.userId);
    await ama.socket.next('USER_OFFLINE', (m) => m.userId === kofi.userId);
    expect(await kofi.socket.next('GAME_INVITATION_CANCELLED', (m) => m.gameId === gameId)).toMatchObject({
      reason: 'declined',
      by: ama.userId,
    });

    for (const [me, other] of [
      [ama, kofi],
      [kofi, ama],
    ] as const) {
      const who = `${me.username} → ${other.username}`;
      // Requests.
      const request = await call('POST', '/api/friends/request', me.token, { friendId: other.userId });
      expect(request.statusCode, who).toBe(me === ama ? 409 : 404);
      // Search and profile: the other does not exist.
      expect(await found(me, other.username), who).toEqual([]);
      expect((await call('GET', `/api/users/${other.userId}/profile`, me.token)).statusCode, who).toBe(404);
      // Presence: never reported, even when asked.
      expect(await onlineSeenBy(me, [other.userId]), who).toEqual([]);
      // Chat: sending, history, the read marker and the conversations list.
      expect(await chatRefused(me, other, 'still there?'), who).toMatchObject({
        code: 'FORBIDDEN',
        message: 'You cannot message this player',
      });
      expect((await call('GET', `/api/chat/${other.userId}/messages`, me.token)).statusCode, who).toBe(403);
      expect((await call('POST', `/api/chat/${other.userId}/read`, me.token)).statusCode, who).toBe(403);
      expect((await call('GET', '/api/chat/conversations', me.token)).json(), who).toEqual([]);
      // Challenges.
      const again = await call('POST', '/api/game-rooms/private', me.token, { friendshipId: friendship });
      expect(again.statusCode, who).toBe(403);
      expect(again.json(), who).toEqual({ message: 'You cannot challenge this player', code: 'blocked' });
    }
    // Only the blocker can lift it.
    expect((await call('POST', '/api/friends/unblock', kofi.token, { userId: ama.userId })).statusCode).toBe(
      404,
    );

    // Sockets opening and closing are not told across the block.
    const amaTab = await TestSocket.signedIn(url, ama.token);
    rig.track(amaTab);
    await ama.socket.close();
    await amaTab.close();
    await yaw.socket.next('USER_OFFLINE', (m) => m.userId === ama.userId);
    const amaBack = await TestSocket.signedIn(url, ama.token);
    rig.track(amaBack);
    await yaw.socket.next('USER_ONLINE', (m) => m.userId === ama.userId);
    expect(
      kofi.socket.frames.filter((f) => f.type === 'USER_ONLINE' && f.userId === ama.userId),
    ).toHaveLength(1);
    expect(
      kofi.socket.frames.filter((f) => f.type === 'USER_OFFLINE' && f.userId === ama.userId),
    ).toHaveLength(1);

    // The quick queue does not pair them; the third player, who reaches both, is paired.
    const amaNow: Player = { ...ama, socket: amaBack };
    for (const p of [amaNow, kofi]) {
      p.socket.send({ type: 'JOIN_QUICK_QUEUE', token: p.token });
      await p.socket.next('QUEUE_JOIN_SUCCESS');
    }
    await new Promise((resolve) => setTimeout(resolve, 1200));
    for (const p of [amaNow, kofi]) expect(p.socket.frames.some((f) => f.type === 'MATCH_FOUND')).toBe(false);
    expect(await found(yaw, ama.username)).toEqual([ama.username]);
    expect(await found(yaw, kofi.username)).toEqual([kofi.username]);
    expect((await chatSent(yaw, kofi, 'hi both')).text).toBe('hi both');
    yaw.socket.send({ type: 'JOIN_QUICK_QUEUE', token: yaw.token });
    expect((await yaw.socket.next('MATCH_FOUND')).opponent.username).toBe(ama.username);
  });
});

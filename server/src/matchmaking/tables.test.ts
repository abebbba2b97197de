import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { botPersonaOf } from '@shared/game';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { DIALECTS, bearer } from '../testing/harness';
import { joinGame, playOn, type Player } from '../testing/game-clients';
import { liveAppPerTest } from '../testing/live-app';
import { unreservedName } from '../testing/usernames';
import { TestSocket } from '../testing/ws-client';

/** Tables of 3 and 4: practice with several bots and the quick queue's table sizes. */
describe.each(DIALECTS)('tables of 3 and 4 on %s', (dialect) => {
  const rig = liveAppPerTest(dialect);
  const setup = rig.start;
  let n = 0;
  const player = (url: string): Promise<Player> =>
    rig.player(
      url,
      unreservedName(() => `tb${++n}_${dialect.slice(0, 2)}_${randomInt(10000)}`),
    );
  async function queue(p: Player, size?: number) {
    p.socket.send({ type: 'JOIN_QUICK_QUEUE', token: p.token, ...(size ? { size } : {}) });
    return p.socket.next('QUEUE_JOIN_SUCCESS');
  }
  async function inQueue(p: Player) {
    p.socket.send({ type: 'CHECK_QUEUE_STATUS', token: p.token });
    return p.socket.next('QUEUE_STATUS_RESPONSE');
  }
  const sawMatch = (p: Player) => p.socket.frames.some((f) => f.type === 'MATCH_FOUND');
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Everyone at the table sees the same token and every other one of them as an opponent. */
  async function expectTable(table: Player[]): Promise<string> {
    const found: ServerMessageOf<'MATCH_FOUND'>[] = [];
    for (const p of table) found.push(await p.socket.next('MATCH_FOUND'));
    for (const [i, p] of table.entries()) {
      expect(found[i]!.token).toBe(found[0]!.token);
      const others = table.filter((o) => o !== p).map((o) => o.username);
      expect(found[i]!.opponents!.map((o) => o.username).sort()).toEqual(others.sort());
      expect(others).toContain(found[i]!.opponent.username);
    }
    return found[0]!.token;
  }

  /** Plays a practice table with the one human's first legal card each turn; bots play the rest. */
  async function playAlone(p: Player, gameId: string): Promise<GameView> {
    let view = await joinGame(p, gameId);
    while (view.status === 'active') {
      if (view.turn === view.you!.seat) {
        p.socket.send({ type: 'GAME_PLAY', gameId, card: view.legalCards[0]!, seq: view.seq });
      }
      const seq = view.seq;
      view = (await p.socket.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq > seq)).game;
    }
    return view;
  }

  it('practice with 3 bots of a chosen level plays to the end; bad opponent counts are refused', async () => {
    const url = await setup();
    const me = await player(url);
    const post = (payload: Record<string, unknown>) =>
      rig.t.app.inject({ method: 'POST', url: '/api/games/practice', headers: bearer(me.token), payload });
    for (const opponents of [0, 4, 1.5, '3']) {
      const refused = await post({ difficulty: 'easy', opponents });
      expect(refused.statusCode, String(opponents)).toBe(400);
      expect(refused.json().message).toMatch(/opponents must be (1, 2 or 3|a whole number|a number)$/);
    }
    const started = await post({ difficulty: 'medium', opponents: 3 });
    expect(started.statusCode).toBe(201);
    const gameId = started.json().id as string;
    const first = await joinGame(me, gameId);
    expect(first.players).toHaveLength(4);
    // Three bots, three different names, each still saying its level (docs/design.md, "Bots at the table").
    const botNames = first.players.filter((p) => p.isBot).map((p) => p.username);
    expect(new Set(botNames).size).toBe(3);
    for (const name of botNames) {
      expect(name).toMatch(/^\S+ \(medium\)$/);
      expect(botPersonaOf(name)).toBeDefined();
    }
    expect(first.players.filter((p) => p.userId === me.userId)).toHaveLength(1);
    const last = await playAlone(me, gameId);
    expect(last.status).toBe('finished');
    const over = await me.socket.next('GAME_OVER', (m) => m.gameId === gameId);
    expect(over.scores).toHaveLength(4);
    expect(Math.max(...over.scores)).toBeGreaterThanOrEqual(last.targetScore);
    const summary = (
      await rig.t.app.inject({ method: 'GET', url: `/api/games/${gameId}`, headers: bearer(me.token) })
    ).json();
    expect(summary).toMatchObject({ mode: 'practice', status: 'finished' });
    expect(summary.replay.players).toBe(4);

    // Two bots make a table of three.
    const three = await post({ difficulty: 'hard', opponents: 2 });
    expect(three.statusCode).toBe(201);
    expect((await joinGame(me, three.json().id)).players).toHaveLength(3);
  });

  it('bad table sizes are refused with a clear INVALID_MESSAGE, and ranked stays 1 v 1', async () => {
    const url = await setup();
    const p = await player(url);
    for (const size of [1, 5, 2.5, '3', null]) {
      p.socket.send(JSON.stringify({ type: 'JOIN_QUICK_QUEUE', size }));
      const error = await p.socket.next('ERROR');
      expect(error, String(size)).toMatchObject({ code: 'INVALID_MESSAGE', ref: 'JOIN_QUICK_QUEUE' });
      expect(error.message).toContain('size must be 2, 3 or 4');
    }
    expect((await inQueue(p)).inQueue).toBe(false);
    p.socket.send({ type: 'JOIN_RANKED_QUEUE' });
    expect(await p.socket.next('QUEUE_JOIN_SUCCESS')).toEqual({
      type: 'QUEUE_JOIN_SUCCESS',
      queue: 'ranked',
      size: 2,
    });
  });

  it('a table of 3 forms only when three of that size queue, sizes never mix, and plays to the end', async () => {
    const url = await setup();
    const [a, b, c, d] = [await player(url), await player(url), await player(url), await player(url)];
    expect(await queue(a, 3)).toMatchObject({ queue: 'quick', size: 3 });
    await queue(b, 3);
    await queue(c); // a 1 v 1 seeker
    await pause(300);
    expect([a, b, c].some(sawMatch)).toBe(false);
    expect(await inQueue(a)).toMatchObject({ inQueue: true, queue: 'quick', size: 3 });
    expect(await inQueue(c)).toMatchObject({ inQueue: true, queue: 'quick', size: 2 });

    d.socket.send({ type: 'JOIN_QUICK_QUEUE', size: 3 });
    const token = await expectTable([a, b, d]);
    expect(sawMatch(c)).toBe(false);

    // The accept flow waits for all three.
    a.socket.send({ type: 'ACCEPT_MATCH', token, userId: a.userId });
    await b.socket.next('MATCH_ACCEPTANCE_UPDATE');
    await d.socket.next('MATCH_ACCEPTANCE_UPDATE');
    b.socket.send({ type: 'ACCEPT_MATCH', token, userId: b.userId });
    await d.socket.next('MATCH_ACCEPTANCE_UPDATE');
    await pause(100);
    expect(a.socket.frames.some((f) => f.type === 'GAME_CREATED')).toBe(false);
    d.socket.send({ type: 'ACCEPT_MATCH', token, userId: d.userId });
    const ids = await Promise.all([a, b, d].map(async (p) => (await p.socket.next('GAME_CREATED')).gameId));
    expect(new Set(ids).size).toBe(1);
    const gameId = ids[0]!;

    const last = await playOn([a, b, d], gameId);
    expect(last.status).toBe('finished');
    expect(last.players.map((p) => p.userId).sort()).toEqual([a.userId, b.userId, d.userId].sort());
    const overs = await Promise.all([a, b, d].map((p) => p.socket.next('GAME_OVER')));
    // Quick is unrated; everyone earns coins, the winner more.
    for (const [i, p] of [a, b, d].entries()) {
      expect(overs[i]!.ratingChange).toBeUndefined();
      expect(overs[i]!.rewards).toEqual({
        currency: overs[i]!.winnerUserId === p.userId ? 50 : 15,
        premiumCurrency: 0,
      });
    }
    expect([a, b, d].map((p) => p.userId)).toContain(overs[0]!.winnerUserId);
    const mine = (
      await rig.t.app.inject({ method: 'GET', url: '/api/games?scope=mine', headers: bearer(b.token) })
    ).json();
    expect(mine[0]).toMatchObject({ id: gameId, mode: 'quick', status: 'finished' });
    expect(mine[0].players).toHaveLength(3);
    expect(await inQueue(c)).toMatchObject({ inQueue: true, size: 2 });
  });

  it('a table of 4 waits for the fourth player of that size', async () => {
    const url = await setup();
    const ps = [await player(url), await player(url), await player(url), await player(url)];
    const threeSeeker = await player(url);
    for (const p of ps.slice(0, 3)) await queue(p, 4);
    await queue(threeSeeker, 3);
    await pause(300);
    expect([...ps, threeSeeker].some(sawMatch)).toBe(false);
    ps[3]!.socket.send({ type: 'JOIN_QUICK_QUEUE', size: 4 });
    const token = await expectTable(ps);
    for (const p of ps) p.socket.send({ type: 'ACCEPT_MATCH', token, userId: p.userId });
    const gameId = (await ps[0]!.socket.next('GAME_CREATED')).gameId;
    expect((await joinGame(ps[2]!, gameId)).players).toHaveLength(4);
    expect(sawMatch(threeSeeker)).toBe(false);
  });

  it('a decline returns the others to the queue, not the decliner, and they fill up again', async () => {
    const url = await setup();
    const [a, b, c, d] = [await player(url), await player(url), await player(url), await player(url)];
    for (const p of [a, b]) await queue(p, 3);
    c.socket.send({ type: 'JOIN_QUICK_QUEUE', size: 3 });
    const token = await expectTable([a, b, c]);
    a.socket.send({ type: 'ACCEPT_MATCH', token, userId: a.userId });
    b.socket.send({ type: 'REJECT_MATCH', token, userId: b.userId });
    for (const p of [a, b, c]) {
      expect(await p.socket.next('MATCH_REJECTED')).toEqual({
        type: 'MATCH_REJECTED',
        token,
        rejectedBy: b.userId,
      });
    }
    for (const p of [a, c]) expect(await p.socket.next('QUEUE_JOIN_SUCCESS')).toMatchObject({ size: 3 });
    expect(await inQueue(a)).toMatchObject({ inQueue: true, size: 3 });
    expect(await inQueue(c)).toMatchObject({ inQueue: true, size: 3 });
    expect((await inQueue(b)).inQueue).toBe(false);
    a.socket.send({ type: 'ACCEPT_MATCH', token, userId: a.userId });
    expect((await a.socket.next('ERROR')).code).toBe('MATCH_NOT_FOUND');

    d.socket.send({ type: 'JOIN_QUICK_QUEUE', size: 3 });
    await expectTable([a, c, d]);
    expect(b.socket.frames.filter((f) => f.type === 'MATCH_FOUND')).toHaveLength(1);
  });

  it('a player who went offline during the match is not put back in the queue', async () => {
    const url = await setup();
    const [a, b, c] = [await player(url), await player(url), await player(url)];
    for (const p of [a, b]) await queue(p, 3);
    c.socket.send({ type: 'JOIN_QUICK_QUEUE', size: 3 });
    const token = await expectTable([a, b, c]);
    await c.socket.close();
    await pause(200);
    b.socket.send({ type: 'REJECT_MATCH', token, userId: b.userId });
    await a.socket.next('MATCH_REJECTED');
    expect(await a.socket.next('QUEUE_JOIN_SUCCESS')).toMatchObject({ size: 3 });
    const back = await TestSocket.signedIn(url, c.token);
    rig.track(back);
    back.send({ type: 'CHECK_QUEUE_STATUS' });
    expect((await back.next('QUEUE_STATUS_RESPONSE')).inQueue).toBe(false);
  });

  it('an expiry requeues those who accepted; whoever let it lapse leaves and it counts for them', async () => {
    const url = await setup({ MATCH_ACCEPT_SECONDS: '0.5' });
    const [a, b, idle] = [await player(url), await player(url), await player(url)];
    for (const p of [a, b]) await queue(p, 3);
    idle.socket.send({ type: 'JOIN_QUICK_QUEUE', size: 3 });
    const token = await expectTable([a, b, idle]);
    a.socket.send({ type: 'ACCEPT_MATCH', token, userId: a.userId });
    b.socket.send({ type: 'ACCEPT_MATCH', token, userId: b.userId });
    for (const p of [a, b, idle])
      expect(await p.socket.next('MATCH_REJECTED')).toMatchObject({ token, rejectedBy: idle.userId });
    for (const p of [a, b]) await p.socket.next('QUEUE_JOIN_SUCCESS');
    expect(await inQueue(b)).toMatchObject({ inQueue: true, size: 3 });
    expect((await inQueue(idle)).inQueue).toBe(false);
  });

  it('a blocked pair never lands at the same table', async () => {
    const url = await setup();
    const [a, b, c, d, e] = [
      await player(url),
      await player(url),
      await player(url),
      await player(url),
      await player(url),
    ];
    const block = await rig.t.app.inject({
      method: 'POST',
      url: '/api/friends/block',
      headers: bearer(b.token),
      payload: { userId: a.userId },
    });
    expect(block.statusCode).toBe(200);
    for (const p of [a, b]) await queue(p, 3);
    await queue(c, 3);
    await pause(300);
    // a and b would need a third who may meet both: c may, but a and b may not sit together.
    expect([a, b, c].some(sawMatch)).toBe(false);
    d.socket.send({ type: 'JOIN_QUICK_QUEUE', size: 3 });
    await expectTable([a, c, d]);
    expect(sawMatch(b)).toBe(false);
    expect(await inQueue(b)).toMatchObject({ inQueue: true, size: 3 });
    e.socket.send({ type: 'JOIN_QUICK_QUEUE', size: 3 });
    await pause(300);
    expect(sawMatch(b) || sawMatch(e)).toBe(false);
  });

  it('50 concurrent joins of tables of 3 and 4 seat everyone exactly once', async () => {
    const url = await setup();
    const players: Player[] = [];
    for (let i = 0; i < 50; i++) players.push(await player(url));
    // 30 for tables of 3 (10 tables) and 20 for tables of 4 (5 tables), all at once.
    const sizeOf = (i: number) => (i < 30 ? 3 : 4);
    players.forEach((p, i) => p.socket.send({ type: 'JOIN_QUICK_QUEUE', size: sizeOf(i) }));
    const found = await Promise.all(players.map((p) => p.socket.next('MATCH_FOUND', undefined, 10_000)));
    await pause(300);
    const byToken = new Map<string, number[]>();
    for (const [i, p] of players.entries()) {
      expect(p.socket.frames.filter((f) => f.type === 'MATCH_FOUND')).toHaveLength(1);
      byToken.set(found[i]!.token, [...(byToken.get(found[i]!.token) ?? []), i]);
      expect(found[i]!.opponents).toHaveLength(sizeOf(i) - 1);
    }
    expect(byToken.size).toBe(15);
    for (const seats of byToken.values()) {
      expect(seats).toHaveLength(sizeOf(seats[0]!));
      expect(new Set(seats.map(sizeOf)).size).toBe(1);
    }
  });
});

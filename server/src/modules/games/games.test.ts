import { afterEach, describe, expect, it } from 'vitest';
import { connectPlayer, joinGame, matchUp, type Player } from '../../testing/game-clients';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import type { TestSocket } from '../../testing/ws-client';

const FAST = { BOT_DELAY_MS: '0', WS_MESSAGES_PER_SECOND: '5000' };

describe.each(DIALECTS)('games on %s', (dialect) => {
  let t: TestApp;
  let sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await t.close();
  });

  async function player(url: string): Promise<Player> {
    const p = await connectPlayer(t.app, url);
    sockets.push(p.socket);
    return p;
  }

  function practice(token: string, difficulty = 'easy') {
    return t.app.inject({
      method: 'POST',
      url: '/api/games/practice',
      payload: { difficulty },
      headers: bearer(token),
    });
  }

  /** The user's active games as the database has them. */
  async function activeGames(userId: number) {
    return t.app.db.kysely
      .selectFrom('games')
      .innerJoin('game_players', 'game_players.game_id', 'games.id')
      .select(['games.id', 'games.mode'])
      .where('game_players.user_id', '=', userId)
      .where('games.status', '=', 'active')
      .execute();
  }

  describe('at most one active game per user', () => {
    for (const parallel of [20, 50]) {
      it(`${parallel} parallel practice starts leave exactly one active game, never a 500`, async () => {
        t = await createTestApp(dialect, FAST);
        const { token, user } = await register(t.app, { username: `racer${parallel}` });
        // One game running already, so the requests also race to resign it.
        expect((await practice(token)).statusCode).toBe(201);
        const answers = await Promise.all(Array.from({ length: parallel }, () => practice(token)));
        const statuses = answers.map((a) => a.statusCode);
        expect(
          statuses.filter((s) => s !== 201 && s !== 409),
          statuses.join(','),
        ).toEqual([]);
        expect(statuses).toContain(201);
        for (const refused of answers.filter((a) => a.statusCode === 409))
          expect(refused.json()).toMatchObject({ code: 'already_in_game' });
        const active = await activeGames(user.id);
        expect(active).toHaveLength(1);
        expect(answers.map((a) => a.statusCode === 201 && a.json().id)).toContain(active[0]!.id);
      });
    }

    it('a player in a ranked game cannot start practice', async () => {
      t = await createTestApp(dialect, FAST);
      const url = await t.listen();
      const a = await player(url);
      const b = await player(url);
      const gameId = await matchUp(a, b, 'ranked');
      const refused = await practice(a.token, 'hard');
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'already_in_game' });
      expect(await activeGames(a.userId)).toEqual([{ id: gameId, mode: 'ranked' }]);
    });

    it('matchmaking does not pair a player who started a game while queued', async () => {
      t = await createTestApp(dialect, FAST);
      const url = await t.listen();
      const a = await player(url);
      const b = await player(url);
      a.socket.send({ type: 'JOIN_QUICK_QUEUE', token: a.token });
      await a.socket.next('QUEUE_JOIN_SUCCESS');
      const started = await practice(a.token);
      expect(started.statusCode).toBe(201);
      b.socket.send({ type: 'JOIN_QUICK_QUEUE', token: b.token });
      await b.socket.next('QUEUE_JOIN_SUCCESS');
      expect(await a.socket.next('ERROR')).toMatchObject({ code: 'ALREADY_IN_GAME' });
      b.socket.send({ type: 'CHECK_QUEUE_STATUS' });
      expect(await b.socket.next('QUEUE_STATUS_RESPONSE')).toMatchObject({ inQueue: true });
      expect(b.socket.frames.some((f) => f.type === 'MATCH_FOUND')).toBe(false);
      expect(await activeGames(a.userId)).toEqual([{ id: started.json().id, mode: 'practice' }]);
      expect(await activeGames(b.userId)).toEqual([]);
    });

    it('a match whose player started a game before both accepted does not start', async () => {
      t = await createTestApp(dialect, FAST);
      const url = await t.listen();
      const a = await player(url);
      const b = await player(url);
      a.socket.send({ type: 'JOIN_QUICK_QUEUE', token: a.token });
      await a.socket.next('QUEUE_JOIN_SUCCESS');
      b.socket.send({ type: 'JOIN_QUICK_QUEUE', token: b.token });
      const { token } = await a.socket.next('MATCH_FOUND');
      await b.socket.next('MATCH_FOUND');
      const started = await practice(a.token);
      expect(started.statusCode).toBe(201);
      a.socket.send({ type: 'ACCEPT_MATCH', token, userId: a.userId });
      b.socket.send({ type: 'ACCEPT_MATCH', token, userId: b.userId });
      for (const p of [a, b])
        expect(await p.socket.next('MATCH_REJECTED')).toMatchObject({ token, rejectedBy: a.userId });
      expect(a.socket.frames.some((f) => f.type === 'GAME_CREATED')).toBe(false);
      expect(await activeGames(a.userId)).toEqual([{ id: started.json().id, mode: 'practice' }]);
      expect(await activeGames(b.userId)).toEqual([]);
    });

    it('finishing a game frees its players for the next one', async () => {
      t = await createTestApp(dialect, FAST);
      const url = await t.listen();
      const a = await player(url);
      const b = await player(url);
      const first = await matchUp(a, b, 'quick');
      await joinGame(b, first);
      a.socket.send({ type: 'GAME_RESIGN', gameId: first });
      await b.socket.next('GAME_OVER');
      expect((await practice(a.token)).statusCode).toBe(201);
      const second = await matchUp(b, await player(url), 'quick');
      expect(await activeGames(b.userId)).toEqual([{ id: second, mode: 'quick' }]);
    });
  });

  describe('contracts', () => {
    it('answers 404 for ids that are not game ids and 400 for a bad limit', async () => {
      t = await createTestApp(dialect, FAST);
      const { token } = await register(t.app, { username: 'contracts' });
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
      for (const id of ['x'.repeat(65), 'not%20an%20id', 'a.b', 'unknown'])
        expect((await get(`/api/games/${id}`)).statusCode, id).toBe(404);
      for (const limit of ['0', '101', 'abc', '2.5']) {
        const games = await get(`/api/games?limit=${limit}`);
        expect(games.statusCode, limit).toBe(400);
        expect(games.json().message).toMatch(/limit/);
        expect((await get(`/api/leaderboard?limit=${limit}`)).statusCode, limit).toBe(400);
      }
      expect((await get('/api/leaderboard?limit=3')).json()).toEqual([]);
      expect((await get('/api/games?scope=live&limit=100')).statusCode).toBe(200);
    });

    it('a finished practice game shows its replay; a stranger cannot see it', async () => {
      t = await createTestApp(dialect, FAST);
      const url = await t.listen();
      const a = await player(url);
      const stranger = await register(t.app, { username: 'stranger' });
      const { id } = (await practice(a.token)).json();
      await joinGame(a, id);
      a.socket.send({ type: 'GAME_RESIGN', gameId: id });
      await a.socket.next('GAME_OVER');
      const summary = await t.app.inject({
        method: 'GET',
        url: `/api/games/${id}`,
        headers: bearer(a.token),
      });
      expect(summary.statusCode).toBe(200);
      expect(summary.json()).toMatchObject({
        id,
        mode: 'practice',
        status: 'finished',
        reason: 'resign',
        replay: { players: 2 },
      });
      const mine = (
        await t.app.inject({ method: 'GET', url: '/api/games', headers: bearer(a.token) })
      ).json();
      expect(mine[0]).toMatchObject({ id, result: 'loss', opponent: { isBot: true } });
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/games/${id}`, headers: bearer(stranger.token) }))
          .statusCode,
      ).toBe(404);
    });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameMode, GameStatus } from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { insertStoredGame, type StoredSeat } from '../../testing/stored-games';

describe.each(DIALECTS)('a player’s recent games on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  /** A two-player game between `a` and `b` (null: a bot), written straight into the tables. */
  async function game(
    id: string,
    mode: GameMode,
    status: GameStatus,
    seats: [StoredSeat, StoredSeat],
    at: number,
    winner: number | null = null,
  ) {
    const scores = [status === 'finished' ? 10 : 3, 4];
    await insertStoredGame(t.app.db.kysely, { id, mode, status, seats, scores, winnerUserId: winner, at });
  }

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('lists finished ranked and quick games only, newest first, for anyone signed in', async () => {
    const ama = await register(t.app, { username: 'ug_ama' });
    const kofi = await register(t.app, { username: 'ug_kofi' });
    const viewer = await register(t.app, { username: 'ug_viewer' });
    const a = ama.user;
    const k = kofi.user;
    await game('ranked1', 'ranked', 'finished', [a, k], 1000, a.id);
    await game('quick1', 'quick', 'finished', [k, a], 3000, k.id);
    await game('practice1', 'practice', 'finished', [a, null], 4000, a.id);
    await game('private1', 'private', 'finished', [a, k], 5000, a.id);
    await game('ranked_live', 'ranked', 'active', [a, k], 6000);
    await game('private_wait', 'private', 'waiting', [a, k], 7000);
    await game('private_off', 'private', 'cancelled', [a, k], 8000);
    await game('others', 'ranked', 'finished', [k, viewer.user], 9000, k.id);

    for (const token of [viewer.token, ama.token]) {
      const res = await get(`/api/users/${a.id}/games`, token);
      expect(res.statusCode).toBe(200);
      const list = res.json() as { id: string }[];
      expect(list.map((g) => g.id)).toEqual(['quick1', 'ranked1']);
      expect(res.body).not.toContain('secret-');
    }
    const [quick] = (await get(`/api/users/${a.id}/games`, viewer.token)).json();
    expect(quick).toEqual({
      id: 'quick1',
      mode: 'quick',
      players: [
        { seat: 0, userId: k.id, username: 'ug_kofi', avatarUrl: null, isBot: false, score: 10 },
        { seat: 1, userId: a.id, username: 'ug_ama', avatarUrl: null, isBot: false, score: 4 },
      ],
      winnerUserId: k.id,
      reason: 'score',
      finishedAt: 3000,
    });
  });

  it('keeps limit between 1 and 20, 10 by default', async () => {
    const ama = await register(t.app, { username: 'ug_many' });
    for (let i = 0; i < 12; i++)
      await game(
        `g${String(i).padStart(2, '0')}`,
        'quick',
        'finished',
        [ama.user, null],
        1000 + i,
        ama.user.id,
      );
    const url = `/api/users/${ama.user.id}/games`;
    const all = (await get(url, ama.token)).json() as { id: string }[];
    expect(all).toHaveLength(10);
    expect(all[0]!.id).toBe('g11');
    expect((await get(`${url}?limit=20`, ama.token)).json()).toHaveLength(12);
    expect((await get(`${url}?limit=1`, ama.token)).json()).toHaveLength(1);
    for (const limit of ['0', '21', 'x', '2.5']) {
      const res = await get(`${url}?limit=${limit}`, ama.token);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message, limit).toMatch(/limit/);
    }
  });

  it('is 404 for unknown, deleted and blocked players, and 401 without a session', async () => {
    const ama = await register(t.app, { username: 'ug_blocker' });
    const kofi = await register(t.app, { username: 'ug_blocked' });
    const gone = await register(t.app, { username: 'ug_gone' });
    await game('pair', 'ranked', 'finished', [ama.user, kofi.user], 1000, ama.user.id);
    const notFound = { message: 'User not found', code: 'user_not_found' };

    const unknown = await get('/api/users/999999/games', ama.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFound);
    expect((await get('/api/users/abc/games', ama.token)).statusCode).toBe(404);

    await t.app.db.kysely
      .updateTable('users')
      .set({ deleted_at: 1 })
      .where('id', '=', gone.user.id)
      .execute();
    expect((await get(`/api/users/${gone.user.id}/games`, ama.token)).json()).toEqual(notFound);

    expect((await get(`/api/users/${kofi.user.id}/games`, ama.token)).statusCode).toBe(200);
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/friends/block',
      headers: bearer(ama.token),
      payload: { userId: kofi.user.id },
    });
    expect(block.statusCode).toBeLessThan(300);
    // Both ways, the same answer as the profile gives.
    for (const [who, whom] of [
      [ama, kofi],
      [kofi, ama],
    ] as const) {
      const games = await get(`/api/users/${whom.user.id}/games`, who.token);
      const profile = await get(`/api/users/${whom.user.id}/profile`, who.token);
      expect(games.statusCode).toBe(404);
      expect(games.json()).toEqual(profile.json());
    }
    // Their own list still shows the game.
    expect((await get(`/api/users/${ama.user.id}/games`, ama.token)).json()).toHaveLength(1);

    expect((await get(`/api/users/${ama.user.id}/games`)).statusCode).toBe(401);
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameMode, GameStatus, RatingHistory } from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { insertStoredGame, type StoredSeat } from '../../testing/stored-games';

describe.each(DIALECTS)('a player’s rating history on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  /**
   * A two-player game written straight into the tables; `ratings` are each seat's rating before and
   * after it, as the transaction that rates a ranked game leaves them (with their fractions).
   */
  async function game(
    id: string,
    mode: GameMode,
    status: GameStatus,
    seats: [StoredSeat, StoredSeat],
    at: number,
    winner: number | null,
    ratings?: [[number, number], [number, number]],
  ) {
    const db = t.app.db.kysely;
    await insertStoredGame(db, { id, mode, status, seats, winnerUserId: winner, at });
    for (const [seat, [before, after]] of (ratings ?? []).entries())
      await db
        .updateTable('game_players')
        .set({ rating_before: before, rating_after: after })
        .where('game_id', '=', id)
        .where('seat', '=', seat)
        .execute();
  }

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  it('gives the rating after each finished ranked game, oldest first, with the game behind it', async () => {
    const ama = await register(t.app, { username: 'rh_ama' });
    const kofi = await register(t.app, { username: 'rh_kofi' });
    const viewer = await register(t.app, { username: 'rh_viewer' });
    const [a, k] = [ama.user, kofi.user];
    await game('r1', 'ranked', 'finished', [a, k], 1000, a.id, [
      [1500, 1662.3],
      [1500, 1337.7],
    ]);
    await game('r2', 'ranked', 'finished', [k, a], 3000, k.id, [
      [1337.7, 1420.4],
      [1662.3, 1590.6],
    ]);
    // Neither a quick, practice, running nor unrated game is a point of the chart.
    await game('q1', 'quick', 'finished', [a, k], 2000, a.id);
    await game('p1', 'practice', 'finished', [a, null], 2500, a.id);
    await game('live', 'ranked', 'active', [a, k], 4000, null);
    await game('old', 'ranked', 'finished', [a, k], 500, a.id);

    for (const token of [viewer.token, ama.token]) {
      const res = await get(`/api/users/${a.id}/rating-history`, token);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('secret-');
      expect(res.json()).toEqual({
        totalGames: 2,
        points: [
          {
            gameId: 'r1',
            finishedAt: 1000,
            ratingBefore: 1500,
            rating: 1662,
            change: 162,
            result: 'win',
            reason: 'score',
            opponents: [{ userId: k.id, username: 'rh_kofi' }],
          },
          {
            gameId: 'r2',
            finishedAt: 3000,
            // Whole ratings, the change their difference: 1662 − 72 = 1590 (not 1662.3 − 71.7).
            ratingBefore: 1662,
            rating: 1591,
            change: -71,
            result: 'loss',
            reason: 'score',
            opponents: [{ userId: k.id, username: 'rh_kofi' }],
          },
        ],
      } satisfies RatingHistory);
    }
    // A player with no rated game: an empty chart, not an error.
    expect((await get(`/api/users/${viewer.user.id}/rating-history`, ama.token)).json()).toEqual({
      points: [],
      totalGames: 0,
    });
  });

  it('keeps the most recent `limit` games (1–100, 50 by default) and counts them all', async () => {
    const ama = await register(t.app, { username: 'rh_many' });
    for (let i = 0; i < 53; i++)
      await game(
        `g${String(i).padStart(2, '0')}`,
        'ranked',
        'finished',
        [ama.user, null],
        1000 + i,
        ama.user.id,
        [
          [1500 + i, 1501 + i],
          [1500, 1500],
        ],
      );
    const url = `/api/users/${ama.user.id}/rating-history`;
    const all = (await get(url, ama.token)).json() as RatingHistory;
    expect(all.totalGames).toBe(53);
    expect(all.points.map((p) => p.gameId)).toEqual(
      Array.from({ length: 50 }, (_, i) => `g${String(i + 3).padStart(2, '0')}`),
    );
    expect(all.points[0]!.opponents).toEqual([{ userId: null, username: 'Bot' }]);
    const last = (await get(`${url}?limit=1`, ama.token)).json() as RatingHistory;
    expect(last.points.map((p) => p.gameId)).toEqual(['g52']);
    expect(((await get(`${url}?limit=100`, ama.token)).json() as RatingHistory).points).toHaveLength(53);
    for (const limit of ['0', '101', 'x', '2.5']) {
      const res = await get(`${url}?limit=${limit}`, ama.token);
      expect(res.statusCode, limit).toBe(400);
      expect(res.json().message, limit).toMatch(/limit/);
    }
  });

  it('is 404 for unknown, deleted and blocked players, as the profile, and 401 without a session', async () => {
    const ama = await register(t.app, { username: 'rh_blocker' });
    const kofi = await register(t.app, { username: 'rh_blocked' });
    const gone = await register(t.app, { username: 'rh_gone' });
    const notFound = { message: 'User not found', code: 'user_not_found' };

    const unknown = await get('/api/users/999999/rating-history', ama.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(notFound);
    await t.app.db.kysely
      .updateTable('users')
      .set({ deleted_at: 1 })
      .where('id', '=', gone.user.id)
      .execute();
    expect((await get(`/api/users/${gone.user.id}/rating-history`, ama.token)).json()).toEqual(notFound);

    expect((await get(`/api/users/${kofi.user.id}/rating-history`, ama.token)).statusCode).toBe(200);
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/friends/block',
      headers: bearer(ama.token),
      payload: { userId: kofi.user.id },
    });
    expect(block.statusCode).toBeLessThan(300);
    for (const [who, whom] of [
      [ama, kofi],
      [kofi, ama],
    ] as const) {
      const history = await get(`/api/users/${whom.user.id}/rating-history`, who.token);
      const profile = await get(`/api/users/${whom.user.id}/profile`, who.token);
      expect(history.statusCode).toBe(404);
      expect(history.json()).toEqual(profile.json());
    }
    expect((await get(`/api/users/${ama.user.id}/rating-history`, ama.token)).statusCode).toBe(200);
    expect((await get(`/api/users/${ama.user.id}/rating-history`)).statusCode).toBe(401);
  });
});

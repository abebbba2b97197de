import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameMode } from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { insertStoredGame } from '../../testing/stored-games';

describe.each(DIALECTS)("a profile's record by mode on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  let games = 0;
  /** A game of `mode` between `seats` (null: a bot), stored as the server leaves it. */
  async function game(
    mode: GameMode,
    seats: (number | null)[],
    winner: number | null,
    status: 'finished' | 'cancelled' | 'active' = 'finished',
  ) {
    await insertStoredGame(t.app.db.kysely, {
      id: `g-${dialect}-${(games += 1)}`,
      mode,
      status,
      seats: seats.map((id) => (id === null ? null : { id, username: `p${id}` })),
      winnerUserId: winner,
      at: t.clock.now(),
    });
  }

  it('counts finished games of every mode, each named, with wins and losses', async () => {
    const ama = await register(t.app, { username: 'ama' });
    const yaw = await register(t.app, { username: 'yaw' });
    const [a, y] = [ama.user.id, yaw.user.id];
    await game('quick', [a, y], a);
    await game('quick', [y, a, null], y);
    await game('quick', [a, y], a);
    await game('private', [a, y], y);
    await game('practice', [a, null], a);
    await game('practice', [a, null, null, null], null);
    // Not finished: counted for nobody.
    await game('quick', [a, y], null, 'cancelled');
    await game('quick', [a, y], null, 'active');

    const res = await t.app.inject({ url: `/api/users/${a}/profile`, headers: bearer(yaw.token) });
    expect(res.statusCode, res.body).toBe(200);
    const profile = res.json() as { wins: number; losses: number; record: unknown };
    // No ranked game: the rating's own record stays at zero, and says so by being ranked only.
    expect(profile.wins).toBe(0);
    expect(profile.losses).toBe(0);
    expect(profile.record).toEqual([
      { mode: 'quick', games: 3, wins: 2, losses: 1 },
      { mode: 'private', games: 1, wins: 0, losses: 1 },
      { mode: 'practice', games: 2, wins: 1, losses: 1 },
    ]);
    const other = await t.app.inject({ url: `/api/users/${y}/profile`, headers: bearer(ama.token) });
    expect((other.json() as { record: unknown }).record).toEqual([
      { mode: 'quick', games: 3, wins: 1, losses: 2 },
      { mode: 'private', games: 1, wins: 1, losses: 0 },
    ]);
  });

  it('a player without finished games has an empty record', async () => {
    const ama = await register(t.app, { username: 'ama' });
    const res = await t.app.inject({ url: `/api/users/${ama.user.id}/profile`, headers: bearer(ama.token) });
    expect((res.json() as { record: unknown }).record).toEqual([]);
  });
});

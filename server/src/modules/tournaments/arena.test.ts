import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arenaStandings, pairArena, rankStandings, type ArenaResult, type ArenaWaiting } from './arena';

const results = (userId: number, outcomes: string): ArenaResult[] =>
  [...outcomes].map((o) => ({ userId, won: o === 'W' }));

const waiting = (userId: number, patch: Partial<ArenaWaiting> = {}): ArenaWaiting => ({
  userId,
  score: 0,
  rating: 1200,
  lastTable: [],
  blocked: new Set(),
  ...patch,
});

describe('arena scoring', () => {
  it('gives 2 per win, 0 per loss, and doubles every win after two in a row until a loss', () => {
    const standings = arenaStandings(
      [1, 2, 3, 4],
      [...results(1, 'WWWLW'), ...results(2, 'WWWW'), ...results(3, 'LLL')],
    );
    expect(standings.get(1)).toEqual({ userId: 1, score: 2 + 2 + 4 + 0 + 2, games: 5, wins: 4, streak: 1 });
    expect(standings.get(2)).toEqual({ userId: 2, score: 2 + 2 + 4 + 4, games: 4, wins: 4, streak: 4 });
    expect(standings.get(3)).toMatchObject({ score: 0, games: 3, streak: 0 });
    // An entrant who has not finished a game yet stands at nothing.
    expect(standings.get(4)).toEqual({ userId: 4, score: 0, games: 0, wins: 0, streak: 0 });
  });

  it('ranks by score, then wins, then fewer games, and never leaves two entrants tied', () => {
    const ranked = rankStandings([
      { userId: 5, score: 8, games: 6, wins: 4, streak: 0 },
      { userId: 6, score: 8, games: 4, wins: 3, streak: 3 },
      { userId: 7, score: 8, games: 5, wins: 4, streak: 0 },
      { userId: 8, score: 10, games: 9, wins: 5, streak: 0 },
      { userId: 9, score: 8, games: 5, wins: 4, streak: 1 },
    ]);
    expect(ranked.map((s) => s.userId)).toEqual([8, 7, 9, 5, 6]);
  });
});

describe('arena pairing', () => {
  it('seats the best scores together, then rating', () => {
    const pool = [
      waiting(1, { score: 0, rating: 1500 }),
      waiting(2, { score: 6 }),
      waiting(3, { score: 2, rating: 1100 }),
      waiting(4, { score: 6, rating: 1300 }),
      waiting(5, { score: 2, rating: 1400 }),
    ];
    expect(pairArena(pool, 2)).toEqual([
      [4, 2],
      [5, 3],
    ]);
    expect(pairArena(pool, 3)).toEqual([[4, 2, 5]]);
  });

  it('never seats a blocked pair, whichever of the two blocked', () => {
    const pool = [waiting(1, { score: 4, blocked: new Set([2]) }), waiting(2, { score: 4 }), waiting(3)];
    expect(pairArena(pool, 2)).toEqual([[1, 3]]);
    const other = [waiting(1, { score: 4 }), waiting(2, { score: 4, blocked: new Set([1]) }), waiting(3)];
    expect(pairArena(other, 2)).toEqual([[1, 3]]);
  });

  it('does not seat anyone again with whom they just played: they wait for someone else', () => {
    const pool = [waiting(1, { lastTable: [2] }), waiting(2, { lastTable: [1] })];
    expect(pairArena(pool, 2)).toEqual([]);
    const three = [...pool, waiting(3, { score: 0, rating: 1000 })];
    expect(pairArena(three, 2)).toEqual([[1, 3]]);
  });

  it('refuses a table of fewer than two', () => {
    expect(() => pairArena([waiting(1)], 1)).toThrow('seats must be 2 or more');
  });

  it('for any pool: full tables of distinct waiting entrants, no blocked pair, no pair from the last table', () => {
    const pools = fc
      .uniqueArray(fc.integer({ min: 1, max: 400 }), { minLength: 0, maxLength: 120 })
      .chain((ids) =>
        fc.tuple(
          fc.constant(ids),
          fc.array(
            fc.record({
              score: fc.integer({ min: 0, max: 40 }),
              rating: fc.integer({ min: 800, max: 2200 }),
              last: fc.subarray(ids, { maxLength: Math.min(3, ids.length) }),
              blocked: fc.subarray(ids, { maxLength: Math.min(3, ids.length) }),
            }),
            { minLength: ids.length, maxLength: ids.length },
          ),
          fc.integer({ min: 2, max: 4 }),
        ),
      );
    fc.assert(
      fc.property(pools, ([ids, traits, seats]) => {
        const pool = ids.map((userId, i) =>
          waiting(userId, {
            score: traits[i]!.score,
            rating: traits[i]!.rating,
            lastTable: traits[i]!.last.filter((id) => id !== userId),
            blocked: new Set(traits[i]!.blocked.filter((id) => id !== userId)),
          }),
        );
        const byId = new Map(pool.map((p) => [p.userId, p]));
        const tables = pairArena(pool, seats);
        const seated = tables.flat();
        expect(new Set(seated).size).toBe(seated.length);
        for (const table of tables) {
          expect(table).toHaveLength(seats);
          for (const a of table)
            for (const b of table) {
              if (a === b) continue;
              expect(byId.has(a)).toBe(true);
              expect(byId.get(a)!.blocked.has(b)).toBe(false);
              expect(byId.get(a)!.lastTable.includes(b)).toBe(false);
            }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('seats everyone it can when nothing keeps players apart', () => {
    const pool = Array.from({ length: 1000 }, (_, i) => waiting(i + 1, { score: i % 17, rating: 1000 + i }));
    for (const seats of [2, 3, 4]) {
      const tables = pairArena(pool, seats);
      expect(tables).toHaveLength(Math.floor(1000 / seats));
      // Best first: the first table holds the top of the order.
      expect(tables[0]).toEqual(
        [...pool]
          .sort((a, b) => b.score - a.score || b.rating - a.rating)
          .slice(0, seats)
          .map((p) => p.userId),
      );
    }
  });
});

import { describe, expect, it } from 'vitest';
import { INITIAL_RATING, updateRating } from './glicko2';

describe('Glicko-2', () => {
  it("reproduces Glickman's worked example", () => {
    const updated = updateRating({ rating: 1500, rd: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(updated.rating).toBeCloseTo(1464.06, 1);
    expect(updated.rd).toBeCloseTo(151.52, 1);
    expect(updated.volatility).toBeCloseTo(0.05999, 4);
  });

  it('moves new players symmetrically after one game, and shrinks their uncertainty', () => {
    const winner = updateRating(INITIAL_RATING, [{ opponent: INITIAL_RATING, score: 1 }]);
    const loser = updateRating(INITIAL_RATING, [{ opponent: INITIAL_RATING, score: 0 }]);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(winner.rating).toBeGreaterThan(1600);
    expect(winner.rd).toBeLessThan(350);
  });

  it('rewards beating a stronger player more than beating a weaker one', () => {
    const me = { rating: 1500, rd: 80, volatility: 0.06 };
    const upset = updateRating(me, [{ opponent: { rating: 1800, rd: 80, volatility: 0.06 }, score: 1 }]);
    const expected = updateRating(me, [{ opponent: { rating: 1200, rd: 80, volatility: 0.06 }, score: 1 }]);
    expect(upset.rating - 1500).toBeGreaterThan(expected.rating - 1500);
  });
});

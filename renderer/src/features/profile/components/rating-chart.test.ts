import { describe, expect, it } from 'vitest';
import type { RatingPoint } from '@shared/protocol';
import { chartGeometry } from './rating-chart';

const point = (gameId: string, ratingBefore: number, rating: number): RatingPoint => ({
  gameId,
  finishedAt: 1000,
  ratingBefore,
  rating,
  change: rating - ratingBefore,
  result: rating >= ratingBefore ? 'win' : 'loss',
  reason: 'score',
  opponents: [{ userId: 2, username: 'kofi' }],
});
const box = { width: 300, height: 120, padX: 10, padY: 10 };

describe('the rating chart’s geometry', () => {
  it('starts from the rating before the first game, then one vertex per game, evenly spread', () => {
    const g = chartGeometry([point('a', 1500, 1600), point('b', 1600, 1550), point('c', 1550, 1700)], box);
    expect(g.vertices.map((v) => [v.x, v.rating, v.point])).toEqual([
      [10, 1500, null],
      [103.33333333333333, 1600, 0],
      [196.66666666666666, 1550, 1],
      [290, 1700, 2],
    ]);
    // Higher ratings are higher up, all inside the box.
    const ys = g.vertices.map((v) => v.y);
    expect(ys[3]).toBeLessThan(ys[1]!);
    expect(ys[1]).toBeLessThan(ys[2]!);
    expect(ys[2]).toBeLessThan(ys[0]!);
    for (const y of ys) {
      expect(y).toBeGreaterThanOrEqual(10);
      expect(y).toBeLessThanOrEqual(110);
    }
    expect(g.min).toBeLessThanOrEqual(1500);
    expect(g.max).toBeGreaterThanOrEqual(1700);
    expect(g.path).toBe(
      'M10.0 ' +
        ys[0]!.toFixed(1) +
        ' L103.3 ' +
        ys[1]!.toFixed(1) +
        ' L196.7 ' +
        ys[2]!.toFixed(1) +
        ' L290.0 ' +
        ys[3]!.toFixed(1),
    );
  });

  it('keeps a small change from filling the height, and draws one game as a line', () => {
    const g = chartGeometry([point('a', 1500, 1502)], box);
    expect(g.vertices).toHaveLength(2);
    expect(g.max - g.min).toBeGreaterThanOrEqual(40);
    expect(Math.abs(g.vertices[0]!.y - g.vertices[1]!.y)).toBeLessThan(10);
  });

  it('has nothing to draw without games', () => {
    expect(chartGeometry([], box).vertices).toEqual([]);
    expect(chartGeometry([], box).path).toBe('');
  });
});

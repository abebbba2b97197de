import { describe, expect, it } from 'vitest';
import { wholeChange } from './repo';

describe('rating changes as told to players', () => {
  it('are whole numbers whose change is the difference of the whole ratings', () => {
    expect(wholeChange(7, 1500, 1337.7)).toEqual({ userId: 7, before: 1500, after: 1338, delta: -162 });
    // 1500.4 → 1500 and 1662.6 → 1663: the change is 163, not round(162.2) = 162.
    expect(wholeChange(8, 1500.4, 1662.6)).toEqual({ userId: 8, before: 1500, after: 1663, delta: 163 });
  });
});

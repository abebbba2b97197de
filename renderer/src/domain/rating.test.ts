import { describe, expect, it } from 'vitest';
import { formatRating, formatRatingChange } from './rating';

describe('rating display', () => {
  it('shows a rating as a whole number', () => {
    expect(formatRating(1337.7)).toBe('1338');
    expect(formatRating(1500)).toBe('1500');
    expect(formatRating(1662.49)).toBe('1662');
  });

  it('shows a change whole, with a plus, a true minus, or ±0', () => {
    expect(formatRatingChange(162.3)).toBe('+162');
    expect(formatRatingChange(-162.3)).toBe('\u2212162');
    expect(formatRatingChange(-0.4)).toBe('±0');
    expect(formatRatingChange(0)).toBe('±0');
    expect(formatRatingChange(0.5)).toBe('+1');
  });
});

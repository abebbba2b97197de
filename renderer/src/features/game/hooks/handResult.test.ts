import { describe, expect, it } from 'vitest';
import { handReason } from './handResult';

describe('hand result wording', () => {
  it('explains each scoring case the way How to Play does', () => {
    expect(handReason('6_spades', 3)).toBe('led 6 nobody could follow: 3 points');
    expect(handReason('7_hearts', 2)).toBe('led 7: 2 points');
    expect(handReason('7_hearts', 1)).toBe('7 captured the lead: 1 point');
    expect(handReason('K_clubs', 1)).toBe('K took the last trick: 1 point');
  });
});

import { describe, expect, it } from 'vitest';
import { handReason, handResultAfter } from './handResult';

describe('hand result wording', () => {
  it('explains each scoring case the way How to Play does', () => {
    expect(handReason('6_spades', 3)).toBe('led 6 nobody could follow: 3 points');
    expect(handReason('7_hearts', 2)).toBe('led 7: 2 points');
    expect(handReason('7_hearts', 1)).toBe('7 captured the lead: 1 point');
    expect(handReason('K_clubs', 1)).toBe('K took the last trick: 1 point');
  });
});

describe('the hand result after an update', () => {
  const earlier = { seat: 1, card: '9_clubs' as const, points: 1, reason: '9 took the last trick: 1 point' };

  it('is the hand the update ends', () => {
    const events = [
      { kind: 'CARD_PLAYED' as const, seat: 0, card: '6_spades' as const },
      { kind: 'HAND_WON' as const, seat: 0, card: '6_spades' as const, points: 3 },
      { kind: 'HAND_DEALT' as const, handNumber: 4, dealer: 0 },
    ];
    expect(handResultAfter(events, earlier)).toEqual({
      seat: 0,
      card: '6_spades',
      points: 3,
      reason: 'led 6 nobody could follow: 3 points',
    });
  });

  it('keeps the one showing, the same object, when no hand ends', () => {
    const events = [{ kind: 'CARD_PLAYED' as const, seat: 0, card: '8_hearts' as const }];
    expect(handResultAfter(events, earlier)).toBe(earlier);
    expect(handResultAfter(events, null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/http';
import {
  countdownOf,
  entrantsText,
  feeText,
  formatCountdown,
  ordinal,
  prizeText,
  refusalCode,
  refusalText,
  tournamentErrorText,
} from './tournaments';

describe('tournament words', () => {
  it('a countdown reads m:ss under an hour, h mm under a day, d hh beyond, and never below 0:00', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5000)).toBe('0:00');
    // Part of a second left is still a second to wait.
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(59_000)).toBe('0:59');
    expect(formatCountdown(4 * 60_000 + 9_000)).toBe('4:09');
    expect(formatCountdown(5 * 60_000)).toBe('5:00');
    expect(formatCountdown(60 * 60_000 - 1000)).toBe('59:59');
    expect(formatCountdown(60 * 60_000)).toBe('1h 00m');
    expect(formatCountdown(65 * 60_000)).toBe('1h 05m');
    expect(formatCountdown(24 * 3_600_000 - 1000)).toBe('23h 59m');
    expect(formatCountdown(2 * 86_400_000 + 4 * 3_600_000)).toBe('2d 04h');
  });

  it('counts to the start before, to the end while live, and not at all once over', () => {
    const t = { startsAt: '2026-01-01T10:00:00.000Z', endsAt: '2026-01-01T11:00:00.000Z' };
    const now = Date.parse('2026-01-01T09:55:00.000Z');
    expect(countdownOf({ ...t, status: 'scheduled' }, now)).toEqual({ label: 'Starts in', ms: 5 * 60_000 });
    expect(countdownOf({ ...t, status: 'running' }, now)).toEqual({ label: 'Ends in', ms: 65 * 60_000 });
    expect(countdownOf({ ...t, status: 'finished' }, now)).toBeNull();
    expect(countdownOf({ ...t, status: 'cancelled' }, now)).toBeNull();
  });

  it('names fees, prizes, places and entrants', () => {
    expect(feeText(null)).toBe('Free');
    expect(feeText({ currencyType: 'regular', amount: 1500 })).toBe('1,500 coins');
    expect(feeText({ currencyType: 'premium', amount: 1 })).toBe('1 gem');
    const name = (id: number) => (id === 7 ? 'Royal deck' : '?');
    expect(prizeText({ place: 1, coins: 1000, gems: 5, shopItemId: 7 }, name)).toBe(
      '1,000 coins + 5 gems + Royal deck',
    );
    expect(prizeText({ place: 2, coins: 0, gems: 0, shopItemId: 7 }, name)).toBe('Royal deck');
    expect(prizeText({ place: 3, coins: 0, gems: 0, shopItemId: null }, name)).toBe('Nothing');
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '101st',
    ]);
    expect(entrantsText({ entrantCount: 1, playerCap: null })).toBe('1 entrant');
    expect(entrantsText({ entrantCount: 12, playerCap: 64 })).toBe('12 / 64 entrants');
  });

  it('says every refusal of the contract in words, and falls back to the server for an unknown code', () => {
    for (const code of [
      'tournament_full',
      'rating_too_low',
      'rating_too_high',
      'insufficient_funds',
      'in_another_game',
      'tournament_closed',
      'tournament_started',
      'start_in_past',
      'cap_below_seats',
    ])
      expect(tournamentErrorText(code, 'fallback')).not.toBe('fallback');
    expect(tournamentErrorText('tournament_full', '')).toBe('The tournament is full: every place is taken.');
    expect(tournamentErrorText('rating_too_low', '')).toMatch(/rating is below/);
    expect(tournamentErrorText('something_new', 'What the server said')).toBe('What the server said');
    expect(tournamentErrorText(null, 'fallback')).toBe('fallback');
  });

  it('reads the code of a refusal from its body, and words it', () => {
    const refused = new ApiError(409, 'insufficient_funds raw', {
      message: 'raw',
      code: 'insufficient_funds',
    });
    expect(refusalCode(refused)).toBe('insufficient_funds');
    expect(refusalText(refused, 'x')).toMatch(/not have enough for the entry fee/);
    const uncoded = new ApiError(500, 'Server exploded', { message: 'Server exploded' });
    expect(refusalCode(uncoded)).toBeNull();
    expect(refusalText(uncoded, 'x')).toBe('Server exploded');
    expect(refusalText(new Error('network'), 'Could not join')).toBe('Could not join');
  });
});

import { describe, expect, it } from 'vitest';
import type { TournamentSummary } from '@shared/protocol';
import {
  changedFields,
  newTournamentValues,
  startOf,
  tournamentBody,
  tournamentFormValues,
  validateTournament,
  type TournamentFormValues,
} from './tournamentForm';

const NOW = new Date(2026, 10, 30, 10, 7).getTime();

function filled(overrides: Partial<TournamentFormValues> = {}): TournamentFormValues {
  return { ...newTournamentValues(NOW), name: 'Friday Arena', ...overrides };
}

describe('tournament form rules', () => {
  it('a new tournament starts an hour ahead on the quarter hour, 60 minutes, 1 v 1 to 10, free, public', () => {
    const values = newTournamentValues(NOW);
    expect(values).toMatchObject({
      startDate: '2026-11-30',
      startTime: '11:15',
      durationMinutes: '60',
      seats: '2',
      targetScore: '10',
      feeKind: 'free',
      visibility: 'public',
      prizes: [{ coins: '1000', gems: '0', shopItemId: null }],
    });
    expect(validateTournament(values, NOW)).toEqual({ name: 'Name is required' });
    expect(validateTournament(filled(), NOW)).toEqual({});
  });

  it('holds each field to the contract: name, duration 15–180, target 3–10, a fee of at least 1', () => {
    expect(validateTournament(filled({ name: 'x'.repeat(81) }), NOW).name).toBe(
      'Name must be at most 80 characters',
    );
    expect(validateTournament(filled({ durationMinutes: '10' }), NOW).durationMinutes).toBe(
      'Duration must be at least 15',
    );
    expect(validateTournament(filled({ durationMinutes: '181' }), NOW).durationMinutes).toBe(
      'Duration must be at most 180',
    );
    expect(validateTournament(filled({ durationMinutes: '20.5' }), NOW).durationMinutes).toBe(
      'Duration must be a whole number',
    );
    expect(validateTournament(filled({ durationMinutes: '' }), NOW).durationMinutes).toBe(
      'Duration must be a whole number',
    );
    expect(validateTournament(filled({ targetScore: '2' }), NOW).targetScore).toBe(
      'Target must be at least 3',
    );
    expect(validateTournament(filled({ feeKind: 'regular', feeAmount: '0' }), NOW).feeAmount).toBe(
      'Entry fee must be at least 1',
    );
    // A free tournament's amount is not asked for.
    expect(validateTournament(filled({ feeKind: 'free', feeAmount: '0' }), NOW).feeAmount).toBeUndefined();
    expect(validateTournament(filled({ bannerUrl: 'https://example.com/x.png' }), NOW).bannerUrl).toMatch(
      /uploaded image/,
    );
    expect(validateTournament(filled({ bannerUrl: '/uploads/banner_1.png' }), NOW).bannerUrl).toBeUndefined();
  });

  it('refuses what the server refuses across fields: a past start, an inverted band, a cap below a table', () => {
    expect(validateTournament(filled({ startDate: '2026-11-30', startTime: '10:00' }), NOW).start).toBe(
      'The start must be in the future',
    );
    expect(validateTournament(filled({ startDate: '' }), NOW).start).toBe('Pick a start date and time');
    expect(validateTournament(filled({ ratingMin: '1600', ratingMax: '1200' }), NOW).ratingMax).toBe(
      'The highest rating must not be below the lowest',
    );
    expect(validateTournament(filled({ ratingMin: '1200', ratingMax: '1600' }), NOW)).toEqual({});
    expect(validateTournament(filled({ seats: '4', playerCap: '3' }), NOW).playerCap).toBe(
      'Player cap must be at least one table (4)',
    );
    expect(validateTournament(filled({ seats: '2', playerCap: '1' }), NOW).playerCap).toBe(
      'Player cap must be at least 2',
    );
  });

  it('a prize row gives something, in whole amounts; each problem is said by its row', () => {
    const errors = validateTournament(
      filled({
        prizes: [
          { coins: '500', gems: '0', shopItemId: null },
          { coins: '0', gems: '0', shopItemId: null },
          { coins: '-5', gems: '0', shopItemId: null },
          { coins: '0', gems: '0', shopItemId: 9 },
        ],
      }),
      NOW,
    );
    expect(errors.prizeRows).toEqual({ 1: 'Give coins, gems or an item', 2: 'Coins must be at least 0' });
  });

  it('builds the request body: trimmed text, an ISO start, numbers, places 1, 2, 3 in order, empty optionals as null', () => {
    const values = filled({
      name: '  Friday Arena ',
      description: ' Fast games ',
      bannerUrl: '/uploads/b.png',
      startDate: '2026-12-01',
      startTime: '18:30',
      durationMinutes: '15',
      seats: '3',
      targetScore: '3',
      feeKind: 'premium',
      feeAmount: '5',
      prizes: [
        { coins: '1000', gems: '', shopItemId: null },
        { coins: '0', gems: '3', shopItemId: 12 },
      ],
      ratingMin: '',
      ratingMax: '1800',
      playerCap: '',
      visibility: 'invite',
    });
    expect(tournamentBody(values)).toEqual({
      name: 'Friday Arena',
      description: 'Fast games',
      bannerUrl: '/uploads/b.png',
      startsAt: new Date(2026, 11, 1, 18, 30).toISOString(),
      durationMinutes: 15,
      seats: 3,
      targetScore: 3,
      entryFee: { currencyType: 'premium', amount: 5 },
      prizes: [
        { place: 1, coins: 1000, gems: 0, shopItemId: null },
        { place: 2, coins: 0, gems: 3, shopItemId: 12 },
      ],
      ratingMin: null,
      ratingMax: 1800,
      playerCap: null,
      visibility: 'invite',
    });
    expect(tournamentBody(filled()).entryFee).toBeNull();
    expect(startOf({ startDate: '2026-12-01', startTime: '' })).toBeNaN();
  });

  it('an edit starts from the tournament and sends only what changed', () => {
    const t: TournamentSummary = {
      id: 3,
      name: 'Weekly',
      description: '',
      bannerUrl: null,
      startsAt: new Date(2026, 11, 2, 20, 0).toISOString(),
      endsAt: new Date(2026, 11, 2, 21, 0).toISOString(),
      durationMinutes: 60,
      seats: 2,
      targetScore: 10,
      entryFee: { currencyType: 'regular', amount: 50 },
      prizes: [
        { place: 2, coins: 200, gems: 0, shopItemId: null },
        { place: 1, coins: 500, gems: 0, shopItemId: null },
      ],
      ratingMin: null,
      ratingMax: null,
      playerCap: 32,
      visibility: 'public',
      status: 'scheduled',
      entrantCount: 4,
      joined: false,
    };
    const values = tournamentFormValues(t);
    expect(values).toMatchObject({
      startDate: '2026-12-02',
      startTime: '20:00',
      feeKind: 'regular',
      feeAmount: '50',
      playerCap: '32',
      prizes: [
        { coins: '500', gems: '0', shopItemId: null },
        { coins: '200', gems: '0', shopItemId: null },
      ],
    });
    const before = tournamentBody(values);
    expect(changedFields(before, before)).toEqual({});
    expect(
      changedFields(before, tournamentBody({ ...values, durationMinutes: '90', playerCap: '' })),
    ).toEqual({
      durationMinutes: 90,
      playerCap: null,
    });
  });
});

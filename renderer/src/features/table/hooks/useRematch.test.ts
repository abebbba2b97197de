import { describe, expect, it } from 'vitest';
import { REMATCH_SECONDS } from '@shared/constants';
import { nextRematch, REMATCH_IDLE, type RematchState } from './useRematch';

const update = (accepted: number[], deadline = 1_000 + REMATCH_SECONDS * 1000) =>
  ({ type: 'REMATCH_UPDATE', gameId: 'g1', accepted, deadline }) as const;

describe('nextRematch', () => {
  it('an update opens the offer with a countdown set once, to its deadline; later updates keep it', () => {
    const asked = nextRematch(REMATCH_IDLE, update([1]), 'g1', 1_000);
    expect(asked).toEqual({ phase: 'asked', accepted: [1], expiresAt: 1_000 + REMATCH_SECONDS * 1000 });
    expect(nextRematch(asked, update([1, 2], 99_999), 'g1', 9_000)).toEqual({
      phase: 'asked',
      accepted: [1, 2],
      expiresAt: 1_000 + REMATCH_SECONDS * 1000,
    });
  });

  it('a page opened again mid-offer counts down what is left, not a whole new window', () => {
    // The offer opened 20 s ago: the reloaded page hears it with its deadline, 10 s away.
    expect(nextRematch(REMATCH_IDLE, update([1], 50_000 + 10_000), 'g1', 50_000)).toMatchObject({
      expiresAt: 60_000,
    });
  });

  it('never counts down longer than the window, when this device’s clock runs behind', () => {
    const behind = nextRematch(REMATCH_IDLE, update([1], 10_000_000), 'g1', 1_000);
    expect(behind).toMatchObject({ expiresAt: 1_000 + REMATCH_SECONDS * 1000 });
  });

  it('a cancellation ends it with its reason and who', () => {
    const asked = nextRematch(REMATCH_IDLE, update([1]), 'g1', 0);
    const ended = nextRematch(
      asked,
      { type: 'REMATCH_CANCELLED', gameId: 'g1', reason: 'declined', by: 2 },
      'g1',
      0,
    );
    expect(ended).toEqual({ phase: 'ended', reason: 'declined', by: 2 });
    expect(
      nextRematch(asked, { type: 'REMATCH_CANCELLED', gameId: 'g1', reason: 'unavailable' }, 'g1', 0),
    ).toEqual({ phase: 'ended', reason: 'unavailable' });
  });

  it('a refused ACCEPT_REMATCH ends it: closed when no longer open, unavailable otherwise', () => {
    const error = (code: 'MATCH_NOT_FOUND' | 'FORBIDDEN', ref = 'ACCEPT_REMATCH') =>
      ({ type: 'ERROR', code, message: 'x', ref }) as const;
    expect(nextRematch(REMATCH_IDLE, error('MATCH_NOT_FOUND'), 'g1', 0)).toEqual({
      phase: 'ended',
      reason: 'closed',
    });
    expect(nextRematch(REMATCH_IDLE, error('FORBIDDEN'), 'g1', 0)).toEqual({
      phase: 'ended',
      reason: 'unavailable',
    });
    // Errors about anything else leave it as it was.
    expect(nextRematch(REMATCH_IDLE, error('FORBIDDEN', 'GAME_PLAY'), 'g1', 0)).toBe(REMATCH_IDLE);
  });

  it('ignores messages about another game', () => {
    const state: RematchState = REMATCH_IDLE;
    expect(nextRematch(state, { ...update([1]), gameId: 'other' }, 'g1', 0)).toBe(state);
    expect(
      nextRematch(state, { type: 'REMATCH_CANCELLED', gameId: 'other', reason: 'expired' }, 'g1', 0),
    ).toBe(state);
  });
});

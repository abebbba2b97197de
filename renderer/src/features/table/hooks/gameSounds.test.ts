// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { gameView } from '@shared/testing/views';
import { registerSoundPlayer, type SoundKey } from '../../../lib/sounds';
import { TIMER_WARNING_MS, gameOverSound, soundsForUpdate, useGameSounds } from './gameSounds';

const game = (patch: Partial<GameView> = {}): GameView =>
  gameView({ mode: 'quick', seq: 3, hand: [], turn: 1, legalCards: [], ...patch });
const over = (winnerUserId: number | null): ServerMessageOf<'GAME_OVER'> => ({
  type: 'GAME_OVER',
  gameId: 'g1',
  winnerUserId,
  reason: 'score',
  scores: [10, 4],
});

describe('game sounds', () => {
  it('maps events to sounds from the viewer’s side, each once', () => {
    expect(
      soundsForUpdate(game(), [
        { kind: 'CARD_PLAYED', seat: 1, card: 'K_spades' },
        { kind: 'TURN', seat: 0, deadline: 1 },
      ]),
    ).toEqual(['card-play', 'your-turn']);
    expect(soundsForUpdate(game(), [{ kind: 'TURN', seat: 1, deadline: 1 }])).toEqual([]);
    expect(
      soundsForUpdate(game(), [
        { kind: 'CARD_PLAYED', seat: 0, card: 'K_spades' },
        { kind: 'AUTO_PLAYED', seat: 1, card: '7_spades' },
        { kind: 'TRICK_WON', seat: 0, card: 'K_spades', trickNumber: 2 },
      ]),
    ).toEqual(['card-play', 'trick-won']);
    // The last trick of a hand: the hand's sound replaces the trick's.
    const lastTrick = [
      { kind: 'TRICK_WON', seat: 1, card: '6_hearts', trickNumber: 5 },
      { kind: 'HAND_WON', seat: 1, card: '6_hearts', points: 1 },
      { kind: 'HAND_DEALT', handNumber: 2, dealer: 0 },
    ] as const;
    expect(soundsForUpdate(game(), lastTrick)).toEqual(['hand-lost', 'card-deal']);
    expect(soundsForUpdate(game({ you: { seat: 1 } }), lastTrick)).toEqual(['hand-won', 'card-deal']);
    // Spectators hear a hand won, never "your turn".
    expect(
      soundsForUpdate(game({ you: null }), [...lastTrick, { kind: 'TURN', seat: 0, deadline: 1 }]),
    ).toEqual(['hand-won', 'card-deal']);
  });

  it('plays game won or lost for the players and nothing for spectators', () => {
    expect(gameOverSound(game(), over(1))).toBe('game-won');
    expect(gameOverSound(game(), over(2))).toBe('game-lost');
    expect(gameOverSound(game(), over(null))).toBe('game-lost');
    expect(gameOverSound(game({ you: null }), over(1))).toBeNull();
  });

  describe('in the room', () => {
    const played: SoundKey[] = [];
    beforeEach(() => {
      vi.useFakeTimers();
      played.length = 0;
      registerSoundPlayer((key) => played.push(key));
    });
    afterEach(() => {
      registerSoundPlayer(null);
      vi.useRealTimers();
    });

    it('warns 5 s before the viewer’s turn runs out, and not after they played', () => {
      const now = Date.now();
      const { rerender } = renderHook(({ g }) => useGameSounds(g, null), {
        initialProps: { g: game({ turn: 0, turnDeadline: now + 20_000 }) },
      });
      vi.advanceTimersByTime(20_000 - TIMER_WARNING_MS - 1);
      expect(played).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(played).toEqual(['timer-warning']);
      // A new turn, played in time: the warning is called off.
      rerender({ g: game({ turn: 0, turnDeadline: Date.now() + 20_000, seq: 9 }) });
      vi.advanceTimersByTime(1000);
      rerender({ g: game({ turn: 1, turnDeadline: Date.now() + 20_000, seq: 10 }) });
      vi.advanceTimersByTime(30_000);
      expect(played).toEqual(['timer-warning']);
    });

    it('plays the end-of-game sound once', () => {
      const { rerender } = renderHook(({ g, o }) => useGameSounds(g, o), {
        initialProps: { g: game(), o: null as ServerMessageOf<'GAME_OVER'> | null },
      });
      expect(played).toEqual([]);
      const end = over(1);
      rerender({ g: game(), o: end });
      rerender({ g: game({ seq: 99 }), o: end });
      expect(played).toEqual(['game-won']);
    });
  });
});

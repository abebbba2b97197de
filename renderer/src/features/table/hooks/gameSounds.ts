import { useEffect } from 'react';
import type { GameEventMessage, GameView, ServerMessageOf } from '@shared/protocol';
import { useMusic } from '../../../lib/audio';
import { playSound, type SoundKey } from '../../../lib/sounds';

/** How long before the end of the viewer's turn the timer warning sounds. */
export const TIMER_WARNING_MS = 5000;

/**
 * The sounds one table update makes, in order and each at most once: the deal, a card played, a
 * trick taken (left out when the hand ended with it: the hand's own sound says more), the hand won
 * or lost from the viewer's side, and the viewer's turn. See docs/design.md, "Sound".
 */
export function soundsForUpdate(game: GameView, events: readonly GameEventMessage[]): SoundKey[] {
  const mySeat = game.you?.seat ?? null;
  const sounds = new Set<SoundKey>();
  for (const event of events) {
    if (event.kind === 'HAND_DEALT') sounds.add('card-deal');
    else if (event.kind === 'CARD_PLAYED' || event.kind === 'AUTO_PLAYED') sounds.add('card-play');
    else if (event.kind === 'TRICK_WON') sounds.add('trick-won');
    else if (event.kind === 'HAND_WON')
      sounds.add(mySeat === null || event.seat === mySeat ? 'hand-won' : 'hand-lost');
    else if (event.kind === 'TURN' && mySeat !== null && event.seat === mySeat) sounds.add('your-turn');
  }
  if (sounds.has('hand-won') || sounds.has('hand-lost')) sounds.delete('trick-won');
  return [...sounds];
}

/** The end-of-game sound for a player (none for spectators). */
export function gameOverSound(game: GameView, over: ServerMessageOf<'GAME_OVER'>): SoundKey | null {
  const me = game.players.find((p) => p.seat === game.you?.seat);
  if (!me || me.userId === null) return null;
  return over.winnerUserId === me.userId ? 'game-won' : 'game-lost';
}

/** The table's own music, the end-of-game sound and the warning as the viewer's time runs low. */
export function useGameSounds(game: GameView | null, over: ServerMessageOf<'GAME_OVER'> | null): void {
  useMusic('evening-theme');
  const myTurnDeadline =
    game && game.status === 'active' && game.you !== null && game.turn === game.you.seat
      ? game.turnDeadline
      : null;
  useEffect(() => {
    if (myTurnDeadline === null) return;
    const timer = setTimeout(
      () => playSound('timer-warning'),
      Math.max(0, myTurnDeadline - TIMER_WARNING_MS - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [myTurnDeadline]);

  const endSound = game && over ? gameOverSound(game, over) : null;
  useEffect(() => {
    if (over && endSound) playSound(endSound);
    // Once per game over, not again when the view updates after it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [over]);
}

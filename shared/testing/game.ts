import type { Card } from '../game/cards';
import { applyPlay } from '../game/engine';
import type { GameEvent, GameState } from '../game/state';

/** Plays the given cards in order, each by whichever seat's turn it is. */
export function playCards(state: GameState, cards: Card[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const card of cards) {
    const result = applyPlay(state, state.turn!, card);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

/** Recursively freezes a value, so any mutation by the code under test throws. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

import { cardIndex, cardAt, type Card } from '../cards';
import { legalCards } from '../engine';
import { Rng, mixSeed } from '../rng';
import type { GameState } from '../state';
import { hardPick } from './hard';
import { knowledgeOf, trickBits, type Knowledge } from './knowledge';
import { mediumPick } from './medium';

export const BOT_LEVELS = ['easy', 'medium', 'hard'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** A generator seeded from everything public about the decision, so a bot is deterministic. */
function decisionRng(state: GameState, k: Knowledge): Rng {
  const trick = k.currentTrick.map((play) => cardIndex(play.card));
  return new Rng(mixSeed(state.rng, state.handNumber, k.trickNumber, k.seat, k.ownHand, k.played, ...trick));
}

/**
 * The card a bot in `seat` plays. Decides only from what that seat may know (see knowledgeOf).
 * @throws RangeError when it is not that seat's turn.
 */
export function chooseCard(state: GameState, seat: number, level: BotLevel): Card {
  const legal = legalCards(state, seat);
  if (legal.length === 0) throw new RangeError(`seat ${seat} has no card to play`);
  if (legal.length === 1) return legal[0]!;
  const k = knowledgeOf(state, seat);
  switch (level) {
    case 'easy':
      return legal[decisionRng(state, k).int(legal.length)]!;
    case 'medium': {
      const { led, best } = trickBits(k.currentTrick);
      return cardAt(mediumPick(k.ownHand, led, best));
    }
    case 'hard':
      return hardPick(k, legal, decisionRng(state, k));
  }
}

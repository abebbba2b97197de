import { suitIndexOf, cardIndex } from '../cards';
import type { GameState, Play } from '../state';
import { maskOf, suitMask } from './bits';

/**
 * What `seat` legitimately knows: its own hand, every card shown this hand, how many cards each
 * player holds and which suits each player has shown they lack. Bots decide from this alone,
 * never from other seats' hands.
 */
export interface Knowledge {
  seat: number;
  players: number;
  /** Per seat, the next seat still playing (resigned seats are passed over). */
  nextSeat: number[];
  /** How many seats still play. */
  playing: number;
  ownHand: number;
  /** Cards played this hand (completed tricks and the current one). */
  played: number;
  /** Cards that may be in another player's hand or undealt. */
  unseen: number;
  counts: number[];
  /** Per seat, a mask of the suits (as card bits) that seat cannot hold. */
  voidMasks: number[];
  trickNumber: number;
  currentTrick: Play[];
  scores: number[];
  targetScore: number;
}

function noteVoids(plays: readonly Play[], voidMasks: number[]): void {
  const led = plays[0];
  if (!led) return;
  const ledSuit = suitIndexOf(led.card);
  for (const play of plays) {
    if (suitIndexOf(play.card) !== ledSuit) voidMasks[play.seat]! |= suitMask(ledSuit);
  }
}

function nextPlaying(state: GameState, seat: number): number {
  for (let i = 1; i < state.players; i++) {
    const next = (seat + i) % state.players;
    if (!state.resigned?.includes(next)) return next;
  }
  return seat;
}

export function knowledgeOf(state: GameState, seat: number): Knowledge {
  const voidMasks = new Array<number>(state.players).fill(0);
  let played = 0;
  for (const trick of state.tricks) {
    for (const play of trick.plays) played |= 1 << cardIndex(play.card);
    noteVoids(trick.plays, voidMasks);
  }
  for (const play of state.currentTrick) played |= 1 << cardIndex(play.card);
  noteVoids(state.currentTrick, voidMasks);
  const ownHand = maskOf(state.hands[seat]!);
  return {
    seat,
    players: state.players,
    nextSeat: Array.from({ length: state.players }, (_, s) => nextPlaying(state, s)),
    playing: state.players - (state.resigned?.length ?? 0),
    ownHand,
    played,
    unseen: ~(ownHand | played),
    counts: state.hands.map((hand) => hand.length),
    voidMasks,
    trickNumber: state.trickNumber,
    currentTrick: state.currentTrick,
    scores: state.scores,
    targetScore: state.targetScore,
  };
}

/** The trick in progress as bit indices: led card, best card so far and its seat (-1 if empty). */
export interface TrickBits {
  led: number;
  best: number;
  bestSeat: number;
}

export function trickBits(plays: readonly Play[]): TrickBits {
  const bits: TrickBits = { led: -1, best: -1, bestSeat: -1 };
  for (const play of plays) {
    const card = cardIndex(play.card);
    if (bits.led < 0) {
      bits.led = card;
      bits.best = card;
      bits.bestSeat = play.seat;
    } else if (card >> 3 === bits.led >> 3 && card > bits.best) {
      bits.best = card;
      bits.bestSeat = play.seat;
    }
  }
  return bits;
}

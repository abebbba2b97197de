import { cardIndex, cardAt, type Card } from '../cards';
import type { Rng } from '../rng';
import { pointsByRank } from '../scoring';
import { bitCount, lowestBit, suitMask } from './bits';
import { trickBits, type Knowledge } from './knowledge';
import { mediumPick } from './medium';

/** Determinizations per decision: enough to separate good cards, cheap enough for < 20 ms. */
export const HARD_SAMPLES = 48;
/** A hand that ends the game outweighs any points, so the search plays for the win near the end. */
const DECISIVE_BONUS = 10;
/** Above this many cards left in play, a full search of 3–4 players is too slow: roll out instead. */
const EXACT_SEARCH_CARDS = 12;

/**
 * Perfect-information position inside one determinization, searched with alpha-beta (the hard
 * bot's own side maximises, every other seat minimises). State is mutated and restored in place.
 */
class Solver {
  hands: number[] = [];

  constructor(
    /** Exact alpha-beta when true; one medium-policy rollout per determinization otherwise. */
    private readonly exact: boolean,
    /** How many seats still play, and the next of each (resigned seats are passed over). */
    private readonly playing: number,
    private readonly nextSeat: readonly number[],
    private readonly me: number,
    private readonly scores: readonly number[],
    private readonly target: number,
  ) {}

  terminal(winner: number, card: number, wasLed: boolean): number {
    const points = pointsByRank(card & 7, wasLed);
    const value = this.scores[winner]! + points >= this.target ? points + DECISIVE_BONUS : points;
    return winner === this.me ? value : -value;
  }

  search(
    turn: number,
    trick: number,
    count: number,
    led: number,
    best: number,
    bestSeat: number,
    alpha: number,
    beta: number,
  ): number {
    const hand = this.hands[turn]!;
    let legal = hand;
    if (count > 0) {
      const inSuit = hand & suitMask(led >> 3);
      if (inSuit !== 0) legal = inSuit;
    }
    const maximising = turn === this.me;
    let value = maximising ? -Infinity : Infinity;
    for (let moves = legal; moves !== 0; moves &= moves - 1) {
      const card = lowestBit(moves);
      this.hands[turn] = hand & ~(1 << card);
      const v = this.after(turn, trick, count, led, best, bestSeat, card, alpha, beta);
      this.hands[turn] = hand;
      if (maximising) {
        if (v > value) value = v;
        if (value > alpha) alpha = value;
      } else {
        if (v < value) value = v;
        if (value < beta) beta = value;
      }
      if (alpha >= beta) break;
    }
    return value;
  }

  /** Value after `turn` plays `card` (the card is already out of its hand). */
  after(
    turn: number,
    trick: number,
    count: number,
    led: number,
    best: number,
    bestSeat: number,
    card: number,
    alpha: number,
    beta: number,
  ): number {
    if (count === 0) {
      led = card;
      best = card;
      bestSeat = turn;
    } else if (card >> 3 === led >> 3 && card > best) {
      best = card;
      bestSeat = turn;
    }
    if (count + 1 < this.playing) {
      const next = this.nextSeat[turn]!;
      return this.continue(next, trick, count + 1, led, best, bestSeat, alpha, beta);
    }
    if (trick === 5) return this.terminal(bestSeat, best, best === led);
    return this.continue(bestSeat, trick + 1, 0, -1, -1, -1, alpha, beta);
  }

  private continue(
    turn: number,
    trick: number,
    count: number,
    led: number,
    best: number,
    bestSeat: number,
    alpha: number,
    beta: number,
  ): number {
    if (this.exact) return this.search(turn, trick, count, led, best, bestSeat, alpha, beta);
    // Rollout: every seat plays the medium heuristics to the end of the hand.
    const card = mediumPick(this.hands[turn]!, count === 0 ? -1 : led, best);
    this.hands[turn]! &= ~(1 << card);
    return this.after(turn, trick, count, led, best, bestSeat, card, alpha, beta);
  }
}

/**
 * Deals the unseen cards to the other seats at random, respecting the hand sizes and the suits
 * each has shown it lacks. Falls back to ignoring voids if no consistent deal turns up.
 */
export function sampleHands(k: Knowledge, rng: Rng): number[] {
  const pool: number[] = [];
  for (let m = k.unseen; m !== 0; m &= m - 1) pool.push(lowestBit(m));
  const others: number[] = [];
  for (let s = 0; s < k.players; s++) if (s !== k.seat) others.push(s);
  // Most constrained first, so a player void in several suits still gets a hand.
  others.sort((a, b) => bitCount(k.voidMasks[b]!) - bitCount(k.voidMasks[a]!) || a - b);

  for (let attempt = 0; attempt < 30; attempt++) {
    const hands = deal(k, others, rng.shuffle(pool), attempt < 29);
    if (hands) return hands;
  }
  return deal(k, others, pool, false)!;
}

function deal(k: Knowledge, others: number[], pool: number[], respectVoids: boolean): number[] | null {
  const hands = new Array<number>(k.players).fill(0);
  hands[k.seat] = k.ownHand;
  let taken = 0;
  for (const seat of others) {
    let need = k.counts[seat]!;
    const banned = respectVoids ? k.voidMasks[seat]! : 0;
    for (let i = 0; i < pool.length && need > 0; i++) {
      const bit = 1 << pool[i]!;
      if (taken & bit || banned & bit) continue;
      hands[seat]! |= bit;
      taken |= bit;
      need--;
    }
    if (need > 0) return null;
  }
  return hands;
}

export function hardPick(k: Knowledge, legal: readonly Card[], rng: Rng): Card {
  if (legal.length === 1) return legal[0]!;
  const count = k.currentTrick.length;
  const turn = k.seat;
  const { led, best, bestSeat } = trickBits(k.currentTrick);
  const candidates = legal.map(cardIndex);
  const totals = new Float64Array(candidates.length);
  let cardsLeft = 0;
  for (const c of k.counts) cardsLeft += c;
  const exact = k.playing === 2 || cardsLeft <= EXACT_SEARCH_CARDS;
  const solver = new Solver(exact, k.playing, k.nextSeat, k.seat, k.scores, k.targetScore);

  for (let sample = 0; sample < HARD_SAMPLES; sample++) {
    const hands = sampleHands(k, rng);
    for (let i = 0; i < candidates.length; i++) {
      const card = candidates[i]!;
      solver.hands = hands.slice();
      solver.hands[turn]! &= ~(1 << card);
      totals[i]! += solver.after(turn, k.trickNumber, count, led, best, bestSeat, card, -Infinity, Infinity);
    }
  }

  let choice = 0;
  for (let i = 1; i < candidates.length; i++) if (totals[i]! > totals[choice]!) choice = i;
  return cardAt(candidates[choice]!);
}

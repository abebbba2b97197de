import {
  CARDS_PER_HAND,
  DECK,
  MAX_PLAYERS,
  MIN_PLAYERS,
  TRICKS_PER_HAND,
  cardIndex,
  isCard,
  suitIndexOf,
  type Card,
} from './cards';
import { TARGET_SCORE } from '../constants';
import { RuleError } from './errors';
import { Rng, hashSeed } from './rng';
import { lastTrickPoints } from './scoring';
import type { CompletedTrick, GameEvent, GameState, Play, PlayResult } from './state';

export const DEFAULT_TARGET_SCORE = TARGET_SCORE;
/** "Dealt 3-2": a batch of three to each player, then a batch of two. */
export const DEAL_BATCHES = [3, 2] as const;

export interface NewGameOptions {
  /** Number of seats, 2–4. */
  players: number;
  seed: number | string;
  targetScore?: number;
  /** First dealer; by default drawn from the seed. */
  dealer?: number;
  /** Preset cards for the first hand (tests and puzzles); otherwise the seed's shuffle deals. */
  hands?: Card[][];
}

/**
 * Deals from the top of `deck` in batches of 3 then 2, each batch going round the table starting
 * with the player after the dealer. Seats in `out` (resigned) are passed over and get no cards.
 */
export function dealHands(
  deck: readonly Card[],
  dealer: number,
  players: number,
  out: readonly number[] = [],
): Card[][] {
  const hands: Card[][] = Array.from({ length: players }, () => []);
  let next = 0;
  for (const batch of DEAL_BATCHES) {
    for (let i = 1; i <= players; i++) {
      const seat = (dealer + i) % players;
      if (out.includes(seat)) continue;
      const hand = hands[seat]!;
      for (let k = 0; k < batch; k++) hand.push(deck[next++]!);
    }
  }
  return hands;
}

function shuffleAndDeal(rngState: number, dealer: number, players: number, out: readonly number[] = []) {
  const rng = new Rng(rngState);
  const deck = rng.shuffle(DECK.slice());
  return { hands: dealHands(deck, dealer, players, out), rng: rng.state };
}

/** Whether `seat` still plays: it has not resigned (docs/design.md, "Rules"). */
export function inPlay(state: GameState, seat: number): boolean {
  return !state.resigned?.includes(seat);
}

/** The seats still playing, lowest first. */
export function seatsInPlay(state: GameState): number[] {
  const seats: number[] = [];
  for (let seat = 0; seat < state.players; seat++) if (inPlay(state, seat)) seats.push(seat);
  return seats;
}

/** The first seat still playing after `seat`, going round the table. */
function nextInPlay(state: GameState, seat: number): number {
  for (let i = 1; i < state.players; i++) {
    const next = (seat + i) % state.players;
    if (inPlay(state, next)) return next;
  }
  return seat;
}

function checkPresetHands(hands: Card[][], players: number): void {
  if (hands.length !== players) throw new RangeError(`hands must have one entry per seat`);
  const seen = new Set<Card>();
  for (const hand of hands) {
    if (hand.length !== CARDS_PER_HAND) throw new RangeError(`each hand needs ${CARDS_PER_HAND} cards`);
    for (const card of hand) {
      if (!isCard(card)) throw new RangeError(`not a card: ${String(card)}`);
      if (seen.has(card)) throw new RangeError(`card dealt twice: ${card}`);
      seen.add(card);
    }
  }
}

export function newGame(options: NewGameOptions): GameState {
  const { players, seed, targetScore = DEFAULT_TARGET_SCORE } = options;
  if (!Number.isInteger(players) || players < MIN_PLAYERS || players > MAX_PLAYERS) {
    throw new RangeError(`players must be an integer from ${MIN_PLAYERS} to ${MAX_PLAYERS}`);
  }
  if (!Number.isInteger(targetScore) || targetScore < 1) {
    throw new RangeError('targetScore must be a positive integer');
  }
  const rng = new Rng(hashSeed(seed));
  const dealer = options.dealer ?? rng.int(players);
  if (!Number.isInteger(dealer) || dealer < 0 || dealer >= players) {
    throw new RangeError('dealer must be a seat number');
  }
  let hands: Card[][];
  let rngState = rng.state;
  if (options.hands) {
    checkPresetHands(options.hands, players);
    hands = options.hands.map((hand) => hand.slice());
  } else {
    ({ hands, rng: rngState } = shuffleAndDeal(rngState, dealer, players));
  }
  return {
    players,
    targetScore,
    rng: rngState,
    status: 'active',
    scores: new Array<number>(players).fill(0),
    dealer,
    handNumber: 1,
    trickNumber: 1,
    turn: (dealer + 1) % players,
    hands,
    currentTrick: [],
    tricks: [],
    lastTrick: null,
    winnerSeat: null,
  };
}

/** Cards `seat` may play now: empty unless it is that seat's turn. */
export function legalCards(state: GameState, seat: number): Card[] {
  if (state.status !== 'active' || state.turn !== seat) return [];
  return playableCards(state.hands[seat]!, state.currentTrick);
}

/** The cards of `hand` that may go on `trick`: the led suit when the hand has it, else any. */
export function playableCards(hand: readonly Card[], trick: readonly { card: Card }[]): Card[] {
  const lead = trick[0];
  if (!lead) return hand.slice();
  const ledSuit = suitIndexOf(lead.card);
  const following = hand.filter((card) => suitIndexOf(card) === ledSuit);
  return following.length > 0 ? following : hand.slice();
}

/** The play that wins a complete trick: the highest card of the led suit. */
export function trickWinner(plays: readonly Play[]): Play {
  const lead = plays[0]!;
  const ledSuit = suitIndexOf(lead.card);
  let best = lead;
  let bestIndex = cardIndex(lead.card);
  for (let i = 1; i < plays.length; i++) {
    const play = plays[i]!;
    const index = cardIndex(play.card);
    if (index >> 3 === ledSuit && index > bestIndex) {
      best = play;
      bestIndex = index;
    }
  }
  return best;
}

function hasSuit(hand: readonly Card[], suit: number): boolean {
  for (const card of hand) if (suitIndexOf(card) === suit) return true;
  return false;
}

/**
 * Plays `card` for `seat`. Returns the next state and what happened; never changes `state`.
 * @throws RuleError when the rules do not allow the play.
 */
export function applyPlay(state: GameState, seat: number, card: Card): PlayResult {
  if (state.status !== 'active') throw new RuleError('GAME_OVER');
  if (seat !== state.turn) throw new RuleError('NOT_YOUR_TURN');
  const hand = state.hands[seat]!;
  const at = hand.indexOf(card);
  if (at < 0) throw new RuleError('CARD_NOT_IN_HAND');
  const lead = state.currentTrick[0];
  if (lead) {
    const ledSuit = suitIndexOf(lead.card);
    if (suitIndexOf(card) !== ledSuit && hasSuit(hand, ledSuit)) {
      throw new RuleError('MUST_FOLLOW_SUIT');
    }
  }

  const events: GameEvent[] = [{ kind: 'CARD_PLAYED', seat, card }];
  const hands = state.hands.slice();
  hands[seat] = hand.length === 1 ? [] : hand.filter((_, i) => i !== at);
  const currentTrick = [...state.currentTrick, { seat, card }];

  if (currentTrick.length < state.players - (state.resigned?.length ?? 0)) {
    return {
      state: { ...state, hands, currentTrick, turn: nextInPlay(state, seat) },
      events,
    };
  }
  return completeTrick(state, hands, currentTrick, events);
}

/** Every seat still playing has played to `currentTrick`: its winner takes it and leads the next. */
function completeTrick(
  state: GameState,
  hands: Card[][],
  currentTrick: Play[],
  events: GameEvent[],
): PlayResult {
  const won = trickWinner(currentTrick);
  const trick: CompletedTrick = { plays: currentTrick, winner: won.seat };
  events.push({ kind: 'TRICK_WON', seat: won.seat, card: won.card, trickNumber: state.trickNumber });

  if (state.trickNumber < TRICKS_PER_HAND) {
    return {
      state: {
        ...state,
        hands,
        currentTrick: [],
        tricks: [...state.tricks, trick],
        lastTrick: trick,
        trickNumber: state.trickNumber + 1,
        turn: won.seat,
      },
      events,
    };
  }
  return finishHand(state, trick, events);
}

/** Scores the fifth trick, then either ends the game or has the hand's winner deal the next. */
function finishHand(state: GameState, trick: CompletedTrick, events: GameEvent[]): PlayResult {
  const winner = trick.winner;
  const winningCard = trick.plays.find((play) => play.seat === winner)!.card;
  const points = lastTrickPoints(winningCard, trick.plays[0]!.card);
  const scores = state.scores.slice();
  scores[winner] = scores[winner]! + points;
  events.push({ kind: 'HAND_WON', seat: winner, card: winningCard, points });

  if (scores[winner]! >= state.targetScore) {
    events.push({ kind: 'GAME_OVER', winnerSeat: winner, reason: 'score' });
    return {
      state: {
        ...state,
        status: 'finished',
        scores,
        hands: state.hands.map(() => []),
        currentTrick: [],
        tricks: [...state.tricks, trick],
        lastTrick: trick,
        turn: null,
        winnerSeat: winner,
      },
      events,
    };
  }

  const dealer = winner;
  const dealt = shuffleAndDeal(state.rng, dealer, state.players, state.resigned);
  const handNumber = state.handNumber + 1;
  events.push({ kind: 'HAND_DEALT', handNumber, dealer });
  return {
    state: {
      ...state,
      rng: dealt.rng,
      scores,
      dealer,
      handNumber,
      trickNumber: 1,
      turn: nextInPlay(state, dealer),
      hands: dealt.hands,
      currentTrick: [],
      tricks: [],
      lastTrick: trick,
    },
    events,
  };
}

/** What the move log records for a resignation, in place of a card. */
export const RESIGN_MOVE = 'resign';

/** One step of a game as its move log records it: a card played, or a seat resigning. */
export type Move = Card | typeof RESIGN_MOVE;

/** Applies one logged move: `applyPlay` for a card, `resign` for RESIGN_MOVE. */
export function applyMove(state: GameState, seat: number, move: Move): PlayResult {
  return move === RESIGN_MOVE ? resign(state, seat) : applyPlay(state, seat, move);
}

/**
 * `seat` resigns and leaves the game (docs/design.md, "Rules"): its unplayed cards, and any card
 * it has played to the unfinished trick, are set aside unseen, and the others play on without it.
 * The trick completes when every seat still playing has played to it. When one seat is left, it
 * wins (`reason: "resign"`). Returns the next state and what happened; never changes `state`.
 * @throws RuleError GAME_OVER when the game is over or the seat has already left.
 */
export function resign(state: GameState, seat: number): PlayResult {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players) throw new RangeError('not a seat');
  if (state.status !== 'active' || !inPlay(state, seat)) throw new RuleError('GAME_OVER');
  const hands = state.hands.slice();
  hands[seat] = [];
  const currentTrick = state.currentTrick.filter((play) => play.seat !== seat);
  const left: GameState = { ...state, resigned: [...(state.resigned ?? []), seat], hands, currentTrick };
  const events: GameEvent[] = [{ kind: 'RESIGNED', seat }];
  const remaining = seatsInPlay(left);
  if (remaining.length === 1) {
    const winnerSeat = remaining[0]!;
    events.push({ kind: 'GAME_OVER', winnerSeat, reason: 'resign' });
    return { state: { ...left, status: 'finished', turn: null, winnerSeat }, events };
  }
  const turn = state.turn === seat ? nextInPlay(left, seat) : state.turn;
  // The seat that resigned was the last to play to this trick: it is complete without it.
  if (currentTrick.length === remaining.length)
    return completeTrick({ ...left, turn }, hands, currentTrick, events);
  return { state: { ...left, turn }, events };
}

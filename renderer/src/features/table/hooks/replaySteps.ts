import {
  RESIGN_MOVE,
  applyMove,
  newGame,
  type Card,
  type GameState,
  type Move,
  type Play,
} from '@shared/game';
import { handReason, type HandResult } from './handResult';

/** What a finished game's replay is made of: its seed and every card played, in order. */
export interface ReplayInput {
  seed: string;
  players: number;
  targetScore: number;
  /** Cards played, and RESIGN_MOVE where a seat of three or four left the game. */
  moves: readonly { seat: number; card: Move }[];
}

/**
 * One moment of a replay: a deal, a card just played, or a seat resigning (in a game of three or
 * four, whose others play on), with everything on the table then.
 */
export interface ReplayStep {
  kind: 'deal' | 'play' | 'resign';
  /** The card played at this step (a deal or a resignation has none). */
  play: Play | null;
  /** The seat that resigned at this step. */
  resigned?: number;
  handNumber: number;
  /** 1–5 within the hand. */
  trickNumber: number;
  /** 0-based count of tricks since the start of the game: what the slider moves over. */
  trickIndex: number;
  /** Every seat's unplayed cards at this moment: the game is over, so all of them are shown. */
  hands: Card[][];
  /** The trick on the table, complete at the step that ends it. */
  trick: Play[];
  /** Who took the trick, at the step that completes it. */
  trickWinner: number | null;
  /** The result of the hand, at the step that ends it. */
  handResult: HandResult | null;
  scores: number[];
  /** Who plays next after this step (the trick's winner once it is complete); null at the end. */
  turn: number | null;
  dealer: number;
  /** Seats that have resigned and left by this step (a game of three or four). */
  resignedSeats: number[];
  /** Cards played so far, this step's included: what the replay counts ("Card 12 of 110"). */
  cardsPlayed: number;
  /** The last step: the game is over (by score, or because the moves stop: a resignation or time-out). */
  final: boolean;
}

function dealStep(state: GameState, trickIndex: number, cardsPlayed: number): ReplayStep {
  return {
    kind: 'deal',
    play: null,
    handNumber: state.handNumber,
    trickNumber: 1,
    trickIndex,
    hands: state.hands.map((h) => h.slice()),
    trick: [],
    trickWinner: null,
    handResult: null,
    scores: state.scores.slice(),
    turn: state.turn,
    dealer: state.dealer,
    resignedSeats: state.resigned?.slice() ?? [],
    cardsPlayed,
    final: false,
  };
}

/**
 * Replays a finished game on the shared engine and returns every step: the first deal, then one
 * step per card played, and a new deal after each hand that did not end the game. Throws when a
 * move is not legal (a replay that does not match the engine). See docs/design.md, "Watch and replays".
 */
export function replaySteps(input: ReplayInput): ReplayStep[] {
  let state = newGame({ players: input.players, seed: input.seed, targetScore: input.targetScore });
  let trickIndex = 0;
  let cardsPlayed = 0;
  const steps: ReplayStep[] = [dealStep(state, trickIndex, cardsPlayed)];
  for (const move of input.moves) {
    const before = state;
    const result = applyMove(before, move.seat, move.card);
    state = result.state;
    const resigned = move.card === RESIGN_MOVE;
    if (!resigned) cardsPlayed++;
    // A resigned seat's cards are set aside: its hand empties and its card leaves the trick.
    const hands = before.hands.map((h, seat) =>
      seat !== move.seat ? h.slice() : resigned ? [] : h.filter((c) => c !== move.card),
    );
    const trick = resigned
      ? before.currentTrick.filter((play) => play.seat !== move.seat)
      : [...before.currentTrick, { seat: move.seat, card: move.card as Card }];
    let trickWinner: number | null = null;
    let handResult: HandResult | null = null;
    let dealt = false;
    for (const event of result.events) {
      if (event.kind === 'TRICK_WON') trickWinner = event.seat;
      if (event.kind === 'HAND_WON')
        handResult = {
          seat: event.seat,
          card: event.card,
          points: event.points,
          reason: handReason(event.card, event.points),
        };
      if (event.kind === 'HAND_DEALT') dealt = true;
    }
    steps.push({
      ...(resigned
        ? { kind: 'resign' as const, play: null, resigned: move.seat }
        : { kind: 'play' as const, play: { seat: move.seat, card: move.card as Card } }),
      handNumber: before.handNumber,
      trickNumber: before.trickNumber,
      trickIndex,
      hands,
      trick,
      trickWinner,
      handResult,
      scores: state.scores.slice(),
      turn: state.turn,
      dealer: before.dealer,
      resignedSeats: state.resigned?.slice() ?? [],
      cardsPlayed,
      final: false,
    });
    if (trickWinner !== null) trickIndex++;
    if (dealt && state.status === 'active') steps.push(dealStep(state, trickIndex, cardsPlayed));
  }
  steps[steps.length - 1]!.final = true;
  return steps;
}

/** The first step of trick `trickIndex` (the deal, for a hand's first trick). */
export function stepOfTrick(steps: readonly ReplayStep[], trickIndex: number): number {
  const found = steps.findIndex((s) => s.trickIndex === trickIndex);
  return found === -1 ? steps.length - 1 : found;
}

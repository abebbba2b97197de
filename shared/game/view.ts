import type { Card } from './cards';
import { legalCards } from './engine';
import type { CompletedTrick, GameState, GameStatus, Play } from './state';

/** What one seat (or a spectator, seat null) may see. Never another seat's unplayed cards. */
export interface SeatView {
  status: GameStatus;
  players: number;
  targetScore: number;
  scores: number[];
  dealer: number;
  turn: number | null;
  handNumber: number;
  trickNumber: number;
  currentTrick: Play[];
  tricks: CompletedTrick[];
  lastTrick: CompletedTrick | null;
  cardsInHand: number[];
  you: number | null;
  hand: Card[];
  legalCards: Card[];
  winnerSeat: number | null;
  /** Seats that resigned and left the game, in the order they left. */
  resigned: number[];
}

export function viewFor(state: GameState, seat: number | null): SeatView {
  const isSeat = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < state.players;
  const you = isSeat ? seat : null;
  return {
    status: state.status,
    players: state.players,
    targetScore: state.targetScore,
    scores: state.scores.slice(),
    dealer: state.dealer,
    turn: state.turn,
    handNumber: state.handNumber,
    trickNumber: state.trickNumber,
    currentTrick: state.currentTrick.map((play) => ({ ...play })),
    tricks: state.tricks.map(copyTrick),
    lastTrick: state.lastTrick ? copyTrick(state.lastTrick) : null,
    cardsInHand: state.hands.map((hand) => hand.length),
    you,
    hand: you === null ? [] : state.hands[you]!.slice(),
    legalCards: you === null ? [] : legalCards(state, you),
    winnerSeat: state.winnerSeat,
    resigned: state.resigned?.slice() ?? [],
  };
}

function copyTrick(trick: CompletedTrick): CompletedTrick {
  return { winner: trick.winner, plays: trick.plays.map((play) => ({ ...play })) };
}

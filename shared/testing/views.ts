import type { GameView } from '../protocol';

/** One seat of a view's `players`. */
export type ViewPlayer = GameView['players'][number];

/** Who sits where unless a test says otherwise: seat n is user n + 1. */
const NAMES = ['ama', 'kofi', 'esi', 'yaw'];

/** A human at `seat`, connected, no score, a full hand; `patch` on top. */
export function viewPlayer(seat: number, patch: Partial<ViewPlayer> = {}): ViewPlayer {
  return {
    seat,
    userId: seat + 1,
    username: NAMES[seat] ?? `p${seat}`,
    avatarUrl: null,
    score: 0,
    cardsInHand: 5,
    connected: true,
    isBot: false,
    ...patch,
  };
}

/**
 * A view as the server sends it to seat 0 of a two-player ranked game (ama against kofi) at the
 * first lead of the first hand, with `patch` on top. A test names only what it is about, so a
 * field added to `GameView` is added here once (docs/testing.md, "Builders"). Nothing keeps a
 * patch consistent: a test that changes `hand` sets `cardsInHand` and `legalCards` itself.
 */
export function gameView(patch: Partial<GameView> = {}): GameView {
  const hand: GameView['hand'] = ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds', '6_hearts'];
  return {
    id: 'g1',
    mode: 'ranked',
    status: 'active',
    targetScore: 10,
    seq: 0,
    players: [viewPlayer(0), viewPlayer(1)],
    you: { seat: 0 },
    hand,
    dealer: 1,
    turn: 0,
    turnDeadline: null,
    handNumber: 1,
    trickNumber: 1,
    currentTrick: [],
    lastTrick: null,
    legalCards: [...hand],
    winnerUserId: null,
    ...patch,
  };
}

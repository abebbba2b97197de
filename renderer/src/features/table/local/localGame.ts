/**
 * A practice game played entirely on this device: the shared engine and bots, seen by the one
 * human seat through the same messages a server room sends it (GAME_STATE, GAME_UPDATE deltas,
 * GAME_OVER, ERROR), so the table renders it unchanged. Pure: no timers, no I/O; the runner
 * (runner.ts) schedules the bots. See docs/design.md, "Offline practice".
 */
import {
  RuleError,
  applyPlay,
  botUsernames,
  chooseCard,
  legalCards,
  newGame,
  type BotLevel,
  type Card,
  type GameEvent,
  type GameState,
} from '@shared/game';
import { diffView } from '@shared/protocol/delta';
import { seatsView } from '@shared/protocol/seats';
import type { ErrorCode, GameEventMessage, GameView, ServerMessageOf } from '@shared/protocol/server';

/** What a local game says to its player: the server's own game messages. */
export type LocalGameMessage =
  | ServerMessageOf<'GAME_STATE'>
  | ServerMessageOf<'GAME_UPDATE'>
  | ServerMessageOf<'GAME_OVER'>
  | ServerMessageOf<'ERROR'>;

export interface LocalPlayer {
  userId: number;
  username: string;
  avatarUrl: string | null;
}

export interface LocalGameOptions {
  gameId: string;
  /** Decides the first dealer and every shuffle. */
  seed: number;
  player: LocalPlayer;
  /** 1, 2 or 3 bots, all of one level. */
  bots: number;
  level: BotLevel;
  /** The player's seat (0..bots); the others are the bots in order. */
  seat: number;
}

interface Seat {
  seat: number;
  userId: number | null;
  username: string;
  avatarUrl: string | null;
  botLevel: BotLevel | null;
}

/**
 * There is no turn timer on this device: views carry no deadline, and the TURN event (which the
 * table reads only for its sound and announcement) carries 0 for "none".
 */
const NO_DEADLINE = 0;

export class LocalGame {
  readonly id: string;
  private readonly seats: Seat[];
  private readonly humanSeat: number;
  private state: GameState;
  private seq = 0;
  private finished = false;
  private winnerUserId: number | null = null;
  /** The view the player holds: the base of the next update's changes. */
  private sent: GameView;

  constructor(options: LocalGameOptions) {
    const { bots, seat, player, level } = options;
    if (!Number.isInteger(bots) || bots < 1 || bots > 3) throw new RangeError('bots must be 1, 2 or 3');
    if (!Number.isInteger(seat) || seat < 0 || seat > bots) throw new RangeError('seat must be 0..bots');
    this.id = options.gameId;
    this.humanSeat = seat;
    // Named as the server names its bots, each a different persona, the first drawn from the seed
    // (docs/design.md, "Bots at the table").
    const names = botUsernames(level, bots, options.seed);
    this.seats = Array.from({ length: bots + 1 }, (_, i) =>
      i === seat
        ? { seat: i, ...player, botLevel: null }
        : { seat: i, userId: null, username: names[i < seat ? i : i - 1]!, avatarUrl: null, botLevel: level },
    );
    this.state = newGame({ players: bots + 1, seed: options.seed });
    this.sent = this.view();
  }

  /** The player's whole view, as GAME_STATE carries it. */
  start(): LocalGameMessage[] {
    this.sent = this.view();
    return [{ type: 'GAME_STATE', gameId: this.id, game: this.sent }];
  }

  /** The level of the bot whose turn it is, or null when it is the player's turn or the game is over. */
  botToMove(): BotLevel | null {
    if (this.finished || this.state.turn === null) return null;
    return this.seats[this.state.turn]!.botLevel;
  }

  /** The player plays `card` on the view at `seq`; refused as the server refuses it. */
  play(card: Card, seq: number): LocalGameMessage[] {
    if (this.finished) return [this.error('GAME_OVER', 'The game is over')];
    if (seq !== this.seq)
      return [this.error('STALE_STATE', 'The game has moved on; here is the current state'), ...this.start()];
    try {
      return this.commit(applyPlay(this.state, this.humanSeat, card));
    } catch (error) {
      if (error instanceof RuleError) return [this.error(error.code, error.message)];
      throw error;
    }
  }

  /** The bot whose turn it is plays; nothing when it is not a bot's turn. */
  playBot(): LocalGameMessage[] {
    const level = this.botToMove();
    if (level === null) return [];
    const seat = this.state.turn!;
    return this.commit(applyPlay(this.state, seat, chooseCard(this.state, seat, level)));
  }

  /** The player resigns: the best score among the bots wins (lower seat on a tie). */
  resign(): LocalGameMessage[] {
    if (this.finished) return [this.error('GAME_OVER', 'The game is over', 'GAME_RESIGN')];
    let best = -1;
    for (const { seat } of this.seats)
      if (seat !== this.humanSeat && (best < 0 || this.state.scores[seat]! > this.state.scores[best]!))
        best = seat;
    return this.end(null, best, 'resign');
  }

  private commit(result: { state: GameState; events: GameEvent[] }): LocalGameMessage[] {
    this.state = result.state;
    const over = result.events.find((event) => event.kind === 'GAME_OVER');
    const events = result.events.filter((event) => event.kind !== 'GAME_OVER') as GameEventMessage[];
    if (over) return this.end(events, over.winnerSeat, 'score');
    this.seq++;
    const turn = this.state.turn;
    if (turn === this.humanSeat) events.push({ kind: 'TURN', seat: turn, deadline: NO_DEADLINE });
    return [this.update(events)];
  }

  /** Ends the game with `winnerSeat` winning: the last update, then GAME_OVER (nothing earned). */
  private end(
    events: GameEventMessage[] | null,
    winnerSeat: number,
    reason: 'score' | 'resign',
  ): LocalGameMessage[] {
    this.seq++;
    this.finished = true;
    this.winnerUserId = this.seats[winnerSeat]!.userId;
    const last = [...(events ?? []), { kind: 'GAME_OVER' as const, winnerUserId: this.winnerUserId, reason }];
    return [
      this.update(last),
      {
        type: 'GAME_OVER',
        gameId: this.id,
        winnerUserId: this.winnerUserId,
        reason,
        scores: this.state.scores.slice(),
      },
    ];
  }

  private update(events: GameEventMessage[]): LocalGameMessage {
    const next = this.view();
    const changes = diffView(this.sent, next);
    this.sent = next;
    return { type: 'GAME_UPDATE', gameId: this.id, seq: this.seq, events, changes };
  }

  private error(code: ErrorCode, message: string, ref = 'GAME_PLAY'): LocalGameMessage {
    return { type: 'ERROR', code, message, ref };
  }

  /** The player's view: the same fields, in the same order, as a server room's (server/src/rooms/view.ts). */
  view(): GameView {
    const state = this.state;
    const active = !this.finished;
    return {
      id: this.id,
      mode: 'practice',
      status: active ? 'active' : 'finished',
      targetScore: state.targetScore,
      seq: this.seq,
      // Everyone at a table on this device is always connected.
      players: seatsView(this.seats, state, () => true),
      you: { seat: this.humanSeat },
      hand: state.hands[this.humanSeat]!.slice(),
      dealer: state.dealer,
      turn: active ? state.turn : null,
      turnDeadline: null,
      handNumber: state.handNumber,
      trickNumber: state.trickNumber,
      currentTrick: state.currentTrick,
      lastTrick: state.lastTrick,
      legalCards: active ? legalCards(state, this.humanSeat) : [],
      winnerUserId: this.winnerUserId,
      inviteExpiresAt: null,
      spectators: 0,
      tournamentId: null,
    };
  }
}

import type { FastifyBaseLogger } from 'fastify';
import {
  RESIGN_MOVE,
  RuleError,
  applyPlay,
  chooseCard,
  inPlay,
  lowestLegalCard,
  resign as resignSeat,
  type Card,
  type GameEvent,
  type GameState,
  type Move,
} from '@shared/game';
import type {
  EmoteId,
  ErrorCode,
  FinishReason,
  GameEventMessage,
  GameMode,
  GameStatus,
  InvitationCancelReason,
  ServerMessageOf,
} from '@shared/protocol';
import { TURN_EXPIRIES_TO_FORFEIT } from '@shared/constants';
import type { Timings } from '../config';
import type { Outgoing } from '../infra/frame';
import { EmoteLimits } from './emote-limits';
import { StaleWriteError, type Finished, type GameStore } from './store';
import type { RoomPlayer, RoomSnapshot } from './types';
import { UpdateEncoder, gameView, toEventMessages } from './view';

export type { RoomPlayer, RoomSnapshot } from './types';

/** How long the room gathers spectators coming and going before it tells everyone the count. */
export const SPECTATOR_COUNT_DELAY_MS = 1000;

export interface RoomDeps {
  store: GameStore;
  now: () => number;
  timings: Timings;
  log: FastifyBaseLogger;
  send(userId: number, message: Outgoing): void;
  isConnected(userId: number): boolean;
  /** Everyone the user blocked or was blocked by: no reaction passes between them. */
  blockedPartnersOf(userId: number): Promise<number[]>;
  onFinished(room: GameRoom): void;
  /** A player resigned and left a game the others play on: they are free to play another. */
  onLeft?(room: GameRoom, userId: number): void;
  /** A write was fenced off: another node owns the game now, and this room has stopped. */
  onLost?(room: GameRoom): void;
}

export class RoomError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A game could not start because some of its players are already playing one. */
export class AlreadyInGameError extends RoomError {
  constructor(readonly userIds: number[]) {
    super('ALREADY_IN_GAME', 'You are already in a game. Finish it first.');
  }
}

/**
 * One authoritative game: plays go through the engine, are persisted with their resulting state
 * in one transaction, and only then fan out, each recipient getting its own view. Every change
 * runs through one queue, so plays, timers and resignations never interleave.
 */
export class GameRoom {
  readonly id: string;
  readonly mode: GameMode;
  readonly players: RoomPlayer[];
  state: GameState;
  seq: number;
  turnDeadline: number | null;
  expiries: number[];
  status: GameStatus;
  winnerUserId: number | null;
  reason: FinishReason | null;
  invite: RoomSnapshot['invite'];
  readonly tournamentId: number | null;

  private readonly spectators = new Set<number>();
  private readonly graceTimers = new Map<number, NodeJS.Timeout>();
  /** Players of a waiting private game who have joined the room and are still connected. */
  private readonly joined = new Set<number>();
  private inviteTimer: NodeJS.Timeout | undefined;
  private turnTimer: NodeJS.Timeout | undefined;
  private botTimer: NodeJS.Timeout | undefined;
  private spectatorTimer: NodeJS.Timeout | undefined;
  /** The spectator count the last GAME_UPDATE carried. */
  private spectatorsSent = 0;
  private queue: Promise<unknown> = Promise.resolve();
  /** Operations queued or running; none means the next one may start at once. */
  private queued = 0;
  /** Set once a write was fenced off: this copy of the game is dead. */
  lost = false;
  private readonly updates = new UpdateEncoder();
  private readonly emoteLimits = new EmoteLimits();

  constructor(
    snapshot: RoomSnapshot,
    private readonly deps: RoomDeps,
  ) {
    this.id = snapshot.id;
    this.mode = snapshot.mode;
    this.players = snapshot.players;
    this.state = snapshot.state;
    this.seq = snapshot.seq;
    this.turnDeadline = snapshot.turnDeadline;
    this.expiries = snapshot.expiries;
    this.status = snapshot.status;
    this.winnerUserId = snapshot.winnerUserId;
    this.reason = snapshot.reason;
    this.invite = snapshot.invite;
    this.tournamentId = snapshot.tournamentId;
  }

  seatOf(userId: number): number | null {
    return this.players.find((p) => p.userId === userId)?.seat ?? null;
  }

  isConnected(userId: number): boolean {
    return this.deps.isConnected(userId);
  }

  humanIds(): number[] {
    return this.players.flatMap((p) => (p.userId === null ? [] : [p.userId]));
  }

  /** The humans still playing: all of them but those who resigned a game the others play on. */
  playingIds(): number[] {
    return this.players.flatMap((p) => (p.userId === null || !inPlay(this.state, p.seat) ? [] : [p.userId]));
  }

  /**
   * Starts the clocks of a new or reloaded game; disconnected players get their grace period.
   * `fullTurn` (a game adopted from a dead node): the player to move gets a whole turn again, as
   * the time the move took to reach a live node was not theirs to lose; players are told.
   */
  resume(fullTurn = false): void {
    if (this.status === 'waiting') return this.armInviteExpiry();
    if (this.status !== 'active') return;
    const now = this.deps.now();
    const turn = this.state.turn;
    if (turn !== null && this.players[turn]!.botLevel === null) {
      // After a restart a stale deadline would forfeit a turn nobody could play: start it afresh.
      if (fullTurn || this.turnDeadline === null || this.turnDeadline <= now)
        this.turnDeadline = now + this.deps.timings.turnMs;
      if (fullTurn) this.broadcast([{ kind: 'TURN', seat: turn, deadline: this.turnDeadline }]);
    }
    this.schedule();
    for (const userId of this.humanIds()) if (!this.isConnected(userId)) this.startGrace(userId);
  }

  /** Clears every timer (server shutdown). */
  stop(): void {
    clearTimeout(this.turnTimer);
    clearTimeout(this.botTimer);
    clearTimeout(this.inviteTimer);
    clearTimeout(this.spectatorTimer);
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
  }

  private run<T>(op: () => Promise<T>): Promise<T> {
    // An idle room starts the operation now rather than a microtask later: a lone move is the
    // common case, and every hop before its write is paid in its round trip.
    this.queued++;
    let started: Promise<T>;
    try {
      started = this.queued === 1 ? op() : this.queue.then(op);
    } catch (error) {
      started = Promise.reject(error);
    }
    const result = started.catch((error: unknown) => {
      if (!(error instanceof StaleWriteError)) throw error;
      // Fenced off: another node adopted the game (see docs/scale-out.md, "Fencing").
      this.lost = true;
      this.stop();
      this.deps.onLost?.(this);
      throw new RoomError('GAME_NOT_FOUND', 'This game moved to another server; join it again');
    });
    this.queue = result.catch(() => undefined).finally(() => this.queued--);
    return result;
  }

  /** Resolves once every change already queued has been written (a node handing rooms off). */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  /** Subscribes a player or a spectator and returns their view. */
  join(userId: number) {
    if (this.seatOf(userId) === null) {
      if (this.mode !== 'ranked' && this.mode !== 'quick')
        throw new RoomError('NOT_A_PLAYER', 'This game can only be watched by its players');
      this.spectators.add(userId);
      this.spectatorsChanged();
    } else if (this.status === 'waiting' && this.isConnected(userId)) {
      this.joined.add(userId);
      // The view goes out first (the caller sends it); the start, if this completes the pair,
      // follows as a GAME_UPDATE once it is written.
      this.run(() => this.startIfReady()).catch((error: unknown) =>
        this.deps.log.error({ err: error, gameId: this.id }, 'private game start failed'),
      );
    }
    const view = gameView(this, userId);
    this.updates.joined(this.seatOf(userId), view);
    return view;
  }

  /** Unsubscribes a spectator (or a player's waiting-room presence). */
  leave(userId: number): void {
    if (this.spectators.delete(userId)) this.spectatorsChanged();
    this.joined.delete(userId);
  }

  /** A spectator went offline: they stop watching. */
  stopWatching(userId: number): void {
    if (this.spectators.delete(userId)) this.spectatorsChanged();
  }

  /**
   * Spectators came or went: everyone in the room is told the new count SPECTATOR_COUNT_DELAY_MS
   * later, in one GAME_UPDATE at the same seq, so a crowd arriving (or a flood of joins and
   * leaves) costs one update. Nothing is sent when the count is back where it was. See
   * docs/design.md, "Watch and replays".
   */
  private spectatorsChanged(): void {
    if (this.spectatorTimer !== undefined || this.status !== 'active') return;
    this.spectatorTimer = setTimeout(() => {
      this.spectatorTimer = undefined;
      if (this.status === 'active' && !this.lost && this.spectators.size !== this.spectatorsSent)
        this.broadcast([]);
    }, SPECTATOR_COUNT_DELAY_MS);
  }

  spectatorCount(): number {
    return this.spectators.size;
  }

  /**
   * A player's reaction (docs/protocol.md, "Table reactions"): to every player and spectator,
   * the sender's own tabs included, but never to anyone in a block with the sender, either way,
   * as the block stands now (a block made mid-game counts from the next reaction). It changes
   * nothing in the game, so it does not wait in the room's queue.
   */
  async emote(userId: number, emote: EmoteId): Promise<void> {
    const seat = this.seatOf(userId);
    if (seat === null) throw new RoomError('NOT_A_PLAYER', 'Only the players can react; spectators watch');
    if (this.status === 'waiting') throw new RoomError('GAME_NOT_STARTED', 'The game has not started yet');
    if (this.status !== 'active') throw new RoomError('GAME_OVER', 'The game is over');
    if (!this.emoteLimits.take(userId, this.deps.now()))
      throw new RoomError('RATE_LIMITED', 'Too many reactions; wait a moment');
    const blocked = new Set(await this.deps.blockedPartnersOf(userId));
    const frame: ServerMessageOf<'GAME_EMOTE_SHOWN'> = {
      type: 'GAME_EMOTE_SHOWN',
      gameId: this.id,
      seat,
      emote,
    };
    for (const recipient of this.recipients()) if (!blocked.has(recipient)) this.deps.send(recipient, frame);
  }

  /** GAME_INVITATION for the invited friend while this private game waits for them; else null. */
  invitation(): ServerMessageOf<'GAME_INVITATION'> | null {
    if (this.status !== 'waiting' || !this.invite) return null;
    const invitedId = this.invite.userId;
    const from = this.players.find((p) => p.userId !== null && p.userId !== invitedId);
    if (!from) return null;
    return {
      type: 'GAME_INVITATION',
      gameId: this.id,
      from: { id: from.userId!, username: from.username },
      expiresAt: this.invite.expiresAt,
    };
  }

  /**
   * Turns down a waiting private game: the invited friend declines, the challenger withdraws.
   * Either way the game is cancelled and both players are told.
   */
  decline(userId: number): Promise<void> {
    return this.run(async () => {
      if (this.seatOf(userId) === null)
        throw new RoomError('NOT_A_PLAYER', 'You are not a player in this game');
      if (this.status === 'active') throw new RoomError('FORBIDDEN', 'The game has already started');
      if (this.status !== 'waiting') throw new RoomError('GAME_OVER', 'This invitation is no longer open');
      await this.cancelInvitation(this.invite?.userId === userId ? 'declined' : 'withdrawn', userId);
    });
  }

  /** Cancels a waiting private game whose invitation has lapsed on the game clock. */
  expireInvitation(): Promise<void> {
    return this.run(async () => {
      if (this.status !== 'waiting' || !this.invite) return;
      if (this.deps.now() < this.invite.expiresAt) return this.armInviteExpiry();
      await this.cancelInvitation('expired');
    });
  }

  private armInviteExpiry(): void {
    clearTimeout(this.inviteTimer);
    if (this.status !== 'waiting' || !this.invite) return;
    const delay = Math.max(0, this.invite.expiresAt - this.deps.now());
    this.inviteTimer = setTimeout(() => {
      this.expireInvitation().catch((error: unknown) =>
        this.deps.log.error({ err: error, gameId: this.id }, 'invitation expiry failed'),
      );
    }, delay);
    this.inviteTimer.unref();
  }

  /** Both players are in the room: the waiting game becomes active and its first turn starts. */
  private async startIfReady(): Promise<void> {
    if (this.status !== 'waiting') return;
    if (!this.humanIds().every((id) => this.joined.has(id) && this.isConnected(id))) return;
    const now = this.deps.now();
    const turn = this.state.turn;
    const deadline =
      turn !== null && this.players[turn]!.botLevel === null ? now + this.deps.timings.turnMs : null;
    if (!(await this.deps.store.start(this.id, deadline, now))) return;
    clearTimeout(this.inviteTimer);
    this.status = 'active';
    this.invite = null;
    this.joined.clear();
    this.turnDeadline = deadline;
    this.broadcast(turn !== null && deadline !== null ? [{ kind: 'TURN', seat: turn, deadline }] : []);
    this.schedule();
  }

  private async cancelInvitation(reason: InvitationCancelReason, by?: number): Promise<void> {
    if (!(await this.deps.store.cancel(this.id, this.deps.now()))) return;
    this.status = 'cancelled';
    this.stop();
    const message: ServerMessageOf<'GAME_INVITATION_CANCELLED'> = {
      type: 'GAME_INVITATION_CANCELLED',
      gameId: this.id,
      reason,
      ...(by === undefined ? {} : { by }),
    };
    for (const userId of this.humanIds()) this.deps.send(userId, message);
    this.deps.onFinished(this);
  }

  play(userId: number, card: Card, seq: number): Promise<void> {
    return this.run(async () => {
      const seat = this.seatOf(userId);
      if (seat === null) throw new RoomError('NOT_A_PLAYER', 'You are not a player in this game');
      if (this.status === 'waiting')
        throw new RoomError('GAME_NOT_STARTED', 'The game starts when both players have joined');
      if (this.status !== 'active') throw new RoomError('GAME_OVER', 'The game is over');
      if (seq !== this.seq)
        throw new RoomError('STALE_STATE', 'The game has moved on; here is the current state');
      let result;
      try {
        result = applyPlay(this.state, seat, card);
      } catch (error) {
        if (error instanceof RuleError) throw new RoomError(error.code, error.message);
        throw error;
      }
      const expiries = this.expiries.slice();
      expiries[seat] = 0;
      await this.commit(result.state, result.events, { seat, card, auto: false }, expiries);
    });
  }

  resign(userId: number): Promise<void> {
    return this.run(async () => {
      const seat = this.seatOf(userId);
      if (seat === null) throw new RoomError('NOT_A_PLAYER', 'You are not a player in this game');
      // Resigning a game that has not started calls it off, as declining does.
      if (this.status === 'waiting')
        return this.cancelInvitation(this.invite?.userId === userId ? 'declined' : 'withdrawn', userId);
      if (this.status !== 'active') throw new RoomError('GAME_OVER', 'The game is over');
      if (!inPlay(this.state, seat)) throw new RoomError('GAME_OVER', 'You have already left this game');
      await this.takeOut(seat, 'resign', this.expiries);
    });
  }

  /**
   * `seat` leaves the game: it resigned, or its turn timer or reconnect grace ran out. In a game of
   * three or four the others play on without it, exactly as after a resignation (docs/design.md,
   * "Resigning"); with two, or when no human would be left playing, the game ends now for `reason`.
   */
  private async takeOut(seat: number, reason: FinishReason, expiries: number[]): Promise<void> {
    const result = resignSeat(this.state, seat);
    const humanPlays = this.players.some((p) => p.userId !== null && inPlay(result.state, p.seat));
    if (result.state.status !== 'active' || !humanPlays) {
      this.expiries = expiries;
      return this.forfeit(seat, reason);
    }
    const userId = this.players[seat]!.userId;
    if (userId !== null) this.clearGrace(userId);
    const move: Move = RESIGN_MOVE;
    await this.commit(
      result.state,
      result.events,
      { seat, card: move, auto: reason !== 'resign' },
      expiries,
      [],
      reason,
    );
    if (userId !== null) this.deps.onLeft?.(this, userId);
  }

  private clearGrace(userId: number): void {
    clearTimeout(this.graceTimers.get(userId));
    this.graceTimers.delete(userId);
  }

  /** A human who has not resigned: their connection still matters to the game. */
  private playsOn(userId: number): boolean {
    const seat = this.seatOf(userId);
    return seat !== null && inPlay(this.state, seat);
  }

  playerConnected(userId: number): void {
    const timer = this.graceTimers.get(userId);
    if (timer) {
      clearTimeout(timer);
      this.graceTimers.delete(userId);
    }
    if (this.status === 'active') this.broadcast([]);
  }

  playerDisconnected(userId: number): void {
    // A waiting game has no clock to protect: whoever leaves simply has to join again.
    if (this.status === 'waiting') this.joined.delete(userId);
    if (this.status !== 'active' || !this.playsOn(userId)) return;
    this.startGrace(userId);
    this.broadcast([]);
  }

  private startGrace(userId: number): void {
    // A player who resigned has left: they may go away without forfeiting anything more.
    if (this.graceTimers.has(userId) || !this.playsOn(userId)) return;
    const timer = setTimeout(() => {
      this.graceTimers.delete(userId);
      this.run(async () => {
        if (this.status === 'active' && !this.isConnected(userId) && this.playsOn(userId))
          await this.takeOut(this.seatOf(userId)!, 'abandon', this.expiries);
      }).catch((error: unknown) => this.deps.log.error({ err: error, gameId: this.id }, 'abandon failed'));
    }, this.deps.timings.reconnectGraceMs);
    timer.unref();
    this.graceTimers.set(userId, timer);
  }

  /** Arms the turn timer for a human's turn, or the bot's move. */
  private schedule(): void {
    clearTimeout(this.turnTimer);
    clearTimeout(this.botTimer);
    if (this.status !== 'active' || this.state.turn === null) return;
    const seat = this.state.turn;
    const seq = this.seq;
    const player = this.players[seat]!;
    if (player.botLevel !== null) {
      const level = player.botLevel;
      this.botTimer = setTimeout(() => {
        this.run(async () => {
          if (this.status !== 'active' || this.seq !== seq) return;
          const card = chooseCard(this.state, seat, level);
          const result = applyPlay(this.state, seat, card);
          await this.commit(result.state, result.events, { seat, card, auto: false }, this.expiries);
        }).catch((error: unknown) => this.deps.log.error({ err: error, gameId: this.id }, 'bot move failed'));
      }, this.deps.timings.botDelayMs);
      return;
    }
    const delay = Math.max(0, (this.turnDeadline ?? this.deps.now()) - this.deps.now());
    this.turnTimer = setTimeout(() => {
      this.run(async () => {
        if (this.status !== 'active' || this.seq !== seq) return;
        await this.expire(seat);
      }).catch((error: unknown) => this.deps.log.error({ err: error, gameId: this.id }, 'turn timer failed'));
    }, delay);
    this.turnTimer.unref();
  }

  /** The turn timer ran out: play the lowest legal card, or take the seat out after too many in a row. */
  private async expire(seat: number): Promise<void> {
    const expiries = this.expiries.slice();
    expiries[seat] = expiries[seat]! + 1;
    if (expiries[seat]! >= TURN_EXPIRIES_TO_FORFEIT) return this.takeOut(seat, 'timeout', expiries);
    const card = lowestLegalCard(this.state, seat);
    const result = applyPlay(this.state, seat, card);
    await this.commit(result.state, result.events, { seat, card, auto: true }, expiries, [
      { kind: 'AUTO_PLAYED', seat, card },
    ]);
  }

  private async commit(
    state: GameState,
    events: GameEvent[],
    move: { seat: number; card: Move; auto: boolean },
    expiries: number[],
    extra: GameEventMessage[] = [],
    leftFor?: FinishReason,
  ): Promise<void> {
    const now = this.deps.now();
    const seq = this.seq + 1;
    const finished = state.status === 'finished';
    const nextTurn = state.turn;
    // Someone else resigning does not restart the clock of the player whose turn it still is.
    const sameTurn =
      move.card === RESIGN_MOVE && nextTurn === this.state.turn && state.tricks === this.state.tricks;
    const deadline =
      !finished && nextTurn !== null && this.players[nextTurn]!.botLevel === null
        ? sameTurn && this.turnDeadline !== null
          ? this.turnDeadline
          : now + this.deps.timings.turnMs
        : null;
    const winnerUserId = finished ? this.players[state.winnerSeat!]!.userId : null;

    const outcome = await this.deps.store.save(
      { gameId: this.id, seq, state, turnDeadline: deadline, expiries, move, now },
      finished ? this.finishOf(winnerUserId, 'score') : null,
    );

    // The write succeeded: only now does the room move on.
    this.state = state;
    this.seq = seq;
    this.turnDeadline = deadline;
    this.expiries = expiries;
    const messages = [...extra, ...toEventMessages(events, (s) => this.players[s]!.userId, leftFor)];
    if (finished) {
      this.markFinished(winnerUserId, 'score');
    } else if (deadline !== null && nextTurn !== null) {
      messages.push({ kind: 'TURN', seat: nextTurn, deadline });
    }
    this.broadcast(messages, move.seat);
    if (finished) this.announceGameOver(outcome);
    else this.schedule();
  }

  /** Ends the game against `loserSeat` (resignation, timeouts, abandonment). */
  private async forfeit(loserSeat: number, reason: FinishReason): Promise<void> {
    const winnerSeat = this.bestOtherSeat(loserSeat);
    const winnerUserId = this.players[winnerSeat]!.userId;
    const now = this.deps.now();
    const seq = this.seq + 1;
    const outcome = await this.deps.store.save(
      {
        gameId: this.id,
        seq,
        state: this.state,
        turnDeadline: null,
        expiries: this.expiries,
        move: null,
        now,
      },
      this.finishOf(winnerUserId, reason),
    );
    this.seq = seq;
    this.turnDeadline = null;
    this.markFinished(winnerUserId, reason);
    this.broadcast([{ kind: 'GAME_OVER', winnerUserId, reason }]);
    this.announceGameOver(outcome);
  }

  /** With more than two players, the best score among the others still playing wins (ties: lower seat). */
  private bestOtherSeat(loserSeat: number): number {
    let best = -1;
    for (let seat = 0; seat < this.players.length; seat++) {
      if (seat === loserSeat || !inPlay(this.state, seat)) continue;
      if (best < 0 || this.state.scores[seat]! > this.state.scores[best]!) best = seat;
    }
    return best;
  }

  private finishOf(winnerUserId: number | null, reason: FinishReason) {
    return { mode: this.mode, players: this.players, winnerUserId, reason };
  }

  private markFinished(winnerUserId: number | null, reason: FinishReason): void {
    this.status = 'finished';
    this.winnerUserId = winnerUserId;
    this.reason = reason;
    this.stop();
  }

  /**
   * The finished game's GAME_OVER for someone joining it afterwards (a reloaded page): who won, how
   * and the scores, without the rating change and rewards, which went out when it ended. Null
   * while the game is not finished.
   */
  gameOver(): ServerMessageOf<'GAME_OVER'> | null {
    if (this.status !== 'finished' || this.reason === null) return null;
    return {
      type: 'GAME_OVER',
      gameId: this.id,
      winnerUserId: this.winnerUserId,
      reason: this.reason,
      scores: this.state.scores.slice(),
    };
  }

  /** GAME_OVER to everyone watching; each player also learns what they alone earned. */
  private announceGameOver(outcome: Finished | undefined): void {
    const ratingChange = outcome?.ratingChange;
    const message: ServerMessageOf<'GAME_OVER'> = {
      ...this.gameOver()!,
      ...(ratingChange ? { ratingChange } : {}),
    };
    for (const userId of this.recipients()) {
      const rewards = this.seatOf(userId) === null ? undefined : outcome?.rewards.get(userId);
      this.deps.send(userId, rewards ? { ...message, rewards } : message);
    }
    this.deps.onFinished(this);
  }

  private recipients(): number[] {
    return [...new Set([...this.humanIds(), ...this.spectators])];
  }

  /**
   * GAME_UPDATE to every player and spectator, each with the changes of their own view. The
   * player who moved (`first`, a seat) is sent theirs before the others' are built: their move's
   * round trip is what they feel as the game's speed.
   */
  private broadcast(events: GameEventMessage[], first?: number): void {
    const update = this.updates.update(this, events);
    this.spectatorsSent = this.spectators.size;
    const mover = first === undefined ? undefined : this.players[first];
    if (mover && mover.userId !== null) this.deps.send(mover.userId, update.seat(mover.seat));
    for (const { seat, userId } of this.players)
      if (userId !== null && seat !== first) this.deps.send(userId, update.seat(seat));
    let shared: Outgoing | undefined;
    for (const userId of this.spectators) {
      if (this.seatOf(userId) !== null) continue;
      shared ??= update.spectators();
      this.deps.send(userId, shared);
    }
  }
}

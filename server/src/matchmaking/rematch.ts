import type { FastifyBaseLogger } from 'fastify';
import type { ServerMessage, ServerMessageOf } from '@shared/protocol';
import {
  humansOf,
  LocalRematchStore,
  type RematchOffer,
  type RematchSeat,
  type RematchStore,
} from '../infra/rematch-store';
import type { RoomManager } from '../rooms/manager';
import { AlreadyInGameError, RoomError } from '../rooms/room';

type CancelReason = ServerMessageOf<'REMATCH_CANCELLED'>['reason'];

export interface RematchDeps {
  /** Offers waiting for answers; in memory unless several nodes share Redis. */
  store?: RematchStore;
  rooms: Pick<RoomManager, 'get' | 'create' | 'abandonPractice'>;
  now: () => number;
  /** How long every player has to accept, from the first one asking. */
  windowMs: number;
  /** How long a player whose last connection closed has to come back (a reload) before the offer ends. */
  returnMs: number;
  log: FastifyBaseLogger;
  send(userId: number, message: ServerMessage): void;
  /** Everyone a user blocked or was blocked by: no rematch between them. None by default. */
  blockedPartnersOf?(userId: number): Promise<number[]>;
  /** Whether a user is online on any node: asking an offline player is over at once. */
  isOnline?(userId: number): Promise<boolean>;
}

/**
 * Rematches at a finished game: the first ACCEPT_REMATCH opens an offer to every player of the
 * game; when all have accepted within the window a new game starts with the same seats and mode
 * (so the same rating rules). A decline, a player leaving or going offline, or the window running
 * out ends it for everyone (a player going offline has `returnMs` to come back: a reload of the
 * page keeps the offer). A practice game has one player: accepting starts the new game at once.
 * See docs/protocol.md, "Rematch".
 */
export class Rematches {
  /** Expiry timers of offers this node opened; other nodes' offers expire through `tick`. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  /** Players gone offline with an offer open, by user: the offer ends unless they come back. */
  private readonly away = new Map<number, NodeJS.Timeout>();
  private readonly store: RematchStore;

  constructor(private readonly deps: RematchDeps) {
    this.store = deps.store ?? new LocalRematchStore();
  }

  stop(): void {
    for (const timer of [...this.timers.values(), ...this.away.values()]) clearTimeout(timer);
    this.timers.clear();
    this.away.clear();
  }

  async accept(userId: number, gameId: string): Promise<void> {
    const { mode, seats } = await this.finished(userId, gameId);
    const humans = seats.flatMap((s) => ('bot' in s ? [] : [s.userId]));
    if (await this.blockedAmong(humans))
      throw new RoomError('FORBIDDEN', 'A rematch is not possible between these players');
    const opened = await this.store.open({
      gameId,
      mode,
      seats,
      accepted: [],
      deadline: this.deps.now() + this.deps.windowMs,
    });
    if (opened === 'closed') throw gone();
    this.arm(gameId);
    const offline = await this.offlineAmong(humans);
    if (offline !== undefined) return this.end(gameId, 'left', offline);
    const offer = await this.store.accept(gameId, userId);
    if (!offer) throw gone();
    if (offer.accepted.length < humans.length) {
      for (const id of humans)
        this.deps.send(id, {
          type: 'REMATCH_UPDATE',
          gameId,
          accepted: offer.accepted,
          deadline: offer.deadline,
        });
      return;
    }
    // The last answer: whoever takes the offer starts the game (a decline or expiry racing this may win).
    const taken = await this.take(gameId);
    if (taken) await this.start(taken);
  }

  async decline(userId: number, gameId: string): Promise<void> {
    const { mode, seats } = await this.finished(userId, gameId);
    if ((await this.store.openFor(userId)) === gameId) return this.end(gameId, 'declined', userId);
    // Nobody asked yet: the game is closed to rematches, so whoever asks later hears it at once.
    const opened = await this.store.open({ gameId, mode, seats, accepted: [], deadline: 0 });
    if (opened === 'closed') return;
    const taken = await this.take(gameId);
    // Someone asked in between: they hear it like any decline.
    if (taken && taken.accepted.length > 0)
      this.tell(taken, { type: 'REMATCH_CANCELLED', gameId, reason: 'declined', by: userId });
  }

  /**
   * A player went offline (their last socket anywhere closed): their open offer ends unless they
   * are back online within `returnMs` (a reloaded page reconnects in a moment).
   */
  async leave(userId: number): Promise<void> {
    if ((await this.store.openFor(userId)) === undefined || this.away.has(userId)) return;
    const timer = setTimeout(() => {
      this.away.delete(userId);
      this.leftFor(userId).catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'rematch leave failed'),
      );
    }, this.deps.returnMs);
    timer.unref();
    this.away.set(userId, timer);
  }

  /**
   * The open offer of a finished game as `userId` (one of its players) should see it on joining
   * the game again, e.g. after reloading the page: the REMATCH_UPDATE they missed, if one is open.
   */
  async pending(userId: number, gameId: string): Promise<ServerMessageOf<'REMATCH_UPDATE'> | undefined> {
    const offer = await this.store.peek(gameId);
    if (!offer || !humansOf(offer).some((p) => p.userId === userId)) return undefined;
    return { type: 'REMATCH_UPDATE', gameId, accepted: offer.accepted, deadline: offer.deadline };
  }

  private async leftFor(userId: number): Promise<void> {
    const isOnline = this.deps.isOnline;
    if (isOnline && (await isOnline(userId))) return;
    const gameId = await this.store.openFor(userId);
    if (gameId !== undefined) await this.end(gameId, 'left', userId);
  }

  /** Ends the offers whose window closed, including those a node that died left behind. */
  async tick(): Promise<void> {
    for (const offer of await this.store.takeExpired(this.deps.now())) {
      clearTimeout(this.timers.get(offer.gameId));
      this.timers.delete(offer.gameId);
      this.expired(offer);
    }
  }

  /** The mode and seats of a finished game `userId` played in; refuses anyone else and any other game. */
  private async finished(userId: number, gameId: string): Promise<Pick<RematchOffer, 'mode' | 'seats'>> {
    const room = await this.deps.rooms.get(gameId);
    if (room.seatOf(userId) === null)
      throw new RoomError('NOT_A_PLAYER', 'Only the players of this game can answer a rematch');
    if (room.status !== 'finished') throw new RoomError('FORBIDDEN', 'A rematch is for a finished game');
    // The arena pairs its players again itself (docs/design.md, "Arena tournaments").
    if (room.tournamentId !== null)
      throw new RoomError('FORBIDDEN', 'A tournament game has no rematch: the arena finds your next table');
    const seats = room.players.map((p): RematchSeat =>
      p.userId === null
        ? { bot: p.botLevel ?? 'medium', username: p.username }
        : { userId: p.userId, username: p.username },
    );
    return { mode: room.mode, seats };
  }

  private async blockedAmong(humans: readonly number[]): Promise<boolean> {
    const lookup = this.deps.blockedPartnersOf;
    if (!lookup || humans.length < 2) return false;
    for (const id of humans) {
      const blocked = new Set(await lookup(id));
      if (humans.some((other) => blocked.has(other))) return true;
    }
    return false;
  }

  private async offlineAmong(humans: readonly number[]): Promise<number | undefined> {
    const isOnline = this.deps.isOnline;
    if (!isOnline) return undefined;
    for (const id of humans) if (!(await isOnline(id))) return id;
    return undefined;
  }

  private async start(offer: RematchOffer): Promise<void> {
    const humans = humansOf(offer);
    if (await this.blockedAmong(humans.map((h) => h.userId))) {
      // Blocked since the offer opened: no game, and nobody is told who blocked whom.
      return this.tell(offer, { type: 'REMATCH_CANCELLED', gameId: offer.gameId, reason: 'unavailable' });
    }
    if (offer.mode === 'practice') await this.deps.rooms.abandonPractice(humans[0]!.userId);
    let room;
    try {
      room = await this.deps.rooms.create(offer.mode, offer.seats);
    } catch (error) {
      if (!(error instanceof AlreadyInGameError)) throw error;
      // Someone started another game meanwhile (a queue, another device).
      const by = error.userIds[0]!;
      return this.tell(offer, { type: 'REMATCH_CANCELLED', gameId: offer.gameId, reason: 'unavailable', by });
    }
    this.tell(offer, { type: 'REMATCH_STARTED', gameId: offer.gameId, newGameId: room.id });
  }

  /** Takes the offer (if still open) and tells its players why it ended. */
  private async end(gameId: string, reason: CancelReason, by: number): Promise<void> {
    const offer = await this.take(gameId);
    if (offer) this.tell(offer, { type: 'REMATCH_CANCELLED', gameId, reason, by });
  }

  private expired(offer: RematchOffer): void {
    const idle = humansOf(offer).find((p) => !offer.accepted.includes(p.userId));
    this.tell(offer, {
      type: 'REMATCH_CANCELLED',
      gameId: offer.gameId,
      reason: 'expired',
      ...(idle && { by: idle.userId }),
    });
  }

  private tell(offer: RematchOffer, message: ServerMessage): void {
    for (const p of humansOf(offer)) this.deps.send(p.userId, message);
  }

  /** A timer on this node for an offer's window (a second answer here does not add one). */
  private arm(gameId: string): void {
    if (this.timers.has(gameId)) return;
    const timer = setTimeout(() => {
      this.timers.delete(gameId);
      this.store
        .take(gameId)
        .then((offer) => offer && this.expired(offer))
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'rematch expiry failed'));
    }, this.deps.windowMs);
    timer.unref();
    this.timers.set(gameId, timer);
  }

  /** Takes the offer from the store (one caller only gets it) and drops its timer here. */
  private async take(gameId: string): Promise<RematchOffer | undefined> {
    clearTimeout(this.timers.get(gameId));
    this.timers.delete(gameId);
    return this.store.take(gameId);
  }
}

function gone(): RoomError {
  return new RoomError('MATCH_NOT_FOUND', 'This rematch is no longer open');
}

import { randomBytes, randomInt } from 'node:crypto';
import { BOT_PERSONAS, botUsername, newGame, type BotLevel } from '@shared/game';
import type { GameMode, ServerMessageOf } from '@shared/protocol';
import type { Bus } from '../infra/bus';
import type { RoomDirectory } from '../infra/room-directory';
import { AlreadyInGameError, GameRoom, RoomError, type RoomDeps } from './room';
import type { RoomPlayer, RoomSnapshot } from './types';

/** A seat of a new game; a bot's name is chosen at creation unless given (a rematch keeps it). */
export type Seat = { userId: number; username: string } | { bot: BotLevel; username?: string };

/** What a tournament's game sets beyond the mode's defaults (docs/design.md, "Arena tournaments"). */
export interface NewGameOptions {
  /** Points to win; the engine's default otherwise. */
  targetScore?: number;
  /** Stored on the game, so the tournament's standings are derived from its games. */
  tournamentId?: number;
}

/** Finished rooms stay in memory this long, so late GAME_JOINs and final frames are cheap. */
const FINISHED_RETENTION_MS = 5 * 60_000;

export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * A live game owned by another node: frames for it are forwarded there (see docs/scale-out.md,
 * "Forwarding").
 */
export class RoomElsewhereError extends Error {
  constructor(
    readonly gameId: string,
    readonly owner: string,
  ) {
    super(`Game ${gameId} is hosted by node ${owner}`);
  }
}

/** Node-wide channel: a user came online or went offline somewhere (`{ userId, online }`). */
export const ROOM_PRESENCE_CHANNEL = 'rooms:presence';
/** Node-wide channel: a draining node gave up these rooms (`{ node, gameIds }`); peers adopt them. */
export const ROOM_HANDOFF_CHANNEL = 'rooms:handoff';

type ManagerDeps = Omit<RoomDeps, 'onFinished' | 'onLeft' | 'onLost'> & {
  directory: RoomDirectory;
  /** With several nodes: presence changes and handoffs reach every node's rooms through it. */
  bus?: Bus;
  /** Which of these users are online on any node (rooms adopted here learn who is connected). */
  onlineAmong?(userIds: readonly number[]): Promise<number[]>;
  /** The lease of a room in the directory; renewed every third of it. 0: no renewal (one node). */
  leaseMs?: number;
  /** How long resuming games may hold the event loop before yielding (default RESUME_SLICE_MS). */
  resumeSliceMs?: number;
  /** The score that ends a game created without one of its own (default: the rules' TARGET_SCORE). */
  targetScore?: number;
};

/**
 * Resuming games yields to the event loop after this much work, so a node resuming thousands of
 * games still answers its sockets and fires its timers in between (well under the 50 ms of
 * stall a player would notice).
 */
export const RESUME_SLICE_MS = 10;

/** The rooms this node owns: creates games, reloads active ones at start, routes players to them. */
export class RoomManager {
  private readonly rooms = new Map<string, GameRoom>();
  /** userId → ids of the active games they play in. */
  private readonly activeByUser = new Map<number, Set<string>>();
  private readonly evictions = new Set<NodeJS.Timeout>();
  /** Players of rooms hosted here who are online on another node (this node's own are the gateway's). */
  private readonly remoteOnline = new Set<number>();
  /** Adoptions in flight, so two frames for one orphaned game load it once. */
  private readonly adopting = new Map<string, Promise<GameRoom>>();
  private readonly unsubscribes: (() => void)[] = [];
  private leaseTimer: NodeJS.Timeout | undefined;
  private draining = false;
  private readonly finishListeners: ((room: GameRoom) => void)[] = [];

  constructor(private readonly deps: ManagerDeps) {
    const bus = deps.bus;
    if (!bus) return;
    this.unsubscribes.push(
      bus.subscribe(ROOM_PRESENCE_CHANNEL, (message) => {
        const { userId, online } = message as { userId: number; online: boolean };
        this.presenceChanged(userId, online);
      }),
      bus.subscribe(ROOM_HANDOFF_CHANNEL, (message) => {
        const { node, gameIds } = message as { node: string; gameIds: string[] };
        if (node !== this.nodeId) void this.adoptAll(gameIds);
      }),
    );
  }

  get nodeId(): string {
    return this.deps.directory.nodeId;
  }

  private roomDeps(): RoomDeps {
    return {
      ...this.deps,
      isConnected: (userId) => this.deps.isConnected(userId) || this.remoteOnline.has(userId),
      onFinished: (room) => this.finished(room),
      onLeft: (room, userId) => this.untrackUser(room, userId),
      onLost: (room) => this.drop(room, 'fenced off: another node adopted it'),
    };
  }

  /**
   * Takes every active game no live node owns (all of them after a single node's restart), at
   * the seq it was persisted with, then keeps the leases and, with several nodes, adopts the
   * games of nodes that die (see docs/scale-out.md, "Adoption").
   */
  async start(): Promise<number> {
    const adopted = await this.sweep();
    const leaseMs = this.deps.leaseMs ?? 0;
    if (leaseMs > 0) {
      let ticks = 0;
      this.leaseTimer = setInterval(() => {
        // Failing (Redis unreachable) is survivable: the rooms run on, a lease lost meanwhile is
        // reported by the next renewal that works, and writes are fenced anyway.
        this.renewLeases().catch((error: unknown) =>
          this.deps.log.warn({ err: error }, 'room lease renewal failed'),
        );
        // Every third renewal (once a lease), look for games whose owner died.
        if (++ticks % 3 === 0)
          this.sweep().catch((error: unknown) => this.deps.log.warn({ err: error }, 'room sweep failed'));
      }, leaseMs / 3);
      this.leaseTimer.unref();
    }
    return adopted;
  }

  stop(): void {
    clearInterval(this.leaseTimer);
    for (const stop of this.unsubscribes) stop();
    for (const room of this.rooms.values()) room.stop();
    for (const timer of this.evictions) clearTimeout(timer);
  }

  /**
   * Graceful shutdown (SIGTERM): stops taking rooms, lets each room finish the change it is
   * writing, releases every lease and tells the other nodes, which adopt the rooms at once
   * instead of waiting for the leases to lapse. See docs/scale-out.md, "Draining".
   */
  async handoff(): Promise<string[]> {
    this.draining = true;
    clearInterval(this.leaseTimer);
    const live = [...this.rooms.values()].filter((r) => r.status === 'active' || r.status === 'waiting');
    for (const room of live) room.stop();
    await Promise.all(live.map((room) => room.idle()));
    const gameIds: string[] = [];
    for (const room of live) {
      this.untrack(room);
      this.rooms.delete(room.id);
      try {
        await this.deps.directory.release(room.id);
        gameIds.push(room.id);
      } catch (error) {
        // The lease lapses by itself; the game is adopted then.
        this.deps.log.warn({ err: error, gameId: room.id }, 'room lease release failed');
      }
    }
    this.deps.bus?.publish(ROOM_HANDOFF_CHANNEL, { node: this.nodeId, gameIds });
    return gameIds;
  }

  /** Extends the leases of the live rooms here; a room whose lease was lost stops at once. */
  async renewLeases(): Promise<void> {
    const ids = [...this.rooms.values()]
      .filter((room) => room.status === 'active' || room.status === 'waiting')
      .map((room) => room.id);
    if (ids.length === 0) return;
    for (const id of await this.deps.directory.renew(ids)) {
      const room = this.rooms.get(id);
      if (room) this.drop(room, 'lease lost');
    }
  }

  /** Adopts every active game that no live node owns. Returns how many were taken. */
  async sweep(): Promise<number> {
    if (this.draining) return 0;
    const orphans = (await this.deps.store.liveIds()).filter((id) => !this.rooms.has(id));
    return (await this.adoptAll(orphans)).length;
  }

  /**
   * Adopts the games one by one, handing the event loop back whenever a slice of work has taken
   * `resumeSliceMs`: loading a game from SQLite does not wait on anything, so thousands of them
   * back to back would hold every other room's moves and timers for seconds. A frame for a game
   * not reached yet adopts it at once (`get`). See docs/design.md, "Resuming games".
   */
  private async adoptAll(gameIds: readonly string[]): Promise<GameRoom[]> {
    const rooms: GameRoom[] = [];
    const sliceMs = this.deps.resumeSliceMs ?? RESUME_SLICE_MS;
    let sliceStart = performance.now();
    for (const id of gameIds) {
      if (performance.now() - sliceStart >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = performance.now();
      }
      try {
        rooms.push(await this.adopt(id));
      } catch (error) {
        if (error instanceof RoomElsewhereError || error instanceof RoomError) continue;
        this.deps.log.error({ err: error, gameId: id }, 'room adoption failed');
      }
    }
    return rooms;
  }

  /**
   * Claims a live game and loads it from the database at its stored seq; the player to move gets
   * a full turn. Throws RoomElsewhereError when a live node holds it.
   */
  private adopt(gameId: string): Promise<GameRoom> {
    const local = this.rooms.get(gameId);
    if (local) return Promise.resolve(local);
    let pending = this.adopting.get(gameId);
    if (!pending) {
      pending = this.load(gameId).finally(() => this.adopting.delete(gameId));
      this.adopting.set(gameId, pending);
    }
    return pending;
  }

  private async load(gameId: string): Promise<GameRoom> {
    if (this.draining) throw new RoomError('GAME_NOT_FOUND', 'This server is shutting down');
    if (!(await this.deps.directory.claim(gameId))) {
      const owner = await this.deps.directory.ownerOf(gameId);
      // Released between the two calls: the next frame claims it.
      throw owner ? new RoomElsewhereError(gameId, owner) : new RoomError('GAME_NOT_FOUND', 'Try again');
    }
    // Loaded after the claim, so no write of the previous owner is missed (later ones are fenced).
    const snapshot = await this.deps.store.load(gameId);
    if (!snapshot || (snapshot.status !== 'active' && snapshot.status !== 'waiting')) {
      await this.deps.directory.release(gameId);
      throw new RoomError('GAME_NOT_FOUND', 'No such live game');
    }
    const humans = snapshot.players.flatMap((p) => (p.userId === null ? [] : [p.userId]));
    for (const userId of (await this.deps.onlineAmong?.(humans)) ?? []) this.remoteOnline.add(userId);
    const room = new GameRoom(snapshot, this.roomDeps());
    this.track(room);
    room.resume(true);
    this.deps.log.info({ gameId, seq: snapshot.seq }, 'adopted game');
    return room;
  }

  /** Forgets a room this node no longer owns (its lease was lost or a write fenced off). */
  private drop(room: GameRoom, why: string): void {
    if (this.rooms.get(room.id) !== room) return;
    room.stop();
    this.untrack(room);
    this.rooms.delete(room.id);
    this.deps.log.warn({ gameId: room.id, why }, 'dropped game room');
  }

  async create(
    mode: GameMode,
    seats: Seat[],
    invite: RoomSnapshot['invite'] = null,
    options: NewGameOptions = {},
  ): Promise<GameRoom> {
    const id = newGameId();
    const seed = randomBytes(16).toString('hex');
    const targetScore = options.targetScore ?? this.deps.targetScore;
    const state = newGame({ players: seats.length, seed, ...(targetScore !== undefined && { targetScore }) });
    const now = this.deps.now();
    const avatars = await this.deps.store.avatarsOf(
      seats.flatMap((seat) => ('bot' in seat ? [] : [seat.userId])),
    );
    // Each bot gets the next persona from a random one, so the bots of a table are told apart
    // (docs/design.md, "Bots at the table").
    let persona = randomInt(BOT_PERSONAS.length);
    const players: RoomPlayer[] = seats.map((seat, i) =>
      'bot' in seat
        ? {
            seat: i,
            userId: null,
            username: seat.username ?? botUsername(BOT_PERSONAS[persona++ % BOT_PERSONAS.length]!, seat.bot),
            botLevel: seat.bot,
            avatarUrl: null,
          }
        : {
            seat: i,
            userId: seat.userId,
            username: seat.username,
            botLevel: null,
            avatarUrl: avatars.get(seat.userId) ?? null,
          },
    );
    const first = state.turn!;
    // A private game waits for its players, and its clock starts only when they are both in.
    const turnDeadline =
      invite === null && players[first]!.botLevel === null ? now + this.deps.timings.turnMs : null;
    const expiries = new Array<number>(seats.length).fill(0);
    const snapshot: RoomSnapshot = {
      id,
      mode,
      players,
      state,
      seq: 0,
      turnDeadline,
      expiries,
      status: invite === null ? 'active' : 'waiting',
      winnerUserId: null,
      reason: null,
      invite,
      tournamentId: options.tournamentId ?? null,
    };
    // Claimed before it exists, so no other node's sweep adopts it between the insert and here.
    if (!(await this.deps.directory.claim(id))) throw new Error(`game id ${id} is already claimed`);
    // The database refuses a second active game for anyone (see GameStore.insertGame).
    const busy = await this.deps.store.insertGame({ snapshot, seed, now });
    if (busy.length > 0) {
      await this.deps.directory.release(id);
      throw new AlreadyInGameError(busy);
    }
    const humans = players.flatMap((p) => (p.userId === null ? [] : [p.userId]));
    for (const userId of (await this.deps.onlineAmong?.(humans)) ?? []) this.remoteOnline.add(userId);
    const room = new GameRoom(snapshot, this.roomDeps());
    this.track(room);
    room.resume();
    return room;
  }

  /**
   * A private game between two friends: it waits (holding both players, like an active game) until
   * both have joined the room, and the friend is invited on every connection they have. See
   * docs/design.md, "Social".
   */
  async createPrivate(
    challenger: { userId: number; username: string },
    friend: { userId: number; username: string },
    inviteMs: number,
  ): Promise<GameRoom> {
    const seats = randomInt(2) === 0 ? [challenger, friend] : [friend, challenger];
    const room = await this.create('private', seats, {
      userId: friend.userId,
      expiresAt: this.deps.now() + inviteMs,
    });
    const invitation = room.invitation();
    if (invitation) this.deps.send(friend.userId, invitation);
    return room;
  }

  /** The invitations still waiting for `userId` on this node (re-sent when they connect). */
  invitationsFor(userId: number): ServerMessageOf<'GAME_INVITATION'>[] {
    return [...(this.activeByUser.get(userId) ?? [])].flatMap((id) => {
      const invitation = this.rooms.get(id)?.invitation();
      return invitation && invitation.from.id !== userId ? [invitation] : [];
    });
  }

  /**
   * Calls off the private games still waiting between `actor` and `other` once they are no longer
   * friends (removed or blocked): as if `actor` had declined (they were invited) or withdrawn (they
   * challenged). See docs/protocol.md, "Private games".
   */
  async callOffInvitations(actor: number, other: number): Promise<void> {
    const waiting = [...(this.activeByUser.get(actor) ?? [])]
      .map((id) => this.rooms.get(id))
      .filter(
        (room): room is GameRoom =>
          room !== undefined && room.status === 'waiting' && room.seatOf(other) !== null,
      );
    await Promise.all(
      waiting.map((room) =>
        room.decline(actor).catch((error: unknown) => {
          // It started or ended meanwhile: nothing is waiting any more.
          if (!(error instanceof RoomError)) throw error;
        }),
      ),
    );
  }

  /** Cancels every waiting private game whose invitation has lapsed (each room also has a timer). */
  async expireInvitations(): Promise<void> {
    const waiting = [...this.rooms.values()].filter((room) => room.status === 'waiting');
    await Promise.all(waiting.map((room) => room.expireInvitation()));
  }

  private track(room: GameRoom): void {
    this.rooms.set(room.id, room);
    if (room.status !== 'active' && room.status !== 'waiting') return;
    for (const userId of room.playingIds()) {
      let set = this.activeByUser.get(userId);
      if (!set) this.activeByUser.set(userId, (set = new Set()));
      set.add(room.id);
    }
  }

  private untrack(room: GameRoom): void {
    for (const userId of room.humanIds()) this.untrackUser(room, userId);
  }

  private untrackUser(room: GameRoom, userId: number): void {
    const set = this.activeByUser.get(userId);
    set?.delete(room.id);
    if (set?.size === 0) {
      this.activeByUser.delete(userId);
      this.remoteOnline.delete(userId);
    }
  }

  private finished(room: GameRoom): void {
    this.untrack(room);
    for (const listener of this.finishListeners) listener(room);
    // A finished game needs no owner: any node answers for it from the database.
    this.deps.directory
      .release(room.id)
      .catch((error: unknown) => this.deps.log.warn({ err: error, gameId: room.id }, 'lease release failed'));
    const timer = setTimeout(() => {
      this.evictions.delete(timer);
      if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
    }, FINISHED_RETENTION_MS);
    timer.unref();
    this.evictions.add(timer);
  }

  /** Calls `listener` whenever a game hosted here finishes (tournaments pair its players again at once). */
  onGameFinished(listener: (room: GameRoom) => void): void {
    this.finishListeners.push(listener);
  }

  /** Active games hosted on this node, per mode (read by the metrics at each scrape). */
  activeGamesByMode(): Record<GameMode, number> {
    const counts: Record<GameMode, number> = { ranked: 0, quick: 0, private: 0, practice: 0 };
    for (const room of this.rooms.values()) if (room.status === 'active') counts[room.mode]++;
    return counts;
  }

  /** The room for `gameId` when this node hosts it now (no lookup beyond memory). */
  hosted(gameId: string): GameRoom | undefined {
    return this.rooms.get(gameId);
  }

  /** The room for `gameId`, loading a finished game from the database if need be. */
  async get(gameId: string): Promise<GameRoom> {
    const room = this.rooms.get(gameId);
    if (room) return room;
    const snapshot = await this.deps.store.load(gameId);
    if (!snapshot) throw new RoomError('GAME_NOT_FOUND', 'No such game');
    if (snapshot.status !== 'active' && snapshot.status !== 'waiting')
      return new GameRoom(snapshot, this.roomDeps());
    // Live but not here: its owner serves it (RoomElsewhereError), or nobody does and we adopt it.
    const owner = await this.deps.directory.ownerOf(gameId);
    if (owner !== null && owner !== this.nodeId) throw new RoomElsewhereError(gameId, owner);
    return this.adopt(gameId);
  }

  /** The active game a user plays in, if any. */
  activeGameOf(userId: number): GameRoom | undefined {
    const ids = this.activeByUser.get(userId);
    const id = ids ? ids.values().next().value : undefined;
    return id ? this.rooms.get(id) : undefined;
  }

  /** Active games from the database too (covers games owned by other nodes). */
  async hasActiveGame(userId: number): Promise<boolean> {
    if (this.activeByUser.has(userId)) return true;
    return (await this.deps.store.activeGameOf(userId)) !== undefined;
  }

  /** The active game a user plays in on any node, from the database. */
  activeGameAnywhere(userId: number): Promise<{ id: string; mode: GameMode } | undefined> {
    return this.deps.store.activeGameOf(userId);
  }

  /** The image of each user's chosen avatar, by user id; users showing their initials are absent. */
  avatarsOf(userIds: readonly number[]): Promise<Map<number, string>> {
    return this.deps.store.avatarsOf(userIds);
  }

  /** Which of `userIds` are playing an active game on any node. */
  playingAmong(userIds: readonly number[]): Promise<number[]> {
    return this.deps.store.playingAmong(userIds);
  }

  /** A user came online (on this node): every node's rooms hear it. */
  userConnected(userId: number): void {
    if (this.deps.bus) this.deps.bus.publish(ROOM_PRESENCE_CHANNEL, { userId, online: true });
    else this.presenceChanged(userId, true);
  }

  /** A user's last connection anywhere closed: every node's rooms hear it. */
  userDisconnected(userId: number): void {
    if (this.deps.bus) this.deps.bus.publish(ROOM_PRESENCE_CHANNEL, { userId, online: false });
    else this.presenceChanged(userId, false);
  }

  private presenceChanged(userId: number, online: boolean): void {
    if (online) {
      if (this.activeByUser.has(userId)) this.remoteOnline.add(userId);
      for (const id of this.activeByUser.get(userId) ?? []) this.rooms.get(id)?.playerConnected(userId);
      return;
    }
    this.remoteOnline.delete(userId);
    for (const id of this.activeByUser.get(userId) ?? []) this.rooms.get(id)?.playerDisconnected(userId);
    // Someone who went offline watches nothing any more.
    for (const room of this.rooms.values()) room.stopWatching(userId);
  }

  /** How many watch the game `gameId` on this server (0 when another node hosts it). */
  spectatorCount(gameId: string): number {
    return this.rooms.get(gameId)?.spectatorCount() ?? 0;
  }

  /**
   * Ends a user's active practice game hosted here (they start another one). A concurrent request
   * may have ended it first; that is the outcome wanted, not an error.
   */
  async abandonPractice(userId: number): Promise<void> {
    const room = this.activeGameOf(userId);
    if (room?.mode !== 'practice') return;
    try {
      await room.resign(userId);
    } catch (error) {
      if (!(error instanceof RoomError && error.code === 'GAME_OVER')) throw error;
    }
  }
}

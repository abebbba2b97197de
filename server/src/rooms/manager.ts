import { randomBytes, randomInt } from 'node:crypto';
import { newGame, type BotLevel } from '@shared/game';
import type { GameMode, ServerMessageOf } from '@shared/protocol';
import type { RoomDirectory } from '../infra/room-directory';
import { AlreadyInGameError, GameRoom, RoomError, type RoomDeps } from './room';
import type { RoomPlayer, RoomSnapshot } from './types';

export type Seat = { userId: number; username: string } | { bot: BotLevel };

const BOT_NAMES: Record<BotLevel, string> = {
  easy: 'Bot (easy)',
  medium: 'Bot (medium)',
  hard: 'Bot (hard)',
};
/** Finished rooms stay in memory this long, so late GAME_JOINs and final frames are cheap. */
const FINISHED_RETENTION_MS = 5 * 60_000;

export function newGameId(): string {
  return randomBytes(9).toString('base64url');
}

type ManagerDeps = Omit<RoomDeps, 'onFinished'> & { directory: RoomDirectory };

/** The rooms this node owns: creates games, reloads active ones at start, routes players to them. */
export class RoomManager {
  private readonly rooms = new Map<string, GameRoom>();
  /** userId → ids of the active games they play in. */
  private readonly activeByUser = new Map<number, Set<string>>();
  private readonly evictions = new Set<NodeJS.Timeout>();

  constructor(private readonly deps: ManagerDeps) {}

  private roomDeps(): RoomDeps {
    return { ...this.deps, onFinished: (room) => this.finished(room) };
  }

  /** Reloads every active game after a restart, at the seq it was persisted with. */
  async start(): Promise<number> {
    const snapshots = await this.deps.store.loadActive();
    for (const snapshot of snapshots) {
      if (!(await this.deps.directory.claim(snapshot.id))) continue;
      const room = new GameRoom(snapshot, this.roomDeps());
      this.track(room);
      room.resume();
    }
    return snapshots.length;
  }

  stop(): void {
    for (const room of this.rooms.values()) room.stop();
    for (const timer of this.evictions) clearTimeout(timer);
  }

  async create(mode: GameMode, seats: Seat[], invite: RoomSnapshot['invite'] = null): Promise<GameRoom> {
    const id = newGameId();
    const seed = randomBytes(16).toString('hex');
    const state = newGame({ players: seats.length, seed });
    const now = this.deps.now();
    const avatars = await this.deps.store.avatarsOf(
      seats.flatMap((seat) => ('bot' in seat ? [] : [seat.userId])),
    );
    const players: RoomPlayer[] = seats.map((seat, i) =>
      'bot' in seat
        ? { seat: i, userId: null, username: BOT_NAMES[seat.bot], botLevel: seat.bot, avatarUrl: null }
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
    };
    // The database refuses a second active game for anyone (see GameStore.insertGame).
    const busy = await this.deps.store.insertGame({ snapshot, seed, now });
    if (busy.length > 0) throw new AlreadyInGameError(busy);
    await this.deps.directory.claim(id);
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
    for (const userId of room.humanIds()) {
      let set = this.activeByUser.get(userId);
      if (!set) this.activeByUser.set(userId, (set = new Set()));
      set.add(room.id);
    }
  }

  private finished(room: GameRoom): void {
    for (const userId of room.humanIds()) {
      const set = this.activeByUser.get(userId);
      set?.delete(room.id);
      if (set?.size === 0) this.activeByUser.delete(userId);
    }
    const timer = setTimeout(() => {
      this.evictions.delete(timer);
      if (this.rooms.get(room.id) === room) this.rooms.delete(room.id);
      void this.deps.directory.release(room.id);
    }, FINISHED_RETENTION_MS);
    timer.unref();
    this.evictions.add(timer);
  }

  /** The room for `gameId`, loading a finished game from the database if need be. */
  async get(gameId: string): Promise<GameRoom> {
    const room = this.rooms.get(gameId);
    if (room) return room;
    const snapshot = await this.deps.store.load(gameId);
    if (!snapshot) throw new RoomError('GAME_NOT_FOUND', 'No such game');
    if (snapshot.status === 'active' || snapshot.status === 'waiting') {
      // Active but not here: another node owns it (scale-out), or it is being loaded.
      throw new RoomError('GAME_NOT_FOUND', 'This game is not hosted here');
    }
    return new GameRoom(snapshot, this.roomDeps());
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

  userConnected(userId: number): void {
    for (const id of this.activeByUser.get(userId) ?? []) this.rooms.get(id)?.playerConnected(userId);
  }

  userDisconnected(userId: number): void {
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

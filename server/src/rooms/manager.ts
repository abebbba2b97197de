import { randomBytes } from 'node:crypto';
import { newGame, type BotLevel } from '@shared/game';
import type { RoomDirectory } from '../infra/room-directory';
import {
  activeGameIdsOf,
  insertGame,
  loadActiveGames,
  loadGame,
  loadPlayers,
  type GamePlayerRow,
  type GameRow,
} from './repo';
import { GameRoom, RoomError, type GameMode, type RoomDeps, type RoomPlayer } from './room';
import { parseState } from './view';

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
    const rows = await loadActiveGames(this.deps.db.kysely);
    const players = await loadPlayers(
      this.deps.db.kysely,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      if (!(await this.deps.directory.claim(row.id))) continue;
      const room = this.fromRows(
        row,
        players.filter((p) => p.game_id === row.id),
      );
      this.track(room);
      room.resume();
    }
    return rows.length;
  }

  stop(): void {
    for (const room of this.rooms.values()) room.stop();
    for (const timer of this.evictions) clearTimeout(timer);
  }

  private fromRows(row: GameRow, players: GamePlayerRow[]): GameRoom {
    return new GameRoom(
      {
        id: row.id,
        mode: row.mode,
        players: players.map((p) => ({
          seat: p.seat,
          userId: p.user_id,
          username: p.username,
          botLevel: p.bot_level,
        })),
        state: parseState(row.state),
        seq: row.seq,
        turnDeadline: row.turn_deadline,
        expiries: JSON.parse(row.expiries) as number[],
        status: row.status,
        winnerUserId: row.winner_user_id,
        reason: row.reason,
      },
      this.roomDeps(),
    );
  }

  async create(mode: GameMode, seats: Seat[]): Promise<GameRoom> {
    const id = newGameId();
    const seed = randomBytes(16).toString('hex');
    const state = newGame({ players: seats.length, seed });
    const now = this.deps.now();
    const players: RoomPlayer[] = seats.map((seat, i) =>
      'bot' in seat
        ? { seat: i, userId: null, username: BOT_NAMES[seat.bot], botLevel: seat.bot }
        : { seat: i, userId: seat.userId, username: seat.username, botLevel: null },
    );
    const first = state.turn!;
    const turnDeadline = players[first]!.botLevel === null ? now + this.deps.timings.turnMs : null;
    const expiries = new Array<number>(seats.length).fill(0);
    await insertGame(
      this.deps.db.kysely,
      {
        id,
        mode,
        status: 'active',
        seed,
        player_count: seats.length,
        target_score: state.targetScore,
        state: JSON.stringify(state),
        seq: 0,
        turn_deadline: turnDeadline,
        expiries: JSON.stringify(expiries),
        winner_user_id: null,
        reason: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      },
      players.map((p) => ({
        game_id: id,
        seat: p.seat,
        user_id: p.userId,
        username: p.username,
        bot_level: p.botLevel,
        rating_before: null,
        rating_after: null,
      })),
    );
    await this.deps.directory.claim(id);
    const room = new GameRoom(
      {
        id,
        mode,
        players,
        state,
        seq: 0,
        turnDeadline,
        expiries,
        status: 'active',
        winnerUserId: null,
        reason: null,
      },
      this.roomDeps(),
    );
    this.track(room);
    room.resume();
    return room;
  }

  private track(room: GameRoom): void {
    this.rooms.set(room.id, room);
    if (room.status !== 'active') return;
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
    const row = await loadGame(this.deps.db.kysely, gameId);
    if (!row) throw new RoomError('GAME_NOT_FOUND', 'No such game');
    if (row.status === 'active') {
      // Active but not here: another node owns it (scale-out), or it is being loaded.
      throw new RoomError('GAME_NOT_FOUND', 'This game is not hosted here');
    }
    const loaded = this.fromRows(row, await loadPlayers(this.deps.db.kysely, [row.id]));
    return loaded;
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
    return (await activeGameIdsOf(this.deps.db.kysely, userId)).length > 0;
  }

  userConnected(userId: number): void {
    for (const id of this.activeByUser.get(userId) ?? []) this.rooms.get(id)?.playerConnected(userId);
  }

  userDisconnected(userId: number): void {
    for (const id of this.activeByUser.get(userId) ?? []) this.rooms.get(id)?.playerDisconnected(userId);
  }

  /** Ends a user's active practice game (they started another one). */
  async abandonPractice(userId: number): Promise<void> {
    const room = this.activeGameOf(userId);
    if (room?.mode === 'practice') await room.resign(userId);
  }
}

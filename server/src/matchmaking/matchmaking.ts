import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { QueueName, ServerMessage } from '@shared/protocol';
import type { QueueEntry, QueueStore } from '../infra/queue-store';
import {
  LocalMatchStore,
  LocalMatcherLock,
  type MatchStore,
  type MatcherLock,
  type PendingMatch,
} from '../infra/match-store';
import { AlreadyInGameError, RoomError } from '../rooms/room';
import type { RoomManager } from '../rooms/manager';

/** Ranked pairs players whose ratings differ by at most this much at first… */
export const RANKED_WINDOW_START = 100;
/** …widening by this much for every WINDOW_STEP_MS either has waited. */
export const RANKED_WINDOW_GROWTH = 50;
export const WINDOW_STEP_MS = 5_000;
export const RANKED_WINDOW_MAX = 1_000;
/** Letting this many matches expire within EXPIRY_PERIOD_MS costs a COOLDOWN_MS wait. */
export const EXPIRIES_FOR_COOLDOWN = 3;
export const EXPIRY_PERIOD_MS = 10 * 60_000;
export const COOLDOWN_MS = 2 * 60_000;

export function rankedWindow(waitedMs: number): number {
  return Math.min(
    RANKED_WINDOW_MAX,
    RANKED_WINDOW_START + RANKED_WINDOW_GROWTH * Math.floor(waitedMs / WINDOW_STEP_MS),
  );
}

interface Player {
  userId: number;
  username: string;
}

export interface MatchmakingDeps {
  queues: QueueStore;
  /** Matches waiting for answers; in memory unless several nodes share Redis. */
  matches?: MatchStore;
  /** Lets one matcher at a time pair the shared queues; none needed on one node. */
  lock?: MatcherLock;
  rooms: RoomManager;
  now: () => number;
  matchAcceptMs: number;
  log: FastifyBaseLogger;
  send(userId: number, message: ServerMessage): void;
  ratingOf(userId: number): Promise<number>;
  /**
   * Everyone a user blocked or was blocked by: the two are never paired. A seam, since realtime
   * does not read the social module's tables itself; none by default.
   */
  blockedPartnersOf?(userId: number): Promise<number[]>;
  /** Whether a user still has a socket: one gone offline is not put back in the queue. */
  isConnected?(userId: number): boolean;
}

/**
 * Queues and the match-acceptance flow: idle → queued → MATCH_FOUND → all accept → GAME_CREATED;
 * a rejection or the window running out sends MATCH_REJECTED to everyone at the table. A 1 v 1
 * match requeues nobody; a quick table of 3 or 4 puts the others back in the queue at their old
 * place. The messages and their timings are in docs/protocol.md, "Queues and matches".
 */
export class Matchmaking {
  /** Expiry timers of the matches this node found; other nodes' matches expire through `tick`. */
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly matches: MatchStore;
  private readonly lock: MatcherLock;
  private ticking = Promise.resolve();
  /** The last tick failed: its error was logged already. */
  private failing = false;

  constructor(private readonly deps: MatchmakingDeps) {
    this.matches = deps.matches ?? new LocalMatchStore();
    this.lock = deps.lock ?? new LocalMatcherLock();
  }

  stop(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** Seconds a user must still wait after letting too many matches expire (0: none). */
  async cooldownSeconds(userId: number): Promise<number> {
    const now = this.deps.now();
    const recent = await this.matches.expiriesSince(userId, now - EXPIRY_PERIOD_MS + 1);
    if (recent.length < EXPIRIES_FOR_COOLDOWN) return 0;
    const until = recent[recent.length - 1]! + COOLDOWN_MS;
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  async join(player: Player, queue: QueueName, size = 2): Promise<void> {
    if (await this.deps.rooms.hasActiveGame(player.userId)) {
      throw new RoomError('ALREADY_IN_GAME', 'You are already in a game. Finish it before joining a queue.');
    }
    if (await this.matches.pendingFor(player.userId)) {
      throw new RoomError('ALREADY_IN_GAME', 'A match is waiting for your answer.');
    }
    const wait = await this.cooldownSeconds(player.userId);
    if (wait > 0) {
      throw new RoomError(
        'QUEUE_COOLDOWN',
        `You let ${EXPIRIES_FOR_COOLDOWN} matches expire. You can queue again in ${wait} seconds.`,
      );
    }
    const rating = queue === 'ranked' ? await this.deps.ratingOf(player.userId) : 0;
    await this.deps.queues.remove(player.userId);
    const tableSize = queue === 'ranked' ? 2 : size;
    await this.deps.queues.add({ ...player, queue, size: tableSize, rating, joinedAt: this.deps.now() });
    this.deps.send(player.userId, { type: 'QUEUE_JOIN_SUCCESS', queue, size: tableSize });
    await this.tick();
  }

  async leave(userId: number): Promise<void> {
    await this.deps.queues.remove(userId);
  }

  async status(userId: number): Promise<ServerMessage> {
    const entry = await this.deps.queues.get(userId);
    return entry
      ? { type: 'QUEUE_STATUS_RESPONSE', inQueue: true, queue: entry.queue, size: entry.size }
      : { type: 'QUEUE_STATUS_RESPONSE', inQueue: false };
  }

  /**
   * Ends matches whose window closed (including those of a node that died), then pairs whoever
   * can be paired now. Serialised here and, across nodes, by the matcher lock, so one player is
   * never matched twice.
   */
  tick(): Promise<void> {
    this.ticking = this.ticking
      .then(async () => {
        for (const match of await this.matches.takeExpired(this.deps.now())) {
          clearTimeout(this.timers.get(match.token));
          this.timers.delete(match.token);
          // Within the tick already: the pairing below covers whoever goes back to the queue.
          await this.expired(match, false);
        }
        await this.lock.run(() => this.pairAll());
      })
      .then(() => {
        this.failing = false;
      })
      .catch((error: unknown) => {
        // Once per outage, not every second while Redis is unreachable.
        if (!this.failing) this.deps.log.error({ err: error }, 'matchmaking failed');
        this.failing = true;
      });
    return this.ticking;
  }

  /**
   * The queued entries of `queue` whose players are free: anyone who started a game meanwhile
   * (practice, on another device) leaves the queue instead of being paired.
   */
  private async free(queue: QueueName): Promise<QueueEntry[]> {
    const entries = await this.deps.queues.list(queue);
    if (entries.length < 2) return entries;
    const playing = new Set(await this.deps.rooms.playingAmong(entries.map((e) => e.userId)));
    for (const userId of playing) {
      await this.deps.queues.remove(userId);
      this.deps.send(userId, {
        type: 'ERROR',
        code: 'ALREADY_IN_GAME',
        message: 'You are already in a game, so you left the queue.',
      });
    }
    return entries.filter((e) => !playing.has(e.userId));
  }

  /** Who each of these entries must not meet (a block either way). */
  private async blocksAmong(entries: QueueEntry[]): Promise<(a: number, b: number) => boolean> {
    const lookup = this.deps.blockedPartnersOf;
    if (!lookup || entries.length < 2) return () => false;
    const blocked = new Map<number, Set<number>>();
    for (const e of entries) blocked.set(e.userId, new Set(await lookup(e.userId)));
    return (a, b) => blocked.get(a)?.has(b) === true || blocked.get(b)?.has(a) === true;
  }

  private async pairAll(): Promise<void> {
    // Quick: per table size, longest waiting first, each with the next ones they all may meet.
    const quick = await this.free('quick');
    const quickBlocked = await this.blocksAmong(quick);
    const seated = new Set<number>();
    for (const a of quick) {
      if (seated.has(a.userId)) continue;
      const table = [a];
      for (const e of quick) {
        if (table.length === a.size) break;
        if (e.size !== a.size || seated.has(e.userId) || table.some((t) => t.userId === e.userId)) continue;
        if (table.some((t) => quickBlocked(t.userId, e.userId))) continue;
        table.push(e);
      }
      if (table.length < a.size) continue;
      for (const t of table) seated.add(t.userId);
      await this.found('quick', table);
    }

    const now = this.deps.now();
    const ranked = await this.free('ranked');
    const rankedBlocked = await this.blocksAmong(ranked);
    const taken = new Set<number>();
    for (const a of ranked) {
      if (taken.has(a.userId)) continue;
      let best: QueueEntry | undefined;
      for (const b of ranked) {
        if (b.userId === a.userId || taken.has(b.userId) || rankedBlocked(a.userId, b.userId)) continue;
        const gap = Math.abs(a.rating - b.rating);
        const window = Math.max(rankedWindow(now - a.joinedAt), rankedWindow(now - b.joinedAt));
        if (gap <= window && (!best || gap < Math.abs(a.rating - best.rating))) best = b;
      }
      if (best) {
        taken.add(a.userId);
        taken.add(best.userId);
        await this.found('ranked', [a, best]);
      }
    }
  }

  private async found(queue: QueueName, players: QueueEntry[]): Promise<void> {
    for (const p of players) await this.deps.queues.remove(p.userId);
    const token = `m_${randomBytes(12).toString('base64url')}`;
    const deadline = this.deps.now() + this.deps.matchAcceptMs;
    await this.matches.create({ token, queue, players, accepted: [], deadline });
    const timer = setTimeout(() => this.expire(token), this.deps.matchAcceptMs);
    timer.unref();
    this.timers.set(token, timer);
    const avatars = await this.deps.rooms.avatarsOf(players.map((p) => p.userId));
    const opponent = (p: QueueEntry) => ({ username: p.username, avatarUrl: avatars.get(p.userId) ?? null });
    for (const p of players) {
      const opponents = players.filter((o) => o.userId !== p.userId).map(opponent);
      this.deps.send(p.userId, { type: 'MATCH_FOUND', token, opponent: opponents[0]!, opponents });
    }
  }

  async accept(userId: number, token: string): Promise<void> {
    const answered = await this.matches.accept(token, userId);
    if (!answered) throw gone();
    for (const other of answered.players) {
      if (other.userId !== userId)
        this.deps.send(other.userId, { type: 'MATCH_ACCEPTANCE_UPDATE', token, accepted: true });
    }
    if (answered.accepted.length < answered.players.length) return;
    // The last answer: whoever takes the match starts it (an expiry racing this may win instead).
    const match = await this.take(token);
    if (!match) return;
    let room;
    try {
      room = await this.deps.rooms.create(
        match.queue,
        match.players.map((p) => ({ userId: p.userId, username: p.username })),
      );
    } catch (error) {
      if (!(error instanceof AlreadyInGameError)) throw error;
      // Some of them started another game since the match was found: the match cannot start.
      for (const p of match.players)
        this.deps.send(p.userId, { type: 'MATCH_REJECTED', token, rejectedBy: error.userIds[0]! });
      await this.requeue(match, error.userIds);
      return;
    }
    for (const p of match.players) this.deps.send(p.userId, { type: 'GAME_CREATED', gameId: room.id });
  }

  async reject(userId: number, token: string): Promise<void> {
    const seen = await this.matches.get(token);
    if (!seen || !seen.players.some((p) => p.userId === userId)) throw gone();
    const match = await this.take(token);
    if (!match) throw gone();
    for (const p of match.players)
      this.deps.send(p.userId, { type: 'MATCH_REJECTED', token, rejectedBy: userId });
    await this.requeue(match, [userId]);
  }

  /** The window of a match this node found closed. */
  private expire(token: string): void {
    this.take(token)
      .then((match) => match && this.expired(match, true))
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'match expiry failed'));
  }

  private async expired(match: PendingMatch, pairAfter: boolean): Promise<void> {
    const idle = match.players.filter((p) => !match.accepted.includes(p.userId));
    if (idle.length === 0) return;
    await this.matches.recordExpiry(
      idle.map((p) => p.userId),
      this.deps.now(),
      EXPIRY_PERIOD_MS,
    );
    for (const p of match.players)
      this.deps.send(p.userId, { type: 'MATCH_REJECTED', token: match.token, rejectedBy: idle[0]!.userId });
    await this.requeue(
      match,
      idle.map((p) => p.userId),
      pairAfter,
    );
  }

  /**
   * A table of 3 or 4 that did not start: everyone but `leaving` (who declined, let it expire or is
   * busy) goes back to the queue at their old place, and is told so. A 1 v 1 match requeues nobody.
   */
  private async requeue(match: PendingMatch, leaving: readonly number[], pairAfter = true): Promise<void> {
    if (match.players.length <= 2) return;
    const back = match.players.filter((p) => !leaving.includes(p.userId));
    for (const entry of back) {
      // Joined something else meanwhile (another queue, another match): that choice stands.
      if ((await this.matches.pendingFor(entry.userId)) || (await this.deps.queues.get(entry.userId)))
        continue;
      if (this.deps.isConnected && !this.deps.isConnected(entry.userId)) continue;
      await this.deps.queues.add(entry);
      this.deps.send(entry.userId, { type: 'QUEUE_JOIN_SUCCESS', queue: entry.queue, size: entry.size });
    }
    if (pairAfter) await this.tick();
  }

  /** Takes the match from the store (one caller only gets it) and drops its timer here. */
  private async take(token: string): Promise<PendingMatch | undefined> {
    clearTimeout(this.timers.get(token));
    this.timers.delete(token);
    return this.matches.take(token);
  }
}

function gone(): RoomError {
  return new RoomError('MATCH_NOT_FOUND', 'This match is no longer available');
}

import type { QueueName } from '@shared/protocol';
import type { QueueEntry } from './queue-store';

/** A match found and waiting for its players' answers (docs/protocol.md, "Queues and matches"). */
export interface PendingMatch {
  token: string;
  queue: QueueName;
  /** Their queue entries, in seat order: a table of 3 or 4 puts the others back with these. */
  players: QueueEntry[];
  /** Who accepted so far. */
  accepted: number[];
  /** When the acceptance window closes (ms since the epoch, the app's clock). */
  deadline: number;
}

/**
 * Matches waiting for answers, and the expiries that lead to a cooldown. Shared by all nodes in
 * Redis, so an answer reaching any node counts. `take` hands a match to exactly one caller: that
 * caller decides how it ends (started, rejected or expired), so no match ends twice.
 */
export interface MatchStore {
  create(match: PendingMatch): Promise<void>;
  /** The token of the match waiting for this user's answer, if any. */
  pendingFor(userId: number): Promise<string | undefined>;
  /** Records the user's acceptance; the match as it now stands, or undefined if gone or not theirs. */
  accept(token: string, userId: number): Promise<PendingMatch | undefined>;
  get(token: string): Promise<PendingMatch | undefined>;
  /** Removes the match and returns it, to one caller only. */
  take(token: string): Promise<PendingMatch | undefined>;
  /** Takes every match whose deadline is at or before `now` (a node that died leaves some behind). */
  takeExpired(now: number): Promise<PendingMatch[]>;
  /** Remembers that these users let a match expire at `at`; entries older than `keepMs` may go. */
  recordExpiry(userIds: readonly number[], at: number, keepMs: number): Promise<void>;
  /** When this user let matches expire, oldest first, from `since` on. */
  expiriesSince(userId: number, since: number): Promise<number[]>;
}

/**
 * Serialises work one node at a time does: matching, and (a lock of its own) the payments sweep.
 * `run` calls `fn` only while no other holder anywhere is running.
 */
export interface MatcherLock {
  /** Runs `fn` holding the lock; false (without running it) when another matcher holds it. */
  run(fn: () => Promise<void>): Promise<boolean>;
}

/** One node: its matcher is already serialised in process. */
export class LocalMatcherLock implements MatcherLock {
  async run(fn: () => Promise<void>) {
    await fn();
    return true;
  }
}

export class LocalMatchStore implements MatchStore {
  private readonly matches = new Map<string, PendingMatch>();
  private readonly byUser = new Map<number, string>();
  private readonly expiries = new Map<number, number[]>();

  async create(match: PendingMatch) {
    this.matches.set(match.token, { ...match, accepted: [...match.accepted] });
    for (const p of match.players) this.byUser.set(p.userId, match.token);
  }

  async pendingFor(userId: number) {
    return this.byUser.get(userId);
  }

  async accept(token: string, userId: number) {
    const match = this.matches.get(token);
    if (!match || !match.players.some((p) => p.userId === userId)) return undefined;
    if (!match.accepted.includes(userId)) match.accepted.push(userId);
    return { ...match, accepted: [...match.accepted] };
  }

  async get(token: string) {
    const match = this.matches.get(token);
    return match && { ...match, accepted: [...match.accepted] };
  }

  async take(token: string) {
    const match = this.matches.get(token);
    if (!match) return undefined;
    this.matches.delete(token);
    for (const p of match.players) if (this.byUser.get(p.userId) === token) this.byUser.delete(p.userId);
    return match;
  }

  async takeExpired(now: number) {
    const due = [...this.matches.values()].filter((m) => m.deadline <= now);
    const taken: PendingMatch[] = [];
    for (const m of due) {
      const match = await this.take(m.token);
      if (match) taken.push(match);
    }
    return taken;
  }

  async recordExpiry(userIds: readonly number[], at: number, keepMs: number) {
    for (const id of userIds) {
      const recent = (this.expiries.get(id) ?? []).filter((t) => at - t < keepMs);
      this.expiries.set(id, [...recent, at]);
    }
  }

  async expiriesSince(userId: number, since: number) {
    return (this.expiries.get(userId) ?? []).filter((t) => t >= since);
  }
}

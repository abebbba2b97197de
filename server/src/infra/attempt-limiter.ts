/** Failures per key in a window: in memory here, in Redis for several nodes (infra/redis/limits.ts). */
export interface AttemptLimits {
  /** Milliseconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): number | Promise<number>;
  fail(key: string): void | Promise<void>;
  reset(key: string): void | Promise<void>;
}

/**
 * Counts failures per key (e.g. an account name) in a fixed window and says how long to wait once
 * the limit is reached. In memory, bounded in size; a success clears the key.
 */
export class AttemptLimiter {
  private readonly entries = new Map<string, { failures: number; windowStart: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Milliseconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const elapsed = this.now() - entry.windowStart;
    if (elapsed >= this.windowMs) {
      this.entries.delete(key);
      return 0;
    }
    return entry.failures >= this.maxFailures ? this.windowMs - elapsed : 0;
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.windowStart < this.windowMs) {
      entry.failures++;
      return;
    }
    if (this.entries.size >= this.maxKeys) this.prune(now);
    this.entries.set(key, { failures: 1, windowStart: now });
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.windowStart >= this.windowMs) this.entries.delete(key);
    }
    // Still full of live entries: drop the oldest rather than grow without bound.
    if (this.entries.size >= this.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

/**
 * How failures slow a key down: the first `free` cost nothing; after that each attempt must wait
 * twice as long after the last failure as the one before it did, from `firstDelayMs` up to
 * `maxDelayMs`. A key forgets its failures `forgetAfterMs` after the last one, which is longer
 * than `maxDelayMs`, so waiting out the delay never wipes the count.
 */
export interface BackoffPolicy {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** How long after its last failure a key with `failures` must wait. */
export function backoffDelay(policy: BackoffPolicy, failures: number): number {
  if (failures < policy.free) return 0;
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.min(failures - policy.free, 40));
}

/**
 * Growing delays per key instead of a lock: a guesser is slowed to a crawl, but nothing is ever
 * closed outright, so whoever else shares a key's subject is never shut out by it. In memory,
 * bounded in size; in Redis for several nodes (infra/redis/limits.ts).
 */
export class BackoffLimiter implements AttemptLimits {
  private readonly entries = new Map<string, { failures: number; last: number }>();

  constructor(
    private readonly policy: BackoffPolicy,
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  retryAfter(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const now = this.now();
    if (now - entry.last >= this.policy.forgetAfterMs) {
      this.entries.delete(key);
      return 0;
    }
    return Math.max(0, entry.last + backoffDelay(this.policy, entry.failures) - now);
  }

  fail(key: string): void {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.last < this.policy.forgetAfterMs) {
      entry.failures++;
      entry.last = now;
      // Most recently failed last, so the oldest is the first to go when full.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return;
    }
    if (this.entries.size >= this.maxKeys) this.prune(now);
    this.entries.delete(key);
    this.entries.set(key, { failures: 1, last: now });
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.entries) {
      if (now - entry.last >= this.policy.forgetAfterMs) this.entries.delete(key);
    }
    if (this.entries.size >= this.maxKeys) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

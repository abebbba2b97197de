import { EMOTE_BURST, EMOTE_REFILL_MS } from '@shared/protocol';

/**
 * Each player's reactions at one table: a bucket of EMOTE_BURST that refills one every
 * EMOTE_REFILL_MS (see docs/protocol.md, "Table reactions"). Held by the room, on the node that
 * owns it, so every node's players are counted in one place; a room adopted by another node
 * starts with full buckets, which costs at most one extra burst.
 */
export class EmoteLimits {
  private readonly buckets = new Map<number, { tokens: number; at: number }>();

  constructor(
    private readonly burst = EMOTE_BURST,
    private readonly refillMs = EMOTE_REFILL_MS,
  ) {}

  /** Spends one of the player's reactions; false (nothing spent) when they have none left. */
  take(userId: number, now: number): boolean {
    const bucket = this.buckets.get(userId) ?? { tokens: this.burst, at: now };
    // A clock that steps back refills nothing.
    const refilled = Math.max(0, now - bucket.at) / this.refillMs;
    const tokens = Math.min(this.burst, bucket.tokens + refilled);
    if (tokens < 1) {
      this.buckets.set(userId, { tokens, at: Math.max(now, bucket.at) });
      return false;
    }
    this.buckets.set(userId, { tokens: tokens - 1, at: Math.max(now, bucket.at) });
    return true;
  }
}

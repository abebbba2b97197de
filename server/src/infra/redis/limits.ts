import { backoffDelay, type AttemptLimits, type BackoffPolicy } from '../attempt-limiter';
import type { RedisConnections } from './connection';

/*
 * Limits every node must count together (see docs/scale-out.md, "Rate limits"):
 *   attempts:<name>:<key>   failures in the current window (expires with the window)
 *   backoff:<name>:<key>    hash {n: failures, last: time of the last one}, forgotten a while after it
 *   chat:rate:<user id>     sorted set of the client ids of recent messages, by time sent
 */

/** KEYS: counter. ARGV: window ms. Counts a failure; the first one starts the window. */
const FAIL = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

/** KEYS: sent set. ARGV: now, window ms, limit, client id. 1 when the message may go. */
const CHAT_TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZSCORE', KEYS[1], ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
`;

/**
 * KEYS: hash. ARGV: now, forget-after ms. Counts a failure at `now`, from 1 again when the last
 * one is forgotten by then (Redis's expiry may not have run yet). The caller's clock, not
 * Redis's, so every node and the tests agree with the in-memory BackoffLimiter.
 */
const BACKOFF_FAIL = `
local last = redis.call('HGET', KEYS[1], 'last')
if last and tonumber(ARGV[1]) - tonumber(last) >= tonumber(ARGV[2]) then redis.call('DEL', KEYS[1]) end
local n = redis.call('HINCRBY', KEYS[1], 'n', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return n
`;

type Scripted = RedisConnections['command'] & {
  backoffFail(key: string, now: number, forgetAfterMs: number): Promise<number>;
  attemptFail(key: string, windowMs: number): Promise<number>;
  chatTake(key: string, now: number, windowMs: number, limit: number, clientId: string): Promise<number>;
};

function scripted(conn: RedisConnections): Scripted {
  const r = conn.command;
  if (!('attemptFail' in r)) {
    r.defineCommand('attemptFail', { numberOfKeys: 1, lua: FAIL });
    r.defineCommand('backoffFail', { numberOfKeys: 1, lua: BACKOFF_FAIL });
    r.defineCommand('chatTake', { numberOfKeys: 1, lua: CHAT_TAKE });
  }
  return r as Scripted;
}

/**
 * Failures per key in a fixed window, shared by all nodes: the same contract as the in-memory
 * AttemptLimiter. While Redis is unreachable its calls reject, so sign-in answers 503 rather than
 * letting guesses through unlimited.
 */
export class RedisAttemptLimiter {
  private readonly redis: Scripted;

  constructor(
    private readonly conn: RedisConnections,
    private readonly name: string,
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {
    this.redis = scripted(conn);
  }

  async retryAfter(key: string): Promise<number> {
    const k = this.key(key);
    const [count, ttl] = await Promise.all([this.conn.command.get(k), this.conn.command.pttl(k)]);
    return Number(count ?? 0) >= this.maxFailures && ttl > 0 ? ttl : 0;
  }

  async fail(key: string): Promise<void> {
    await this.redis.attemptFail(this.key(key), this.windowMs);
  }

  async reset(key: string): Promise<void> {
    await this.conn.command.del(this.key(key));
  }

  private key(key: string) {
    return this.conn.key('attempts', this.name, key);
  }
}

/**
 * Growing delays per key, shared by all nodes: the same contract as the in-memory BackoffLimiter.
 * While Redis is unreachable its calls reject, so sign-in answers 503 rather than letting guesses
 * through unlimited.
 */
export class RedisBackoffLimiter implements AttemptLimits {
  private readonly redis: Scripted;

  constructor(
    private readonly conn: RedisConnections,
    private readonly name: string,
    private readonly policy: BackoffPolicy,
    private readonly now: () => number,
  ) {
    this.redis = scripted(conn);
  }

  async retryAfter(key: string): Promise<number> {
    const [failures, last] = await this.conn.command.hmget(this.key(key), 'n', 'last');
    if (failures === null || last === null) return 0;
    const now = this.now();
    if (now - Number(last) >= this.policy.forgetAfterMs) return 0;
    return Math.max(0, Number(last) + backoffDelay(this.policy, Number(failures)) - now);
  }

  async fail(key: string): Promise<void> {
    await this.redis.backoffFail(this.key(key), this.now(), this.policy.forgetAfterMs);
  }

  async reset(key: string): Promise<void> {
    await this.conn.command.del(this.key(key));
  }

  private key(key: string) {
    return this.conn.key('backoff', this.name, key);
  }
}

/** Chat messages per sender in a sliding window, shared by all nodes (like ChatRateLimiter). */
export class RedisChatRateLimiter {
  private readonly redis: Scripted;

  constructor(
    private readonly conn: RedisConnections,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.redis = scripted(conn);
  }

  async take(userId: number, clientId: string, now: number): Promise<boolean> {
    const key = this.conn.key('chat', 'rate', userId);
    return (await this.redis.chatTake(key, now, this.windowMs, this.limit, clientId)) === 1;
  }
}

import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { queueNameSchema, type QueueName } from '@shared/protocol';
import type { MatchStore, MatcherLock, PendingMatch } from '../match-store';
import type { QueueEntry, QueueStore } from '../queue-store';
import { AnswerRecords, parseAnswers } from './answers';
import type { RedisConnections } from './connection';

const QUEUE_NAMES = queueNameSchema.options;

/*
 * Keys (under the prefix; see docs/scale-out.md, "Queues and matches"):
 *   queue:entries              hash user id → queue entry (JSON); one entry per user
 *   queue:<name>               sorted set of user ids by the time they joined
 *   match:<token>              the pending match (JSON), expiring a while after its deadline
 *   match:user:<id>            the token of the match waiting for the user's answer
 *   match:deadlines            sorted set of tokens by deadline, for expiring a dead node's matches
 *   match:expiries:<id>        sorted set of the times the user let a match expire
 *   matcher:lock               the node pairing the queues now, with a lease
 *   payments:sweep:lock        the node sweeping stale payments now, with a lease
 */

/** KEYS: entries hash, then every queue set. ARGV: user id. Removes the entry; returns it (or nil). */
const QUEUE_REMOVE = `
local entry = redis.call('HGET', KEYS[1], ARGV[1])
if not entry then return false end
redis.call('HDEL', KEYS[1], ARGV[1])
for i = 2, #KEYS do redis.call('ZREM', KEYS[i], ARGV[1]) end
return entry
`;

/** KEYS: entries hash, the entry's queue set, then every queue set. ARGV: user id, JSON, joinedAt. */
const QUEUE_ADD = `
for i = 3, #KEYS do redis.call('ZREM', KEYS[i], ARGV[1]) end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
return 1
`;

/** KEYS: lock. ARGV: owner, lease ms. Extends the lease if still ours. */
const LOCK_RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
`;

/** KEYS: lock. ARGV: owner. Releases the lock if still ours. */
const LOCK_RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`;

type Scripted = RedisConnections['command'] & {
  queueRemove(...args: (string | number)[]): Promise<string | null>;
  queueAdd(...args: (string | number)[]): Promise<number>;
  lockRenew(key: string, owner: string, leaseMs: number): Promise<number>;
  lockRelease(key: string, owner: string): Promise<number>;
};

/** Defines the scripts once per connection; ioredis runs them by EVALSHA and reloads them if Redis forgot. */
function scripted(conn: RedisConnections): Scripted {
  const r = conn.command;
  if (!('queueRemove' in r)) {
    r.defineCommand('queueRemove', { lua: QUEUE_REMOVE });
    r.defineCommand('queueAdd', { lua: QUEUE_ADD });
    r.defineCommand('lockRenew', { numberOfKeys: 1, lua: LOCK_RENEW });
    r.defineCommand('lockRelease', { numberOfKeys: 1, lua: LOCK_RELEASE });
  }
  return r as Scripted;
}

export class RedisQueueStore implements QueueStore {
  private readonly redis: Scripted;

  constructor(private readonly conn: RedisConnections) {
    this.redis = scripted(conn);
  }

  async add(entry: QueueEntry): Promise<void> {
    const queues = QUEUE_NAMES.map((q) => this.queueKey(q));
    await this.redis.queueAdd(
      2 + queues.length,
      this.entriesKey(),
      this.queueKey(entry.queue),
      ...queues,
      entry.userId,
      JSON.stringify(entry),
      entry.joinedAt,
    );
  }

  async remove(userId: number): Promise<QueueEntry | undefined> {
    const queues = QUEUE_NAMES.map((q) => this.queueKey(q));
    const raw = await this.redis.queueRemove(1 + queues.length, this.entriesKey(), ...queues, userId);
    return raw ? (JSON.parse(raw) as QueueEntry) : undefined;
  }

  async get(userId: number): Promise<QueueEntry | undefined> {
    const raw = await this.conn.command.hget(this.entriesKey(), String(userId));
    return raw ? (JSON.parse(raw) as QueueEntry) : undefined;
  }

  async list(queue: QueueName): Promise<QueueEntry[]> {
    const ids = await this.conn.command.zrange(this.queueKey(queue), 0, -1);
    if (ids.length === 0) return [];
    const raws = await this.conn.command.hmget(this.entriesKey(), ...ids);
    return raws.filter((r): r is string => r !== null).map((r) => JSON.parse(r) as QueueEntry);
  }

  private entriesKey() {
    return this.conn.key('queue', 'entries');
  }

  private queueKey(queue: QueueName) {
    return this.conn.key('queue', queue);
  }
}

/**
 * How long a match's record may live before Redis drops it on its own: longer than any acceptance
 * window (MATCH_ACCEPT_SECONDS is at most 600), a safety net for records nobody took.
 */
const MATCH_LINGER_MS = 20 * 60_000;

export class RedisMatchStore implements MatchStore {
  /** Accepting, taking and expiring: what matches share with rematch offers. */
  private readonly matches: AnswerRecords<PendingMatch>;

  constructor(private readonly conn: RedisConnections) {
    this.matches = new AnswerRecords(
      conn,
      {
        record: (token) => this.matchKey(token),
        userPrefix: conn.key('match', 'user', ''),
        deadlines: this.deadlinesKey(),
      },
      'players',
    );
  }

  async create(match: PendingMatch): Promise<void> {
    const ttl = MATCH_LINGER_MS;
    const multi = this.conn.command.multi();
    multi.set(this.matchKey(match.token), JSON.stringify(match), 'PX', ttl);
    multi.zadd(this.deadlinesKey(), match.deadline, match.token);
    for (const p of match.players) multi.set(this.userKey(p.userId), match.token, 'PX', ttl);
    await multi.exec();
  }

  async pendingFor(userId: number): Promise<string | undefined> {
    return (await this.conn.command.get(this.userKey(userId))) ?? undefined;
  }

  accept(token: string, userId: number): Promise<PendingMatch | undefined> {
    return this.matches.accept(token, userId);
  }

  async get(token: string): Promise<PendingMatch | undefined> {
    const raw = await this.conn.command.get(this.matchKey(token));
    return raw ? parseAnswers<PendingMatch>(raw) : undefined;
  }

  take(token: string): Promise<PendingMatch | undefined> {
    return this.matches.take(token);
  }

  takeExpired(now: number): Promise<PendingMatch[]> {
    return this.matches.takeExpired(now);
  }

  async recordExpiry(userIds: readonly number[], at: number, keepMs: number): Promise<void> {
    const multi = this.conn.command.multi();
    for (const id of userIds) {
      const key = this.conn.key('match', 'expiries', id);
      multi.zadd(key, at, `${at}:${randomBytes(3).toString('hex')}`);
      multi.zremrangebyscore(key, '-inf', at - keepMs);
      multi.pexpire(key, keepMs);
    }
    await multi.exec();
  }

  async expiriesSince(userId: number, since: number): Promise<number[]> {
    const key = this.conn.key('match', 'expiries', userId);
    const members = await this.conn.command.zrangebyscore(key, since, '+inf', 'WITHSCORES');
    const times: number[] = [];
    for (let i = 1; i < members.length; i += 2) times.push(Number(members[i]));
    return times;
  }

  private matchKey(token: string) {
    return this.conn.key('match', token);
  }

  private userKey(userId: number) {
    return this.conn.key('match', 'user', userId);
  }

  private deadlinesKey() {
    return this.conn.key('match', 'deadlines');
  }
}

/**
 * One matcher at a time across nodes: SET NX with a lease, renewed while pairing runs, released
 * only by its holder. A node that dies mid-pairing holds it at most one lease.
 */
export class RedisMatcherLock implements MatcherLock {
  private readonly redis: Scripted;

  constructor(
    private readonly conn: RedisConnections,
    private readonly owner: string,
    private readonly log: FastifyBaseLogger,
    private readonly leaseMs = 5_000,
    /** The lock's key: `matcher` serialises matching; the payments sweep has its own. */
    private readonly name = 'matcher',
  ) {
    this.redis = scripted(conn);
  }

  async run(fn: () => Promise<void>): Promise<boolean> {
    const key = this.conn.key(this.name, 'lock');
    // A random tail: a holder that lost its lease and took it again is not confused with itself.
    const token = `${this.owner}:${randomBytes(4).toString('hex')}`;
    const got = await this.conn.command.set(key, token, 'PX', this.leaseMs, 'NX');
    if (got !== 'OK') return false;
    const renew = setInterval(() => {
      this.redis.lockRenew(key, token, this.leaseMs).catch((error: unknown) => {
        this.log.warn({ err: error }, `${this.name} lock: renewal failed`);
      });
    }, this.leaseMs / 3);
    renew.unref();
    try {
      await fn();
    } finally {
      clearInterval(renew);
      await this.redis.lockRelease(key, token).catch((error: unknown) => {
        this.log.warn({ err: error }, `${this.name} lock: release failed (it expires with its lease)`);
      });
    }
    return true;
  }
}

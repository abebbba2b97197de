import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { CHAT_RATE_LIMIT, CHAT_RATE_WINDOW_MS } from '@shared/protocol';
import { AttemptLimiter, BackoffLimiter, type AttemptLimits } from './attempt-limiter';
import { LocalBus, type Bus } from './bus';
import { LocalMatchStore, LocalMatcherLock, type MatchStore, type MatcherLock } from './match-store';
import { LocalRematchStore, type RematchStore } from './rematch-store';
import { LocalPresenceStore, type PresenceStore } from './presence-store';
import { LocalQueueStore, type QueueStore } from './queue-store';
import { RedisBus } from './redis/bus';
import { createRedis, type RedisConnections } from './redis/connection';
import { RedisAttemptLimiter, RedisBackoffLimiter, RedisChatRateLimiter } from './redis/limits';
import { ADDRESS_POLICY, PAIR_POLICY, SignInThrottle } from './sign-in-throttle';
import { RedisPresenceStore } from './redis/presence';
import { RedisMatchStore, RedisMatcherLock, RedisQueueStore } from './redis/queues';
import { RedisRematchStore } from './redis/rematches';

/**
 * The live state every node must agree on, chosen in one place: in memory on a single node, in
 * Redis when REDIS_URL is set (see docs/scale-out.md). The rest of the server sees only the
 * interfaces.
 */
export interface Seams {
  nodeId: string;
  bus: Bus;
  presence: PresenceStore;
  queues: QueueStore;
  matches: MatchStore;
  lock: MatcherLock;
  /** Held by the node sweeping stale payments, so one node at a time asks the provider. */
  paymentSweepLock: MatcherLock;
  rematches: RematchStore;
  /** Failed sign-ins per account name: 5 in 15 minutes. */
  loginFailures: SignInThrottle;
  /** "Forgot password?" requests per e-mail address: 5 in an hour. */
  resetRequests: AttemptLimits;
  /** Chat messages per sender across nodes; undefined: the chat module counts in memory. */
  chatRate: RedisChatRateLimiter | undefined;
  /** The Redis connections when several nodes share Redis; null on a single node. */
  redis: RedisConnections | null;
  /** Starts background work (presence heartbeats). */
  start(): void;
  close(): Promise<void>;
}

const RESET_REQUESTS = 5;
const RESET_WINDOW_MS = 60 * 60_000;

export async function createSeams(config: Config, log: FastifyBaseLogger, now: () => number): Promise<Seams> {
  const { nodeId } = config.cluster;
  if (!config.redisUrl) {
    return {
      nodeId,
      bus: new LocalBus(),
      presence: new LocalPresenceStore(),
      queues: new LocalQueueStore(),
      matches: new LocalMatchStore(),
      lock: new LocalMatcherLock(),
      paymentSweepLock: new LocalMatcherLock(),
      rematches: new LocalRematchStore(),
      loginFailures: new SignInThrottle(
        new BackoffLimiter(PAIR_POLICY, now),
        new BackoffLimiter(ADDRESS_POLICY, now),
      ),
      resetRequests: new AttemptLimiter(RESET_REQUESTS, RESET_WINDOW_MS, now),
      chatRate: undefined,
      redis: null,
      start() {},
      async close() {},
    };
  }
  const redis = createRedis(config.redisUrl, config.cluster.redisPrefix);
  try {
    await redis.ready();
  } catch (error) {
    // Start anyway: the connection keeps retrying, and what needs Redis answers "unavailable"
    // until it does (docs/operations.md, "Running several nodes").
    log.warn({ err: error }, 'Redis is not answering yet; retrying in the background');
  }
  const presence = new RedisPresenceStore(redis, {
    nodeId,
    heartbeatMs: config.cluster.heartbeatMs,
    nodeTtlMs: config.cluster.nodeTtlMs,
    log,
  });
  return {
    nodeId,
    bus: new RedisBus(redis, nodeId, log),
    presence,
    queues: new RedisQueueStore(redis),
    matches: new RedisMatchStore(redis),
    lock: new RedisMatcherLock(redis, nodeId, log),
    // A sweep can take minutes (one verify call after another): its lease is renewed meanwhile.
    paymentSweepLock: new RedisMatcherLock(redis, nodeId, log, 30_000, 'payments:sweep'),
    rematches: new RedisRematchStore(redis),
    loginFailures: new SignInThrottle(
      new RedisBackoffLimiter(redis, 'login', PAIR_POLICY, now),
      new RedisBackoffLimiter(redis, 'login-address', ADDRESS_POLICY, now),
    ),
    resetRequests: new RedisAttemptLimiter(redis, 'reset', RESET_REQUESTS, RESET_WINDOW_MS),
    chatRate: new RedisChatRateLimiter(redis, CHAT_RATE_LIMIT, CHAT_RATE_WINDOW_MS),
    redis,
    start: () => presence.start(),
    async close() {
      await presence.stop();
      await redis.close();
    },
  };
}

import { Redis, type RedisOptions } from 'ioredis';

/**
 * One place that opens Redis connections for the scale-out seams (see docs/scale-out.md).
 *
 * Commands fail fast while Redis is unreachable (no offline queue, one retry per request), so a
 * request or socket frame gets a clear "unavailable" error instead of hanging; the client keeps
 * reconnecting in the background and everything works again once Redis answers.
 */
export interface RedisConnections {
  /** Commands (and publishing). */
  readonly command: Redis;
  /** A second connection in subscriber mode: pub/sub needs one of its own. */
  readonly subscriber: Redis;
  /** Every key this deployment uses starts with this (REDIS_PREFIX), so several can share a Redis. */
  readonly prefix: string;
  /** `key('presence', 'user', 7)` → `<prefix>presence:user:7`. */
  key(...parts: (string | number)[]): string;
  /** Resolves once both connections are ready (or rejects with the reason Redis is unreachable). */
  ready(): Promise<void>;
  /** True while the command connection is usable. */
  isReady(): boolean;
  close(): Promise<void>;
}

/** Backoff between reconnection attempts: quick at first, at most two seconds. */
export function retryDelayMs(attempt: number): number {
  return Math.min(50 * 2 ** Math.min(attempt, 10), 2_000);
}

export function redisOptions(extra: RedisOptions = {}): RedisOptions {
  return {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A network that silently drops packets would otherwise leave a command waiting forever.
    commandTimeout: 2_000,
    retryStrategy: retryDelayMs,
    // A restarted Redis (or a failover) forgets scripts; ioredis reloads defined commands itself.
    enableReadyCheck: true,
    ...extra,
  };
}

/** Error raised by our own code when Redis is not ready; ioredis raises similar ones itself. */
export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
  constructor(cause?: unknown) {
    super('Redis is unavailable', cause === undefined ? undefined : { cause });
  }
}

/**
 * Whether an error means "Redis cannot be reached right now" (as opposed to a bug in a command):
 * the connection is closed or reconnecting, the offline queue refused it, or it timed out.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (error instanceof RedisUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const text = `${error.name} ${error.message}`;
  return /Connection is closed|enableOfflineQueue|MaxRetriesPerRequest|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|Stream isn't writeable|connect ETIMEDOUT|Command timed out/i.test(
    text,
  );
}

export function createRedis(url: string, prefix: string): RedisConnections {
  const command = new Redis(url, redisOptions({ connectionName: 'spar' }));
  // ioredis re-subscribes after a reconnect; RedisBus also subscribes again on 'ready' to every
  // channel it needs, which covers subscriptions that failed while Redis was unreachable.
  const subscriber = new Redis(url, redisOptions({ connectionName: 'spar-sub' }));
  // Without a listener an unreachable Redis would be an unhandled 'error' event and crash the
  // process; failed commands still reject, and callers turn that into clear errors.
  command.on('error', () => {});
  subscriber.on('error', () => {});
  const connect = (r: Redis) =>
    r.status === 'wait' ? r.connect().catch(() => undefined) : Promise.resolve(undefined);
  let opening: Promise<void> | undefined;
  return {
    command,
    subscriber,
    prefix,
    key: (...parts) => `${prefix}${parts.join(':')}`,
    ready() {
      opening ??= Promise.all([connect(command), connect(subscriber)]).then(() => undefined);
      return opening.then(() => {
        if (command.status !== 'ready') throw new RedisUnavailableError();
      });
    },
    isReady: () => command.status === 'ready',
    async close() {
      await Promise.all([command, subscriber].map((r) => r.quit().catch(() => r.disconnect())));
    },
  };
}

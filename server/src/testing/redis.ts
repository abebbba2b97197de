import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach } from 'vitest';
import { createRedis, type RedisConnections } from '../infra/redis/connection';

/** Redis suites run when REDIS_URL is set (CI sets it), like the PostgreSQL ones with DATABASE_URL. */
export const REDIS_URL = process.env.REDIS_URL;

/** A key prefix of its own per test, so parallel runs on one Redis never see each other's keys. */
export function testPrefix(): string {
  return `spartest:${randomBytes(5).toString('hex')}:`;
}

/** Deletes every key under `prefix` (after a test). */
export async function dropPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * `connect(prefix?)` opens a node's connections to REDIS_URL (a fresh prefix unless one is given,
 * to share keys with another node); after each test they are closed and their keys deleted.
 */
export function redisForTests(): (prefix?: string) => Promise<RedisConnections> {
  const opened: RedisConnections[] = [];
  afterEach(async () => {
    for (const r of opened.splice(0)) {
      await r.close();
      await dropPrefix(REDIS_URL!, r.prefix);
    }
  });
  return async (prefix = testPrefix()) => {
    const redis = createRedis(REDIS_URL!, prefix);
    opened.push(redis);
    await redis.ready();
    return redis;
  };
}

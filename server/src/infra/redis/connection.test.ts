import { afterEach, describe, expect, it } from 'vitest';
import { TcpProxy } from '../../testing/tcp-proxy';
import { createRedis, isRedisUnavailable, retryDelayMs, type RedisConnections } from './connection';
import { REDIS_URL, dropPrefix, testPrefix } from '../../testing/redis';

describe('retryDelayMs', () => {
  it('backs off and stays at two seconds at most', () => {
    expect(retryDelayMs(1)).toBeLessThan(retryDelayMs(3));
    expect(retryDelayMs(50)).toBe(2_000);
  });
});

describe.skipIf(!REDIS_URL)('createRedis', () => {
  const opened: RedisConnections[] = [];
  const proxies: TcpProxy[] = [];
  afterEach(async () => {
    for (const r of opened.splice(0)) {
      await r.close();
      await dropPrefix(REDIS_URL!, r.prefix);
    }
    for (const p of proxies.splice(0)) await p.close();
  });

  it('prefixes keys and runs commands', async () => {
    const redis = createRedis(REDIS_URL!, testPrefix());
    opened.push(redis);
    await redis.ready();
    expect(redis.key('presence', 'user', 7)).toBe(`${redis.prefix}presence:user:7`);
    await redis.command.set(redis.key('x'), '1');
    expect(await redis.command.get(redis.key('x'))).toBe('1');
  });

  it('fails fast with a recognisable error while Redis is unreachable, and recovers', async () => {
    const { proxy, url } = TcpProxy.forUrl(REDIS_URL!);
    proxies.push(proxy);
    await proxy.listen();
    const redis = createRedis(url(), testPrefix());
    opened.push(redis);
    await redis.ready();
    await redis.command.set(redis.key('k'), 'v');

    proxy.pause();
    const started = Date.now();
    const failure = await redis.command.get(redis.key('k')).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(isRedisUnavailable(failure)).toBe(true);
    expect(Date.now() - started).toBeLessThan(3_000);

    await proxy.resume();
    await expect.poll(() => redis.isReady(), { timeout: 5_000 }).toBe(true);
    expect(await redis.command.get(redis.key('k'))).toBe('v');
  });

  it('rejects ready() with a clear error when nothing listens', async () => {
    const proxy = new TcpProxy('127.0.0.1', 6379);
    proxies.push(proxy);
    await proxy.listen();
    proxy.pause();
    const redis = createRedis(`redis://127.0.0.1:${proxy.port}`, testPrefix());
    opened.push(redis);
    await expect(redis.ready()).rejects.toThrow(/unavailable/i);
  });
});

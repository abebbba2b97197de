import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRoomDirectory } from './room-directory';

const url = process.env.REDIS_URL;

describe.skipIf(!url)('RedisRoomDirectory', () => {
  let redis: Redis;
  const prefix = `test:${randomBytes(6).toString('hex')}:`;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  beforeAll(() => {
    redis = new Redis(url!);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  // Leases of a second or more, renewed every 300 ms: a CI machine busy with other suites can
  // stall a test for a few hundred milliseconds, and that must not decide it.
  it('gives a room to one node at a time until its lease lapses', async () => {
    const a = new RedisRoomDirectory(redis, prefix, 'a', 1_000);
    const b = new RedisRoomDirectory(redis, prefix, 'b', 1_000);
    expect(await a.claim('g1')).toBe(true);
    expect(await b.claim('g1')).toBe(false);
    expect(await a.claim('g1')).toBe(true);
    expect(await b.ownerOf('g1')).toBe('a');
    await sleep(1_100);
    expect(await a.ownerOf('g1')).toBeNull();
    expect(await b.claim('g1')).toBe(true);
    expect(await a.ownerOf('g1')).toBe('b');
  });

  it('renews only the leases the node holds and reports the lost ones', async () => {
    const a = new RedisRoomDirectory(redis, prefix, 'a', 1_200);
    const b = new RedisRoomDirectory(redis, prefix, 'b', 1_200);
    await a.claim('r1');
    await a.claim('r2');
    await b.claim('r3');
    for (let i = 0; i < 5; i++) {
      await sleep(300);
      expect(await a.renew(['r1', 'r2', 'r3', 'never'])).toEqual(['r3', 'never']);
    }
    // 1.5 s after the claims, past one lease: the renewals kept them.
    expect(await b.ownerOf('r1')).toBe('a');
    expect(await a.ownerOf('r3')).toBeNull();
  });

  it('releases only a lease the node holds', async () => {
    const a = new RedisRoomDirectory(redis, prefix, 'a', 5_000);
    const b = new RedisRoomDirectory(redis, prefix, 'b', 5_000);
    await a.claim('x');
    await b.release('x');
    expect(await b.ownerOf('x')).toBe('a');
    await a.release('x');
    expect(await b.ownerOf('x')).toBeNull();
    expect(await b.claim('x')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { RedisAttemptLimiter, RedisChatRateLimiter } from './limits';
import { REDIS_URL, redisForTests } from '../../testing/redis';

describe.skipIf(!REDIS_URL)('limits counted in Redis', () => {
  const connect = redisForTests();

  it('counts sign-in failures of one key across nodes until the window ends; a success clears them', async () => {
    const a = await connect();
    const b = await connect(a.prefix);
    const onA = new RedisAttemptLimiter(a, 'login', 3, 400);
    const onB = new RedisAttemptLimiter(b, 'login', 3, 400);
    await onA.fail('ada');
    await onB.fail('ada');
    expect(await onA.retryAfter('ada')).toBe(0);
    await onA.fail('ada');
    const wait = await onB.retryAfter('ada');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(400);
    expect(await onB.retryAfter('bob')).toBe(0);
    await expect.poll(() => onB.retryAfter('ada'), { timeout: 2_000 }).toBe(0);
    await onA.fail('bob');
    await onA.fail('bob');
    await onB.reset('bob');
    await onA.fail('bob');
    expect(await onA.retryAfter('bob')).toBe(0);
  });

  it('limits a sender’s chat messages in a sliding window, counting a resent client id once', async () => {
    const a = await connect();
    const b = await connect(a.prefix);
    const onA = new RedisChatRateLimiter(a, 3, 1_000);
    const onB = new RedisChatRateLimiter(b, 3, 1_000);
    expect([await onA.take(1, 'c1', 0), await onB.take(1, 'c2', 10), await onA.take(1, 'c3', 20)]).toEqual([
      true,
      true,
      true,
    ]);
    expect(await onB.take(1, 'c4', 30)).toBe(false);
    expect(await onB.take(1, 'c2', 40)).toBe(true); // the same message again
    expect(await onA.take(2, 'c1', 40)).toBe(true); // another sender
    expect(await onA.take(1, 'c5', 1_001)).toBe(true); // c1 left the window
  });
});

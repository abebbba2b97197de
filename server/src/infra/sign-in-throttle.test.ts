import { describe, expect, it } from 'vitest';
import { BackoffLimiter, backoffDelay, type AttemptLimits, type BackoffPolicy } from './attempt-limiter';
import { RedisBackoffLimiter } from './redis/limits';
import { REDIS_URL, redisForTests } from '../testing/redis';
import { ADDRESS_POLICY, PAIR_POLICY, SignInThrottle, retryText } from './sign-in-throttle';

const POLICY: BackoffPolicy = { free: 3, firstDelayMs: 1_000, maxDelayMs: 8_000, forgetAfterMs: 60_000 };

class Clock {
  t = 1_000_000;
  now = () => this.t;
  advance(ms: number) {
    this.t += ms;
  }
}

describe('backoffDelay', () => {
  it('is free for the first failures, then doubles up to the cap', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 50, 10_000].map((n) => backoffDelay(POLICY, n))).toEqual([
      0, 0, 0, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000,
    ]);
  });

  it('forgets later than the longest delay, so waiting one out never wipes the count', () => {
    for (const policy of [PAIR_POLICY, ADDRESS_POLICY])
      expect(policy.forgetAfterMs).toBeGreaterThan(policy.maxDelayMs);
  });
});

/** The same contract for the limiter of one node and the one nodes share in Redis. */
function contract(name: string, make: (clock: Clock, policy: BackoffPolicy) => Promise<AttemptLimits>) {
  describe(name, () => {
    it('lets the free failures through, then makes each try wait twice as long as the last', async () => {
      const clock = new Clock();
      const limits = await make(clock, POLICY);
      for (let i = 0; i < 3; i++) {
        expect(await limits.retryAfter('k')).toBe(0);
        await limits.fail('k');
      }
      expect(await limits.retryAfter('k')).toBe(1_000);
      clock.advance(400);
      expect(await limits.retryAfter('k')).toBe(600);
      clock.advance(600);
      expect(await limits.retryAfter('k')).toBe(0);
      await limits.fail('k');
      expect(await limits.retryAfter('k')).toBe(2_000);
      clock.advance(2_000);
      await limits.fail('k');
      expect(await limits.retryAfter('k')).toBe(4_000);
      // Other keys know nothing of it.
      expect(await limits.retryAfter('other')).toBe(0);
    });

    it('caps the delay, forgets a key a while after its last failure, and forgets it at once on reset', async () => {
      const clock = new Clock();
      const limits = await make(clock, POLICY);
      for (let i = 0; i < 12; i++) await limits.fail('k');
      expect(await limits.retryAfter('k')).toBe(8_000);
      clock.advance(59_999);
      expect(await limits.retryAfter('k')).toBe(0);
      // Still counted: one more failure waits the longest delay again.
      await limits.fail('k');
      expect(await limits.retryAfter('k')).toBe(8_000);
      clock.advance(60_000);
      await limits.fail('k');
      expect(await limits.retryAfter('k')).toBe(0);
      for (let i = 0; i < 5; i++) await limits.fail('k');
      await limits.reset('k');
      expect(await limits.retryAfter('k')).toBe(0);
    });
  });
}

contract('BackoffLimiter', async (clock, policy) => new BackoffLimiter(policy, clock.now));

describe.skipIf(!REDIS_URL)('on Redis', () => {
  const connect = redisForTests();
  contract(
    'RedisBackoffLimiter',
    async (clock, policy) => new RedisBackoffLimiter(await connect(), 'test', policy, clock.now),
  );

  it('two nodes count one key together', async () => {
    const clock = new Clock();
    const a = await connect();
    const b = await connect(a.prefix);
    const onA = new RedisBackoffLimiter(a, 'test', POLICY, clock.now);
    const onB = new RedisBackoffLimiter(b, 'test', POLICY, clock.now);
    await onA.fail('k');
    await onB.fail('k');
    await onA.fail('k');
    expect(await onB.retryAfter('k')).toBe(1_000);
  });
});

describe('SignInThrottle', () => {
  const throttle = (clock: Clock) =>
    new SignInThrottle(
      new BackoffLimiter(PAIR_POLICY, clock.now),
      new BackoffLimiter(ADDRESS_POLICY, clock.now),
    );

  it('never slows the owner for guesses from other addresses, however many', async () => {
    const clock = new Clock();
    const t = throttle(clock);
    for (let address = 0; address < 50; address++)
      for (let i = 0; i < 12; i++) await t.failed('Kwame', `198.51.100.${address}`);
    expect(await t.retryAfter('kwame', '203.0.113.7')).toBe(0);
    // Each guessing address is slowed for that login: 12 failures, 7 past the free 5, wait 2^7 s.
    expect(await t.retryAfter('KWAME', '198.51.100.3')).toBe(128_000);
  });

  it('slows one address spraying many logins, and a sign-in of its own does not clear that', async () => {
    const clock = new Clock();
    const t = throttle(clock);
    for (let i = 0; i < 20; i++) await t.failed(`user${i}`, '198.51.100.9');
    expect(await t.retryAfter('somebody_new', '198.51.100.9')).toBe(1_000);
    await t.succeeded('my_own_account', '198.51.100.9');
    expect(await t.retryAfter('somebody_new', '198.51.100.9')).toBe(1_000);
    expect(await t.retryAfter('somebody_new', '198.51.100.10')).toBe(0);
  });

  it('counts password checks in the settings per account, apart from sign-in', async () => {
    const clock = new Clock();
    const t = throttle(clock);
    for (let i = 0; i < 6; i++) await t.passwordCheckFailed('Kwame');
    expect(await t.passwordCheckRetryAfter('kwame')).toBe(2_000);
    expect(await t.retryAfter('kwame', '203.0.113.7')).toBe(0);
    await t.passwordCheckSucceeded('kwame');
    expect(await t.passwordCheckRetryAfter('kwame')).toBe(0);
  });
});

describe('retryText', () => {
  it('says seconds under two minutes and minutes after, never zero', () => {
    expect([1, 999, 1_000, 1_001, 59_000, 119_000, 120_000, 15 * 60_000].map(retryText)).toEqual([
      '1 second',
      '1 second',
      '1 second',
      '2 seconds',
      '59 seconds',
      '119 seconds',
      '2 minutes',
      '15 minutes',
    ]);
  });
});

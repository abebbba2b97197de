import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { QueueEntry } from '../queue-store';
import { RedisMatchStore, RedisMatcherLock, RedisQueueStore } from './queues';
import { REDIS_URL, redisForTests } from '../../testing/redis';

const log = pino({ level: 'silent' });

const entry = (userId: number, joinedAt: number, queue: QueueEntry['queue'] = 'quick'): QueueEntry => ({
  userId,
  username: `p${userId}`,
  queue,
  size: 2,
  rating: 1200,
  joinedAt,
});

describe.skipIf(!REDIS_URL)('Redis queues, matches and the matcher lock', () => {
  const connect = redisForTests();

  it('keeps one entry per user, longest waiting first, seen by every node', async () => {
    const a = await connect();
    const b = await connect(a.prefix);
    const qa = new RedisQueueStore(a);
    const qb = new RedisQueueStore(b);
    await qa.add(entry(1, 300));
    await qb.add(entry(2, 100));
    await qa.add(entry(3, 200, 'ranked'));
    await qb.add(entry(3, 250)); // switching queue moves the user
    expect((await qb.list('quick')).map((e) => e.userId)).toEqual([2, 3, 1]);
    expect(await qa.list('ranked')).toEqual([]);
    expect(await qb.get(3)).toEqual(entry(3, 250));
    expect(await qa.remove(2)).toEqual(entry(2, 100));
    expect(await qb.remove(2)).toBeUndefined();
    expect((await qa.list('quick')).map((e) => e.userId)).toEqual([3, 1]);
  });

  it('hands a match to one taker only, and records acceptances from any node', async () => {
    const first = await connect();
    const a = new RedisMatchStore(first);
    const b = new RedisMatchStore(await connect(first.prefix));
    const match = {
      token: 'm_1',
      queue: 'quick' as const,
      players: [entry(1, 1), entry(2, 2)],
      accepted: [],
      deadline: 5_000,
    };
    await a.create(match);
    expect(await b.pendingFor(2)).toBe('m_1');
    expect(await b.accept('m_1', 3)).toBeUndefined(); // not a player
    expect((await b.accept('m_1', 2))?.accepted).toEqual([2]);
    expect((await a.accept('m_1', 2))?.accepted).toEqual([2]);
    expect((await a.accept('m_1', 1))?.accepted).toEqual([2, 1]);
    expect(await a.takeExpired(4_999)).toEqual([]);
    const takers = await Promise.all([a.take('m_1'), b.take('m_1'), a.takeExpired(5_000)]);
    expect(takers.filter((t) => (Array.isArray(t) ? t.length > 0 : t !== undefined))).toHaveLength(1);
    expect(await a.pendingFor(1)).toBeUndefined();
    expect(await b.get('m_1')).toBeUndefined();
  });

  it('takes matches whose deadline passed, and counts expiries within their period', async () => {
    const store = new RedisMatchStore(await connect());
    await store.create({
      token: 'm_a',
      queue: 'ranked',
      players: [entry(1, 1, 'ranked'), entry(2, 2, 'ranked')],
      accepted: [],
      deadline: 1_000,
    });
    await store.create({
      token: 'm_b',
      queue: 'ranked',
      players: [entry(3, 1, 'ranked'), entry(4, 2, 'ranked')],
      accepted: [],
      deadline: 9_000,
    });
    expect((await store.takeExpired(2_000)).map((m) => m.token)).toEqual(['m_a']);
    await store.recordExpiry([1], 1_000, 10_000);
    await store.recordExpiry([1], 1_000, 10_000);
    await store.recordExpiry([1], 20_000, 10_000);
    expect(await store.expiriesSince(1, 0)).toEqual([20_000]); // older ones fell out of the period
    expect(await store.expiriesSince(2, 0)).toEqual([]);
  });

  it('lets one matcher run at a time', async () => {
    const a = await connect();
    const b = await connect(a.prefix);
    const lockA = new RedisMatcherLock(a, 'a', log);
    const lockB = new RedisMatcherLock(b, 'b', log);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let running = 0;
    let most = 0;
    const work = async () => {
      running++;
      most = Math.max(most, running);
      await held;
      running--;
    };
    const first = lockA.run(work);
    await expect.poll(() => running).toBe(1);
    expect(await lockB.run(work)).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(await lockB.run(async () => {})).toBe(true);
    expect(most).toBe(1);
  });
});

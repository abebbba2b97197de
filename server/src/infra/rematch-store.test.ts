import { describe, expect, it } from 'vitest';
import { RedisRematchStore } from './redis/rematches';
import { REDIS_URL, redisForTests } from '../testing/redis';
import { LocalRematchStore, type RematchOffer, type RematchStore } from './rematch-store';

const offer = (gameId: string): RematchOffer => ({
  gameId,
  mode: 'quick',
  seats: [{ userId: 1, username: 'ama' }, { bot: 'easy' }, { userId: 2, username: 'kofi' }],
  accepted: [1],
  deadline: 10_000,
});

/** The same contract for the store of one node and the one nodes share in Redis. */
function contract(name: string, make: () => Promise<RematchStore>) {
  describe(name, () => {
    it('peek shows the open offer as it stands, changes nothing, and shows nothing once taken', async () => {
      const store = await make();
      expect(await store.peek('g1')).toBeUndefined();
      await store.open(offer('g1'));
      await store.accept('g1', 2);
      const seen = await store.peek('g1');
      expect(seen).toEqual({ ...offer('g1'), accepted: [1, 2] });
      // A copy: changing what peek returned changes nothing stored.
      seen!.accepted.push(99);
      expect((await store.peek('g1'))!.accepted).toEqual([1, 2]);
      expect(await store.openFor(2)).toBe('g1');
      expect(await store.take('g1')).toMatchObject({ gameId: 'g1' });
      expect(await store.peek('g1')).toBeUndefined();
      // Closed for good: the game cannot open another.
      expect(await store.open(offer('g1'))).toBe('closed');
      expect(await store.peek('g1')).toBeUndefined();
    });
  });
}

contract('LocalRematchStore', async () => new LocalRematchStore());

describe.skipIf(!REDIS_URL)('on Redis', () => {
  const connect = redisForTests();
  contract('RedisRematchStore', async () => new RedisRematchStore(await connect()));
});

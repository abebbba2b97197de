import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { LocalBus, type Bus } from './bus';
import { createRedis, type RedisConnections } from './redis/connection';
import { RedisBus } from './redis/bus';
import { REDIS_URL, testPrefix } from '../testing/redis';

/** Both buses behave alike for one shared handler over many channels (the gateway's use). */
const buses: [string, () => Promise<Bus & { channels?: string[] }>][] = [
  ['local', async () => new LocalBus()],
];
const opened: RedisConnections[] = [];
if (REDIS_URL) {
  buses.push([
    'redis',
    async () => {
      const redis = createRedis(REDIS_URL!, testPrefix());
      opened.push(redis);
      await redis.ready();
      return new RedisBus(redis, 'node-a', pino({ level: 'silent' }));
    },
  ]);
}

describe.each(buses)('%s bus: one handler for many channels', (_name, make) => {
  afterEach(async () => {
    for (const r of opened.splice(0)) await r.close();
  });

  it('tells the handler each message’s channel, and unsubscribes one channel by its handler', async () => {
    const bus = await make();
    const heard: [unknown, string][] = [];
    const shared = (message: unknown, channel: string) => heard.push([message, channel]);
    const other: unknown[] = [];
    bus.subscribe('user:1', shared);
    bus.subscribe('user:2', shared);
    bus.subscribe('user:2', (message) => other.push(message));
    bus.publish('user:1', 'one');
    bus.publish('user:2', 'two');
    bus.unsubscribe('user:2', shared);
    bus.publish('user:2', 'three');
    bus.publish('user:1', 'four');
    expect(heard).toEqual([
      ['one', 'user:1'],
      ['two', 'user:2'],
      ['four', 'user:1'],
    ]);
    // Only that handler went: the channel's other one still hears it.
    expect(other).toEqual(['two', 'three']);
    bus.unsubscribe('user:1', shared);
    bus.publish('user:1', 'five');
    expect(heard).toHaveLength(3);
    if (bus.channels) expect(bus.channels).toEqual(['user:2']);
  });
});

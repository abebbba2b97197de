/**
 * Matchmaking on two nodes sharing Redis, without sockets: a match found by a node that then died
 * still expires (another node's matcher takes it), and the expiry counts toward the cooldown on
 * every node.
 */
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { ServerMessage } from '@shared/protocol';
import { Matchmaking, EXPIRIES_FOR_COOLDOWN } from '../../matchmaking/matchmaking';
import type { RoomManager } from '../../rooms/manager';
import { RoomError } from '../../rooms/room';
import { createRedis, type RedisConnections } from './connection';
import { RedisMatchStore, RedisMatcherLock, RedisQueueStore } from './queues';
import { REDIS_URL, dropPrefix, testPrefix } from '../../testing/redis';

const log = pino({ level: 'silent' });

/** Just what matchmaking asks of the rooms: nobody is playing, games start with an id. */
const rooms = {
  hasActiveGame: async () => false,
  playingAmong: async () => [],
  avatarsOf: async () => new Map(),
  create: async () => ({ id: 'g_1' }),
} as unknown as RoomManager;

describe.skipIf(!REDIS_URL)('matchmaking across nodes', () => {
  const opened: RedisConnections[] = [];
  const engines: Matchmaking[] = [];
  afterEach(async () => {
    for (const m of engines.splice(0)) m.stop();
    sent.length = 0;
    for (const r of opened.splice(0)) {
      await r.close();
      await dropPrefix(REDIS_URL!, r.prefix);
    }
  });

  let time = 1_000_000;
  const sent: { node: string; userId: number; message: ServerMessage }[] = [];

  async function node(prefix: string, id: string) {
    const redis = createRedis(REDIS_URL!, prefix);
    opened.push(redis);
    await redis.ready();
    const engine = new Matchmaking({
      queues: new RedisQueueStore(redis),
      matches: new RedisMatchStore(redis),
      lock: new RedisMatcherLock(redis, id, log),
      rooms,
      now: () => time,
      // Long: only the other node's matcher may end the match in this test.
      matchAcceptMs: 60_000,
      log,
      send: (userId, message) => sent.push({ node: id, userId, message }),
      ratingOf: async () => 1200,
    });
    engines.push(engine);
    return engine;
  }

  it('a dead node’s match expires through another node, and the expiry counts everywhere', async () => {
    const prefix = testPrefix();
    const a = await node(prefix, 'a');
    const b = await node(prefix, 'b');
    await a.join({ userId: 1, username: 'one' }, 'quick');
    await b.join({ userId: 2, username: 'two' }, 'quick');
    const found = sent.filter((s) => s.message.type === 'MATCH_FOUND');
    expect(found.map((s) => s.userId).sort()).toEqual([1, 2]);
    const token = (found[0]!.message as Extract<ServerMessage, { type: 'MATCH_FOUND' }>).token;
    // Whichever node found it dies now: its timers go with it.
    a.stop();
    b.stop();
    await b.accept(2, token);
    time += 60_000;
    const survivor = await node(prefix, 'c');
    await survivor.tick();
    const rejected = sent.filter((s) => s.message.type === 'MATCH_REJECTED');
    expect(rejected.map((s) => [s.node, s.userId])).toEqual([
      ['c', 1],
      ['c', 2],
    ]);
    expect(rejected[0]!.message).toMatchObject({ token, rejectedBy: 1 });
    await expect(a.accept(1, token)).rejects.toThrow(RoomError);

    // Two more expiries by user 1, seen from different nodes, and the cooldown applies everywhere.
    for (let i = 1; i < EXPIRIES_FOR_COOLDOWN; i++) {
      await a.join({ userId: 1, username: 'one' }, 'quick');
      await b.join({ userId: 3 + i, username: `x${i}` }, 'quick');
      time += 60_000;
      await survivor.tick();
    }
    expect(await b.cooldownSeconds(1)).toBeGreaterThan(0);
    expect(await a.cooldownSeconds(2)).toBe(0);
    await expect(b.join({ userId: 1, username: 'one' }, 'quick')).rejects.toMatchObject({
      code: 'QUEUE_COOLDOWN',
    });
  });

  it('the last acceptance, on any node, starts the game once', async () => {
    const prefix = testPrefix();
    const a = await node(prefix, 'a');
    const b = await node(prefix, 'b');
    await a.join({ userId: 1, username: 'one' }, 'ranked');
    await b.join({ userId: 2, username: 'two' }, 'ranked');
    const token = (sent.find((s) => s.message.type === 'MATCH_FOUND')!.message as { token: string }).token;
    await Promise.all([a.accept(1, token), b.accept(2, token)]);
    const created = sent.filter((s) => s.message.type === 'GAME_CREATED');
    expect(created.map((s) => s.userId).sort()).toEqual([1, 2]);
  });
});

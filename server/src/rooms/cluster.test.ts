/**
 * Three (and four) real server processes on one PostgreSQL database and one Redis: rooms live on
 * one node while their players sit on others, survive a kill -9 of their node, and move at once
 * when their node drains. See docs/scale-out.md. Runs whenever DATABASE_URL and REDIS_URL are set.
 */
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameView } from '@shared/protocol';
import { playOn, type Player } from '../testing/game-clients';
import { Nodes, befriendOn, nodeApi, playerOn, privateGameOn, type ServerNode } from '../testing/nodes';
import { TestSocket } from '../testing/ws-client';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;

describe.skipIf(!DATABASE_URL || !REDIS_URL)('three nodes on one PostgreSQL and one Redis', () => {
  let nodes: Nodes;
  let a: ServerNode;
  let b: ServerNode;
  let c: ServerNode;
  let redis: Redis;
  let db: pg.Client;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    nodes = await Nodes.create({
      databaseUrl: DATABASE_URL!,
      redisUrl: REDIS_URL!,
      env: {
        ROOM_LEASE_SECONDS: '2',
        NODE_HEARTBEAT_SECONDS: '0.5',
        NODE_TTL_SECONDS: '2',
        AUTH_RATE_LIMIT_PER_MINUTE: '10000',
        WS_MESSAGES_PER_SECOND: '5000',
      },
    });
    [a, b, c] = await Promise.all([nodes.start('a'), nodes.start('b'), nodes.start('c')]);
    redis = new Redis(REDIS_URL!);
    db = new pg.Client({ connectionString: nodes.env.DATABASE_URL });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await db?.end();
    redis?.disconnect();
    await nodes?.stopAll();
  });

  const ownerOf = (gameId: string) => redis.get(`${nodes.env.REDIS_PREFIX}room:${gameId}`);

  async function connect(node: ServerNode, token: string): Promise<TestSocket> {
    const socket = await TestSocket.signedIn(node.ws, token);
    sockets.push(socket);
    return socket;
  }

  async function player(node: ServerNode): Promise<Player> {
    const p = await playerOn(node);
    sockets.push(p.socket);
    return p;
  }

  const befriend = (x: Player, y: Player) => befriendOn(b, x, y);

  async function gameOn(host: ServerNode, x: Player, y: Player): Promise<string> {
    return (await privateGameOn(host, await befriendOn(a, x, y), x, y)).id;
  }

  /** GAME_JOIN until the game answers (its owner may be dead until its lease lapses). */
  async function rejoin(p: Player, gameId: string): Promise<GameView> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const from = p.socket.frames.length;
      p.socket.send({ type: 'GAME_JOIN', gameId });
      // The answer is a GAME_STATE, or an ERROR while the dead owner's lease runs out.
      const answered = Date.now() + 10_000;
      while (Date.now() < answered) {
        const answer = p.socket.frames
          .slice(from)
          .find(
            (f) =>
              (f.type === 'GAME_STATE' && f.gameId === gameId) ||
              (f.type === 'ERROR' && f.ref === 'GAME_JOIN'),
          );
        if (answer) {
          // Consumed, with everything before it, so later waits see only newer frames.
          await p.socket.next(answer.type, (m) => m === answer);
          if (answer.type === 'GAME_STATE') return answer.game;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('the game never came back');
  }

  async function moves(gameId: string) {
    const { rows } = await db.query<{ seq: number; seat: number; card: string }>(
      'select seq, seat, card from moves where game_id = $1 order by seq',
      [gameId],
    );
    return rows;
  }

  it('plays a whole game between players on nodes a and b whose room lives on node c', async () => {
    const ama = await player(a);
    const kofi = await player(b);
    const gameId = await gameOn(c, ama, kofi);
    expect(await ownerOf(gameId)).toBe('c');
    // A refused frame is answered, through node c, to the sender's socket alone.
    const state = await rejoin(ama, gameId);
    const waiting = state.players[state.turn!]!.userId === ama.userId ? kofi : ama;
    const own = await rejoin(waiting, gameId);
    waiting.socket.send({ type: 'GAME_PLAY', gameId, card: own.hand[0], seq: own.seq });
    expect(await waiting.socket.next('ERROR', (m) => m.ref === 'GAME_PLAY')).toMatchObject({
      code: 'NOT_YOUR_TURN',
    });
    const mover = waiting === ama ? kofi : ama;
    expect(mover.socket.frames.some((f) => f.type === 'ERROR')).toBe(false);
    const view = await playOn([ama, kofi], gameId);
    expect(view.status).toBe('finished');
    const over = await ama.socket.next('GAME_OVER', (m) => m.gameId === gameId);
    expect(over.reason).toBe('score');
    // Every step written once, in order.
    const written = await moves(gameId);
    expect(written.map((m) => m.seq)).toEqual(written.map((_, i) => i + 1));
    expect(written.length).toBe(view.seq);
    // Any node answers for the game.
    const summary = await nodeApi<{ id: string; status: string }>(
      a,
      'GET',
      `/api/games/${gameId}`,
      kofi.token,
    );
    expect(summary).toMatchObject({ id: gameId, status: 'finished' });
  });

  it('matches players on nodes a and b through the shared queue and plays the game on node c', async () => {
    const ama = await player(a);
    const kofi = await player(b);
    // Kofi's second device is connected to node c: his accept, the last, creates the room there.
    const kofiPhone = await connect(c, kofi.token);
    ama.socket.send({ type: 'JOIN_QUICK_QUEUE', token: ama.token });
    await ama.socket.next('QUEUE_JOIN_SUCCESS');
    kofi.socket.send({ type: 'JOIN_QUICK_QUEUE', token: kofi.token });
    const found = await ama.socket.next('MATCH_FOUND', () => true, 10_000);
    expect((await kofi.socket.next('MATCH_FOUND')).token).toBe(found.token);
    await kofiPhone.next('MATCH_FOUND');
    ama.socket.send({ type: 'ACCEPT_MATCH', token: found.token, userId: ama.userId });
    await kofi.socket.next('MATCH_ACCEPTANCE_UPDATE', (m) => m.token === found.token && m.accepted);
    kofiPhone.send({ type: 'ACCEPT_MATCH', token: found.token, userId: kofi.userId });
    const created = await ama.socket.next('GAME_CREATED');
    expect((await kofi.socket.next('GAME_CREATED')).gameId).toBe(created.gameId);
    expect(await ownerOf(created.gameId)).toBe('c');
    await kofiPhone.close();
    const view = await playOn([ama, kofi], created.gameId);
    expect(view.status).toBe('finished');
    const written = await moves(created.gameId);
    expect(written.map((m) => m.seq)).toEqual(written.map((_, i) => i + 1));
  });

  it('friends on different nodes see each other come online and go offline', async () => {
    const esi = await player(a);
    const yaw = await player(b);
    await befriend(esi, yaw);
    esi.socket.send({ type: 'GET_ONLINE_STATUS', userIds: [yaw.userId] });
    expect((await esi.socket.next('ONLINE_STATUS')).onlineUsers).toEqual([yaw.userId]);
    await yaw.socket.close();
    await esi.socket.next('USER_OFFLINE', (m) => m.userId === yaw.userId);
    yaw.socket = await connect(c, yaw.token);
    await esi.socket.next('USER_ONLINE', (m) => m.userId === yaw.userId);
  });

  it('kill -9 of the room’s node: the players come back on the others and finish from the same seq', async () => {
    const host = await nodes.start('d');
    const ama = await player(a);
    const kofi = await player(b);
    const gameId = await gameOn(host, ama, kofi);
    const before = await playOn([ama, kofi], gameId, 7);
    const hands = new Map<number, GameView['hand']>();
    for (const p of [ama, kofi]) hands.set(p.userId, (await rejoin(p, gameId)).hand);

    host.child.kill('SIGKILL');
    expect(await host.exited).toBe('SIGKILL');
    // Both players reconnect, each to the other surviving node.
    await Promise.all([ama.socket.close(), kofi.socket.close()]);
    ama.socket = await connect(b, ama.token);
    kofi.socket = await connect(a, kofi.token);
    for (const p of [ama, kofi]) {
      const view = await rejoin(p, gameId);
      expect(view.seq).toBe(before.seq);
      expect(view.hand).toEqual(hands.get(p.userId));
    }
    const adopter = await ownerOf(gameId);
    expect(['a', 'b', 'c']).toContain(adopter);

    const after = await playOn([ama, kofi], gameId);
    expect(after.status).toBe('finished');
    const written = await moves(gameId);
    expect(written.map((m) => m.seq)).toEqual(written.map((_, i) => i + 1));
    // No card twice within a hand's deal: every trick's cards are distinct, so a lost or replayed
    // move would show as a gap or a repeated seq above, and the final seq matches the plays.
    expect(written.length).toBe(after.seq);
  });

  it('a SIGTERM’d node hands its rooms over without waiting for the lease', async () => {
    // Its leases last a minute: only the handoff can move the room in time.
    const host = await nodes.start('e', { ROOM_LEASE_SECONDS: '60' });
    const ama = await player(a);
    const kofi = await player(b);
    const gameId = await gameOn(host, ama, kofi);
    const before = await playOn([ama, kofi], gameId, 3);
    expect(await ownerOf(gameId)).toBe('e');

    const started = Date.now();
    host.child.kill('SIGTERM');
    let owner: string | null = 'e';
    while ((owner === 'e' || owner === null) && Date.now() - started < 10_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      owner = await ownerOf(gameId);
    }
    const handedOverMs = Date.now() - started;
    expect(['a', 'b', 'c']).toContain(owner);
    expect(handedOverMs).toBeLessThan(10_000);
    expect(await host.exited).toBe(0);

    const view = await rejoin(ama, gameId);
    expect(view.seq).toBe(before.seq);
    const after = await playOn([ama, kofi], gameId);
    expect(after.status).toBe('finished');
    console.log(`SIGTERM handoff: room adopted by ${owner} ${handedOverMs} ms after the signal (lease 60 s)`);
  });
});

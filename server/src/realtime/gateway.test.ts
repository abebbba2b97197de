import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseServerMessage, type QueueName, type ServerMessage } from '@shared/protocol';
import { AuthError } from '../errors';
import { LocalBus, SESSIONS_REVOKED_CHANNEL } from '../infra/bus';
import { LocalPresenceStore } from '../infra/presence-store';
import { RoomError } from '../rooms/room';
import { ABUSE_LIMIT, Connection, OPEN, type Peer } from './connection';
import { ConnectionRegistry } from './connections';
import { Gateway, type GatewayDeps, type SessionChecker } from './gateway';
import { StallMonitor } from './stall-monitor';

/** A socket stand-in that records what the gateway sends and how it closes. */
class FakePeer implements Peer {
  readonly frames: ServerMessage[] = [];
  closedWith: { code: number; reason: string } | null = null;
  send(text: string) {
    const parsed = parseServerMessage(text);
    if (!parsed.ok) throw new Error(`invalid frame ${text}`);
    this.frames.push(parsed.message);
  }
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
  }
  terminate() {
    this.closedWith = { code: 1006, reason: '' };
  }
  ping() {}
  get readyState() {
    return this.closedWith === null ? OPEN : 3;
  }
  last() {
    return this.frames[this.frames.length - 1];
  }
}

const endOfTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const silentLog = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

/** token → session: `t1` is session 11 of user 1, `t1b` session 12 of user 1, `t2` session 21 of user 2. */
const SESSIONS: Record<string, { userId: number; sessionId: number }> = {
  t1: { userId: 1, sessionId: 11 },
  t1b: { userId: 1, sessionId: 12 },
  t2: { userId: 2, sessionId: 21 },
};

function harness(overrides: Partial<GatewayDeps> = {}) {
  const calls: string[] = [];
  const bus = new LocalBus();
  const presence = new LocalPresenceStore();
  let now = 1_000;
  const deps: GatewayDeps = {
    accounts: {
      async authenticate(token) {
        const session = token ? SESSIONS[token] : undefined;
        if (!session) throw new AuthError('Invalid token', 'invalid_token');
        const user = { id: session.userId, username: `user${session.userId}` };
        return { user, sessionId: session.sessionId, expiresAt: now + 60_000 } satisfies Awaited<
          ReturnType<SessionChecker['authenticate']>
        >;
      },
      async sessionExpiresAt() {
        return null;
      },
      async isSessionToken(token, sessionId) {
        return SESSIONS[token]?.sessionId === sessionId;
      },
    },
    connections: new ConnectionRegistry(bus),
    rooms: {
      async get(gameId: string): Promise<never> {
        throw new RoomError('GAME_NOT_FOUND', `No game ${gameId}`);
      },
      hosted: () => undefined,
      userConnected: (userId: number) => void calls.push(`connected ${userId}`),
      userDisconnected: (userId: number) => void calls.push(`disconnected ${userId}`),
      invitationsFor: () => [],
    },
    matchmaking: {
      join: async (player: { userId: number }, queue: QueueName) =>
        void calls.push(`join ${player.userId} ${queue}`),
      leave: async (userId: number) => void calls.push(`leave ${userId}`),
      status: async () => ({ type: 'QUEUE_STATUS_RESPONSE', inQueue: false }) as const,
      accept: async (userId: number) => void calls.push(`accept ${userId}`),
      reject: async (userId: number) => void calls.push(`reject ${userId}`),
    },
    presence,
    bus,
    now: () => now,
    messagesPerSecond: 1000,
    authTimeoutMs: 60_000,
    maxConnectionsPerUser: 10,
    log: silentLog,
    friendsOf: async () => [],
    chat: {
      send: async () => {
        throw new Error('chat is not part of these tests');
      },
    },
    ...overrides,
  };
  const gateway = new Gateway(deps);
  const connect = () => {
    const peer = new FakePeer();
    return { peer, conn: gateway.open(peer, '127.0.0.1') };
  };
  // A turn's frames after its first are written when the turn ends (realtime/write-group.ts).
  const send = async (conn: Connection, message: object) => {
    await gateway.receive(conn, JSON.stringify(message));
    await endOfTurn();
  };
  return {
    gateway,
    calls,
    bus,
    presence,
    connect,
    send,
    advance: (ms: number) => (now += ms),
    stop: () => gateway.stop(),
  };
}

describe('Gateway handlers (no sockets)', () => {
  it('tells the minimum client version and where to update on MESSAGING_AUTH_SUCCESS when there is one', async () => {
    const clientUpdate = {
      minClientVersion: '1.5.0',
      updateUrls: {
        desktop: 'https://play.spar.test',
        android: 'https://play.google.com/store/apps/details?id=game.spar.app',
        ios: 'https://play.spar.test',
      },
    };
    const h = harness({ clientUpdate });
    const { peer, conn } = h.connect();
    await h.send(conn, { type: 'MESSAGING_AUTH', token: 't1' });
    expect(peer.last()).toEqual({ type: 'MESSAGING_AUTH_SUCCESS', userId: 1, ...clientUpdate });
    // Signing the same socket in again (a refreshed token) tells it again.
    await h.send(conn, { type: 'MESSAGING_AUTH', token: 't1' });
    expect(peer.last()).toEqual({ type: 'MESSAGING_AUTH_SUCCESS', userId: 1, ...clientUpdate });
    h.stop();
  });

  it('dispatches each message to its handler once the connection is signed in', async () => {
    const h = harness();
    const { peer, conn } = h.connect();
    await h.send(conn, { type: 'JOIN_QUICK_QUEUE' });
    expect(peer.last()).toMatchObject({ type: 'ERROR', code: 'AUTH_REQUIRED', ref: 'JOIN_QUICK_QUEUE' });
    await h.send(conn, { type: 'PING' });
    expect(peer.last()).toEqual({ type: 'PONG' });

    await h.send(conn, { type: 'MESSAGING_AUTH', token: 't1' });
    expect(peer.last()).toEqual({ type: 'MESSAGING_AUTH_SUCCESS', userId: 1 });
    expect(h.gateway.isConnected(1)).toBe(true);
    expect(await h.presence.isOnline(1)).toBe(true);

    await h.send(conn, { type: 'JOIN_RANKED_QUEUE', token: 't1' });
    await h.send(conn, { type: 'ACCEPT_MATCH', token: 'm_abcdefghijkl', userId: 1 });
    await h.send(conn, { type: 'REJECT_MATCH', token: 'm_abcdefghijkl', userId: 2 });
    expect(peer.last()).toMatchObject({ code: 'FORBIDDEN', ref: 'REJECT_MATCH' });
    await h.send(conn, { type: 'CHECK_QUEUE_STATUS' });
    expect(peer.last()).toEqual({ type: 'QUEUE_STATUS_RESPONSE', inQueue: false });
    await h.send(conn, { type: 'GAME_JOIN', gameId: 'nope' });
    expect(peer.last()).toMatchObject({ code: 'GAME_NOT_FOUND', ref: 'GAME_JOIN' });
    expect(h.calls).toEqual(['connected 1', 'join 1 ranked', 'accept 1']);

    await h.gateway.closed(conn);
    expect(h.gateway.isConnected(1)).toBe(false);
    expect(h.calls.slice(-2)).toEqual(['leave 1', 'disconnected 1']);
    h.stop();
  });

  it('checks a repeated token against this socket’s session through the auth module', async () => {
    const h = harness();
    const { peer, conn } = h.connect();
    await h.send(conn, { type: 'MESSAGING_AUTH', token: 't1' });
    // Same user, another session: still not this socket's token.
    await h.send(conn, { type: 'JOIN_QUICK_QUEUE', token: 't1b' });
    expect(peer.last()).toMatchObject({ code: 'AUTH_REQUIRED', ref: 'JOIN_QUICK_QUEUE' });
    await h.send(conn, { type: 'MESSAGING_AUTH', token: 't2' });
    expect(peer.last()).toMatchObject({ code: 'FORBIDDEN', ref: 'MESSAGING_AUTH' });
    expect(h.calls).toEqual(['connected 1']);
    h.stop();
  });

  it('a revocation on the bus signs out exactly the sockets of that session or user', async () => {
    const h = harness();
    const a = h.connect();
    const b = h.connect();
    const c = h.connect();
    await h.send(a.conn, { type: 'MESSAGING_AUTH', token: 't1' });
    await h.send(b.conn, { type: 'MESSAGING_AUTH', token: 't1b' });
    await h.send(c.conn, { type: 'MESSAGING_AUTH', token: 't2' });

    h.bus.publish(SESSIONS_REVOKED_CHANNEL, { sessionId: 11 });
    await endOfTurn();
    expect(a.peer.last()).toMatchObject({ type: 'ERROR', code: 'AUTH_REQUIRED' });
    expect(b.peer.last()).toEqual({ type: 'MESSAGING_AUTH_SUCCESS', userId: 1 });
    expect(h.gateway.isConnected(1)).toBe(true);

    h.bus.publish(SESSIONS_REVOKED_CHANNEL, { userId: 1 });
    await endOfTurn();
    expect(b.peer.last()).toMatchObject({ type: 'ERROR', code: 'AUTH_REQUIRED' });
    expect(h.gateway.isConnected(1)).toBe(false);
    expect(h.gateway.isConnected(2)).toBe(true);
    await h.send(b.conn, { type: 'JOIN_QUICK_QUEUE' });
    expect(b.peer.last()).toMatchObject({ code: 'AUTH_REQUIRED', ref: 'JOIN_QUICK_QUEUE' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await h.presence.isOnline(1)).toBe(false);
    expect(h.calls).toContain('disconnected 1');
    h.stop();
  });

  it('a revocation heard while a sign-in waits on the database wins', async () => {
    let release = () => {};
    const slow = harness({
      accounts: {
        async authenticate() {
          await new Promise<void>((resolve) => (release = resolve));
          return { user: { id: 1, username: 'user1' }, sessionId: 11, expiresAt: Infinity };
        },
        sessionExpiresAt: async () => null,
        isSessionToken: async () => true,
      },
    });
    const { peer, conn } = slow.connect();
    const signingIn = slow.send(conn, { type: 'MESSAGING_AUTH', token: 't1' });
    await new Promise((resolve) => setImmediate(resolve));
    slow.bus.publish(SESSIONS_REVOKED_CHANNEL, { sessionId: 11 });
    release();
    await signingIn;
    expect(peer.last()).toMatchObject({ code: 'AUTH_REQUIRED', ref: 'MESSAGING_AUTH' });
    expect(slow.gateway.isConnected(1)).toBe(false);
    slow.stop();
  });

  it('re-checks a session whose expiry passed before serving a frame', async () => {
    const h = harness();
    const { peer, conn } = h.connect();
    await h.send(conn, { type: 'MESSAGING_AUTH', token: 't1' });
    h.advance(60_001);
    await h.send(conn, { type: 'JOIN_QUICK_QUEUE' });
    const errors = peer.frames.filter((f) => f.type === 'ERROR');
    expect(errors.map((e) => e.code)).toEqual(['AUTH_REQUIRED', 'AUTH_REQUIRED']);
    expect(h.calls).not.toContain('join 1 quick');
    expect(h.gateway.isConnected(1)).toBe(false);
    h.stop();
  });

  it('closes the newest socket past the per-user cap', async () => {
    const h = harness({ maxConnectionsPerUser: 1 });
    const first = h.connect();
    const second = h.connect();
    await h.send(first.conn, { type: 'MESSAGING_AUTH', token: 't1' });
    await h.send(second.conn, { type: 'MESSAGING_AUTH', token: 't1b' });
    expect(second.peer.closedWith).toEqual({ code: 1008, reason: 'Too many connections for this account' });
    expect(first.peer.closedWith).toBeNull();
    h.stop();
  });
});

describe('Connection rate limit', () => {
  function connection(stalled: { ms: number }, clock: { ms: number }) {
    const peer = new FakePeer();
    const conn = new Connection(peer, '127.0.0.1', {
      perSecond: 20,
      clock: () => clock.ms,
      stalledMs: () => stalled.ms,
    });
    return { peer, conn };
  }

  it('credits a stall so a paced backlog passes, once, while a flood is refused and closed', () => {
    const clock = { ms: 0 };
    const stalled = { ms: 0 };
    const { peer, conn } = connection(stalled, clock);
    // 15 a second for two seconds.
    for (let i = 0; i < 30; i++) {
      clock.ms += 1000 / 15;
      expect(conn.admit()).toBe(true);
    }
    // The loop stalls for four seconds; the 60 frames sent meanwhile are handled at once.
    clock.ms += 4000;
    stalled.ms += 4000;
    for (let i = 0; i < 60; i++) expect(conn.admit()).toBe(true);
    expect(peer.frames).toEqual([]);

    // The same stall is not credited twice: a flood right after runs out and is closed.
    let refused = 0;
    for (let i = 0; i < 400; i++) if (!conn.admit()) refused++;
    expect(refused).toBeGreaterThan(ABUSE_LIMIT);
    expect(peer.frames.map((f) => f.type === 'ERROR' && f.code)).toEqual(['RATE_LIMITED']);
    expect(peer.closedWith).toEqual({ code: 1008, reason: 'Too many messages' });
  });

  it('without the stall credit the same backlog would be refused (the bucket holds only a burst)', () => {
    const clock = { ms: 0 };
    const { conn } = connection({ ms: 0 }, clock);
    clock.ms += 4000;
    let refused = 0;
    for (let i = 0; i < 60; i++) if (!conn.admit()) refused++;
    expect(refused).toBe(20);
  });

  it('the stall monitor counts a stall still being worked off', () => {
    let now = 0;
    const monitor = new StallMonitor(50, 100, () => now);
    expect(monitor.totalStalledMs()).toBe(0);
    now += 80; // ordinary lateness
    expect(monitor.totalStalledMs()).toBe(0);
    now = 1050;
    expect(monitor.totalStalledMs()).toBe(1000);
    monitor.stop();
  });
});

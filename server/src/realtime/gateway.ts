import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  MAX_FRAME_BYTES,
  parseClientMessage,
  type ClientMessage,
  type ErrorCode,
  type ServerMessage,
} from '@shared/protocol';
import type { Bus } from '../infra/bus';
import type { PresenceStore } from '../infra/presence-store';
import { hashToken } from '../modules/auth/crypto';
import type { AccountService } from '../modules/auth/service';
import { AuthError } from '../errors';
import type { RoomManager } from '../rooms/manager';
import { RoomError } from '../rooms/room';
import type { Matchmaking } from './matchmaking';

/** Frames past this size are cut off by the socket itself; up to MAX_FRAME_BYTES get a clear ERROR. */
const HARD_FRAME_LIMIT = 64 * 1024;
/** Frames refused for rate past this many, and the connection is closed as abusive. */
const ABUSE_LIMIT = 200;

export interface GatewayDeps {
  accounts: AccountService;
  rooms: RoomManager;
  matchmaking: Matchmaking;
  presence: PresenceStore;
  bus: Bus;
  now: () => number;
  heartbeatMs: number;
  messagesPerSecond: number;
  log: FastifyBaseLogger;
  /** Accepted friends of a user (none until the social features land). */
  friendsOf(userId: number): Promise<number[]>;
}

export function userChannel(userId: number): string {
  return `user:${userId}`;
}

export function qualityOf(latency: number): 'good' | 'fair' | 'poor' {
  return latency < 150 ? 'good' : latency < 400 ? 'fair' : 'poor';
}

class Connection {
  userId: number | null = null;
  username = '';
  tokenHash: string | null = null;
  alive = true;
  pingSentAt = 0;
  private tokens: number;
  private refilledAt: number;
  private refused = 0;
  private lastRateError = -Infinity;

  constructor(
    readonly socket: WebSocket,
    /** Token bucket: bursts of twice the rate, refilled at the rate. */
    private readonly ratePerSecond: number,
  ) {
    this.tokens = ratePerSecond * 2;
    this.refilledAt = performance.now();
  }

  send(message: ServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  error(code: ErrorCode, message: string, ref?: string): void {
    this.send(ref ? { type: 'ERROR', code, message, ref } : { type: 'ERROR', code, message });
  }

  /** False when this frame is over the rate; closes the socket on sustained abuse. */
  admit(): boolean {
    // Wall-clock time: rates and round trips are about the network, not the game's clock.
    const now = performance.now();
    this.tokens = Math.min(
      this.ratePerSecond * 2,
      this.tokens + ((now - this.refilledAt) / 1000) * this.ratePerSecond,
    );
    this.refilledAt = now;
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return true;
    }
    if (++this.refused > ABUSE_LIMIT) {
      this.socket.close(1008, 'Too many messages');
      return false;
    }
    if (now - this.lastRateError >= 1000) {
      this.lastRateError = now;
      this.error('RATE_LIMITED', 'Too many messages; slow down');
    }
    return false;
  }
}

/**
 * The one WebSocket endpoint. It parses every frame in one place and holds no game rules.
 *
 * Upgrades are handed straight to `ws` rather than routed through Fastify (@fastify/websocket):
 * that plugin keeps each upgrade's Fastify request, reply and HTTP response alive for the whole
 * life of the socket (~6 KiB per idle connection, measured by `npm run bench:ws`), and a socket
 * needs none of them: who a connection is comes from MESSAGING_AUTH, not from the upgrade.
 */
export function registerGateway(app: FastifyInstance, deps: GatewayDeps): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: HARD_FRAME_LIMIT, clientTracking: false });
  app.server.on('upgrade', (request, socket, head) => {
    if ((request.url ?? '').split('?')[0] !== '/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws));
  });

  const local = new Map<number, Set<Connection>>();
  const unsubscribe = new Map<number, () => void>();
  const all = new Set<Connection>();

  function attach(conn: Connection, userId: number): void {
    let set = local.get(userId);
    if (!set) {
      local.set(userId, (set = new Set()));
      unsubscribe.set(
        userId,
        deps.bus.subscribe(userChannel(userId), (message) => {
          for (const c of local.get(userId) ?? []) c.send(message as ServerMessage);
        }),
      );
    }
    set.add(conn);
  }

  async function detach(conn: Connection): Promise<void> {
    all.delete(conn);
    const userId = conn.userId;
    if (userId === null) return;
    const set = local.get(userId);
    set?.delete(conn);
    if (set && set.size === 0) {
      local.delete(userId);
      unsubscribe.get(userId)?.();
      unsubscribe.delete(userId);
    }
    if (await deps.presence.disconnect(userId)) {
      await deps.matchmaking.leave(userId);
      deps.rooms.userDisconnected(userId);
      for (const friend of await deps.presence.onlineAmong(await deps.friendsOf(userId))) {
        deps.bus.publish(userChannel(friend), { type: 'USER_OFFLINE', userId });
      }
    }
  }

  async function authenticate(conn: Connection, token: string): Promise<void> {
    let auth;
    try {
      auth = await deps.accounts.authenticate(token);
    } catch (error) {
      if (error instanceof AuthError) return conn.error('AUTH_REQUIRED', error.message, 'MESSAGING_AUTH');
      throw error;
    }
    if (conn.userId !== null && conn.userId !== auth.user.id) {
      return conn.error('FORBIDDEN', 'This connection is signed in as another user', 'MESSAGING_AUTH');
    }
    conn.tokenHash = hashToken(token);
    conn.username = auth.user.username;
    if (conn.userId === null) {
      conn.userId = auth.user.id;
      attach(conn, auth.user.id);
      conn.send({ type: 'MESSAGING_AUTH_SUCCESS', userId: auth.user.id });
      if (await deps.presence.connect(auth.user.id)) {
        deps.rooms.userConnected(auth.user.id);
        for (const friend of await deps.presence.onlineAmong(await deps.friendsOf(auth.user.id))) {
          deps.bus.publish(userChannel(friend), { type: 'USER_ONLINE', userId: auth.user.id });
        }
      } else {
        deps.rooms.userConnected(auth.user.id);
      }
      return;
    }
    conn.send({ type: 'MESSAGING_AUTH_SUCCESS', userId: auth.user.id });
  }

  async function handle(conn: Connection, message: ClientMessage): Promise<void> {
    if (message.type === 'MESSAGING_AUTH') return authenticate(conn, message.token);
    if (message.type === 'PING') return conn.send({ type: 'PONG' });
    const userId = conn.userId;
    if (userId === null) return conn.error('AUTH_REQUIRED', 'Send MESSAGING_AUTH first', message.type);
    if (
      'token' in message &&
      message.token !== undefined &&
      message.type !== 'ACCEPT_MATCH' &&
      message.type !== 'REJECT_MATCH'
    ) {
      // The session token the spec's client repeats must be the one this socket signed in with.
      if (hashToken(message.token) !== conn.tokenHash)
        return conn.error('AUTH_REQUIRED', 'Token does not match this connection', message.type);
    }
    const player = { userId, username: conn.username };

    switch (message.type) {
      case 'GET_ONLINE_STATUS': {
        const friends = new Set(await deps.friendsOf(userId));
        const asked = message.userIds.filter((id) => friends.has(id));
        return conn.send({
          type: 'ONLINE_STATUS',
          onlineUsers: await deps.presence.onlineAmong(asked),
          timestamp: deps.now(),
        });
      }
      case 'JOIN_RANKED_QUEUE':
        return deps.matchmaking.join(player, 'ranked');
      case 'JOIN_QUICK_QUEUE':
        return deps.matchmaking.join(player, 'quick');
      case 'LEAVE_QUEUE':
        await deps.matchmaking.leave(userId);
        return conn.send({ type: 'QUEUE_LEAVE_SUCCESS' });
      case 'CHECK_QUEUE_STATUS':
        return conn.send(await deps.matchmaking.status(userId));
      case 'ACCEPT_MATCH':
      case 'REJECT_MATCH':
        if (message.userId !== userId)
          return conn.error('FORBIDDEN', 'You can only answer for yourself', message.type);
        if (message.type === 'ACCEPT_MATCH') return deps.matchmaking.accept(userId, message.token);
        return deps.matchmaking.reject(userId, message.token);
      case 'GAME_JOIN': {
        const room = await deps.rooms.get(message.gameId);
        return conn.send({ type: 'GAME_STATE', gameId: room.id, game: room.join(userId) });
      }
      case 'GAME_PLAY': {
        const room = await deps.rooms.get(message.gameId);
        try {
          await room.play(userId, message.card, message.seq);
        } catch (error) {
          if (error instanceof RoomError && error.code === 'STALE_STATE') {
            conn.error('STALE_STATE', error.message, message.type);
            return conn.send({ type: 'GAME_STATE', gameId: room.id, game: room.join(userId) });
          }
          throw error;
        }
        return;
      }
      case 'GAME_RESIGN':
        return (await deps.rooms.get(message.gameId)).resign(userId);
      case 'GAME_LEAVE':
        (await deps.rooms.get(message.gameId)).leave(userId);
        return;
    }
  }

  function onConnection(socket: WebSocket): void {
    const conn = new Connection(socket, deps.messagesPerSecond);
    all.add(conn);
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (!conn.admit()) return;
      if (isBinary || data.length > MAX_FRAME_BYTES) {
        return conn.error(
          'INVALID_MESSAGE',
          isBinary ? 'Frames must be JSON text' : `Frame is larger than ${MAX_FRAME_BYTES} bytes`,
        );
      }
      const parsed = parseClientMessage(data.toString('utf8'));
      if (!parsed.ok) return conn.error('INVALID_MESSAGE', parsed.error.message, parsed.error.ref);
      handle(conn, parsed.message).catch((error: unknown) => {
        if (error instanceof RoomError) return conn.error(error.code, error.message, parsed.message.type);
        deps.log.error({ err: error, type: parsed.message.type }, 'websocket message failed');
        conn.error('INTERNAL_ERROR', 'Something went wrong on the server', parsed.message.type);
      });
    });
    socket.on('pong', () => {
      conn.alive = true;
      const latency = Math.round(performance.now() - conn.pingSentAt);
      if (conn.userId !== null)
        conn.send({ type: 'CONNECTION_QUALITY', quality: qualityOf(latency), latency });
    });
    socket.on('close', () => {
      detach(conn).catch((error: unknown) => deps.log.error({ err: error }, 'disconnect cleanup failed'));
    });
    socket.on('error', (error) => deps.log.warn({ err: error }, 'websocket error'));
  }

  // Heartbeat: a socket that did not answer the last ping is dead and is dropped.
  const heartbeat = setInterval(() => {
    for (const conn of all) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.pingSentAt = performance.now();
      conn.socket.ping();
    }
  }, deps.heartbeatMs);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    for (const conn of all) conn.socket.close(1001, 'Server shutting down');
    wss.close();
  });
}

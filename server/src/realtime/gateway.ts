import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_FRAME_BYTES,
  type ClientUpdate,
  type ChatMessage,
  type ErrorCode,
  parseClientMessage,
  type ClientMessage,
  type ClientMessageOf,
  type ClientMessageType,
  type ServerMessage,
  type ServerMessageOf,
} from '@shared/protocol';
import { SESSIONS_REVOKED_CHANNEL, tournamentTopic, type Bus, type SessionsRevoked } from '../infra/bus';
import type { Metrics } from '../infra/metrics';
import type { PresenceStore } from '../infra/presence-store';
import { isRedisUnavailable } from '../infra/redis/connection';
import { AuthError, DomainError, type ErrorKind } from '../errors';
import { NodeUnreachableError, type NodeRpc } from '../infra/node-rpc';
import { RoomElsewhereError, type RoomManager } from '../rooms/manager';
import { RoomError } from '../rooms/room';
import { Connection, type Peer, type RateOptions } from './connection';
import type { ConnectionRegistry } from './connections';
import { WriteGroup } from './write-group';
import type { SocketIndex } from './socket-index';
import type { Matchmaking } from '../matchmaking/matchmaking';
import type { Rematches } from '../matchmaking/rematch';

export function qualityOf(latency: number): 'good' | 'fair' | 'poor' {
  return latency < 150 ? 'good' : latency < 400 ? 'fair' : 'poor';
}

/**
 * What the gateway asks of sessions. Implemented by the auth module's AccountService and handed
 * in by the composition root, so realtime depends on no module (docs/design.md, "Import
 * directions"). `authenticate` throws an AuthError for a token that does not stand.
 */
export interface SessionChecker {
  authenticate(
    token: string,
  ): Promise<{ user: { id: number; username: string }; sessionId: number; expiresAt: number }>;
  /** When the session expires, or null once it is revoked or expired. */
  sessionExpiresAt(sessionId: number): Promise<number | null>;
  /** Whether `token` is the live session `sessionId`'s. */
  isSessionToken(token: string, sessionId: number): Promise<boolean>;
}

export interface GatewayDeps {
  accounts: SessionChecker;
  /** Who is connected to this node: the gateway fills it, rooms and matchmaking read it. */
  connections: ConnectionRegistry;
  rooms: Pick<RoomManager, 'get' | 'hosted' | 'userConnected' | 'userDisconnected' | 'invitationsFor'>;
  matchmaking: Pick<Matchmaking, 'join' | 'leave' | 'status' | 'accept' | 'reject'>;
  /** Rematch offers at finished games; none in tests that do not need them. */
  rematches?: Pick<Rematches, 'accept' | 'decline' | 'leave' | 'pending'>;
  presence: PresenceStore;
  bus: Bus;
  /** The game's clock (injectable): session expiry is measured on it. */
  now: () => number;
  /** Wall clock for rates and round trips, which are about the network. */
  clock?: () => number;
  /** Total milliseconds the event loop was stalled (see StallMonitor); none by default. */
  stalledMs?: () => number;
  messagesPerSecond: number;
  /** A socket not signed in this long after opening (or after losing its session) is closed. */
  authTimeoutMs: number;
  /** Signed-in sockets one user may hold on this node. */
  maxConnectionsPerUser: number;
  /**
   * The oldest app served, told on MESSAGING_AUTH_SUCCESS so an older desktop or mobile app asks
   * its player to update (docs/protocol.md, "Minimum client version"); none by default.
   */
  clientUpdate?: ClientUpdate | null;
  log: FastifyBaseLogger;
  /** Moves' latency and refused frames and sockets; none when metrics are off. */
  metrics?: Pick<Metrics, 'move' | 'refused'>;
  /**
   * Several nodes: a frame for a room another node owns is forwarded there through this and the
   * answers come back to the socket (see docs/scale-out.md, "Forwarding"). Absent on one node.
   */
  rpc?: NodeRpc;
  /**
   * Tournaments' live standings (TOURNAMENT_WATCH): the current TOURNAMENT_STANDINGS frame of a
   * tournament the user may follow, or null when they may not (an invite-only one they have not
   * entered, or none). Absent where tournaments are not offered (some tests).
   */
  tournaments?: {
    standingsFor(
      userId: number,
      tournamentId: number,
    ): Promise<ServerMessageOf<'TOURNAMENT_STANDINGS'> | null>;
  };
  /** Accepted friends of a user: presence goes to them only. See docs/protocol.md, "Presence". */
  friendsOf(userId: number): Promise<number[]>;
  /**
   * Stores a chat message (see docs/protocol.md, "Chat"): `created` is false when the sender had
   * already sent this client id. Refusals are DomainErrors.
   */
  chat: {
    send(
      sender: { userId: number; username: string },
      message: { clientId: string; toUserId: number; text: string },
    ): Promise<{ message: ChatMessage; created: boolean }>;
  };
}

/** The ERROR code a refused request's kind becomes on the socket. */
function socketCode(kind: ErrorKind): ErrorCode {
  if (kind === 'invalid') return 'INVALID_MESSAGE';
  if (kind === 'rate_limited') return 'RATE_LIMITED';
  if (kind === 'unauthenticated') return 'AUTH_REQUIRED';
  if (kind === 'forbidden' || kind === 'not_found' || kind === 'conflict') return 'FORBIDDEN';
  return 'INTERNAL_ERROR';
}

interface Player {
  userId: number;
  username: string;
}

type Reply = Promise<void> | void;

/**
 * One handler per client message type. `signedIn` handlers run only on a socket bound to a live
 * session and get the player; the mapped type makes a missing message type a type error.
 */
type Handler<K extends ClientMessageType> =
  | { signedIn: false; run(conn: Connection, message: ClientMessageOf<K>): Reply }
  | {
      signedIn: true;
      /** `receivedAt`: when the frame arrived, on the gateway's clock. */
      run(conn: Connection, message: ClientMessageOf<K>, me: Player, receivedAt: number): Reply;
    };
type Handlers = { [K in ClientMessageType]: Handler<K> };

/** Frames about one game room: the node owning the room answers them. */
const ROOM_FRAMES: ReadonlySet<ClientMessageType> = new Set([
  'GAME_JOIN',
  'GAME_PLAY',
  'GAME_RESIGN',
  'GAME_LEAVE',
  'DECLINE_GAME_INVITATION',
  'GAME_EMOTE',
]);

/** A socket that only collects what is sent to it: a forwarded frame's answers. */
class ReplyPeer {
  readonly replies: ServerMessage[] = [];
  send(text: string) {
    this.replies.push(JSON.parse(text) as ServerMessage);
  }
  close() {}
  terminate() {}
  ping() {}
  /** Always open: what is sent is collected for the forwarding node. */
  readonly readyState = 1;
}

/** The `token` a frame repeats, when it is the session's (ACCEPT/REJECT carry a match token). */
function sessionTokenOf(message: ClientMessage): string | undefined {
  if (message.type === 'ACCEPT_MATCH' || message.type === 'REJECT_MATCH') return undefined;
  return 'token' in message ? message.token : undefined;
}

function revokes(revoked: SessionsRevoked, userId: number, sessionId: number): boolean {
  if ('sessionId' in revoked) return revoked.sessionId === sessionId;
  return revoked.userId === userId && revoked.exceptSessionId !== sessionId;
}

/**
 * The one WebSocket endpoint's logic, independent of the socket library: it parses every frame in
 * one place, holds no game rules, and is the only writer of who is connected to this node (the
 * ConnectionRegistry it is handed).
 * `ws-server.ts` feeds it sockets; tests may feed it fake peers.
 */
export class Gateway {
  private readonly all = new Set<Connection>();
  private readonly byUser: SocketIndex<number, Connection>;
  private readonly bySession: SocketIndex<number, Connection>;
  private readonly stopRevocations: () => void;
  /** Revocations heard while a sign-in was waiting on the database, so it cannot slip past one. */
  private revokedDuringAuth: SessionsRevoked[] = [];
  private authsInFlight = 0;
  private readonly clock: () => number;
  private readonly stalledMs: () => number;

  constructor(private readonly deps: GatewayDeps) {
    this.byUser = deps.connections.byUser;
    this.bySession = deps.connections.bySession;
    this.clock = deps.clock ?? (() => performance.now());
    this.stalledMs = deps.stalledMs ?? (() => 0);
    const metrics = deps.metrics;
    this.rate = {
      perSecond: deps.messagesPerSecond,
      clock: this.clock,
      stalledMs: this.stalledMs,
      ...(metrics && { refused: () => metrics.refused('ws_messages') }),
    };
    this.stopRevocations = deps.bus.subscribe(SESSIONS_REVOKED_CHANNEL, (message) =>
      this.revoke(message as SessionsRevoked),
    );
    deps.rpc?.serve((body) => this.served(body));
    // Transitions no socket of this node caused: a dead node's users, or counts Redis missed.
    deps.presence.onTransition?.(({ userId, online }) => {
      this.elsewhere(userId, online).catch((error: unknown) =>
        this.deps.log.warn({ err: error, userId }, 'presence: telling friends failed'),
      );
    });
  }

  /** Whether the user holds a signed-in socket on this node (rooms read this synchronously). */
  isConnected(userId: number): boolean {
    return this.deps.connections.isConnected(userId);
  }

  /** Connections open on this node, signed in or not. */
  get size(): number {
    return this.all.size;
  }

  /** One object for every connection's rate limit (it is the same for all). */
  private readonly rate: RateOptions;
  /** Every socket's frames of one turn, written back to back. */
  private readonly writes = new WriteGroup((error) =>
    this.deps.log.error({ err: error }, 'websocket send failed'),
  );

  open(peer: Peer, ip: string): Connection {
    const conn = new Connection(peer, ip, this.rate, this.writes);
    this.all.add(conn);
    this.startAuthTimer(conn);
    return conn;
  }

  /** One frame from a socket. Never rejects: failures are answered with ERROR. */
  async receive(conn: Connection, data: string | Buffer, isBinary = false): Promise<void> {
    // Only the metrics read it (a move's latency): without them the frame path is as it was.
    const receivedAt = this.deps.metrics ? this.clock() : 0;
    if (!conn.admit()) return;
    const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    if (isBinary || bytes > MAX_FRAME_BYTES) {
      return conn.error(
        'INVALID_MESSAGE',
        isBinary ? 'Frames must be JSON text' : `Frame is larger than ${MAX_FRAME_BYTES} bytes`,
      );
    }
    const parsed = parseClientMessage(typeof data === 'string' ? data : data.toString('utf8'));
    if (!parsed.ok) return conn.error('INVALID_MESSAGE', parsed.error.message, parsed.error.ref);
    const { type } = parsed.message;
    try {
      await this.dispatch(conn, parsed.message, receivedAt);
    } catch (error) {
      if (error instanceof RoomError) return conn.error(error.code, error.message, type);
      if (isRedisUnavailable(error)) {
        this.deps.log.warn({ err: error, type }, 'websocket message failed: Redis is unavailable');
        return conn.error('UNAVAILABLE', 'The server is briefly unavailable; try again in a moment', type);
      }
      this.deps.log.error({ err: error, type }, 'websocket message failed');
      conn.error('INTERNAL_ERROR', 'Something went wrong on the server', type);
    }
  }

  pong(conn: Connection): void {
    conn.alive = true;
    const latency = Math.round(this.clock() - conn.pingSentAt);
    if (conn.userId !== null) conn.send({ type: 'CONNECTION_QUALITY', quality: qualityOf(latency), latency });
  }

  /** The socket is gone: forget it, and if it was the user's last, they go offline. */
  async closed(conn: Connection): Promise<void> {
    conn.closed = true;
    clearTimeout(conn.authTimer);
    this.all.delete(conn);
    this.deps.connections.unwatchAll(conn);
    const userId = this.unbind(conn);
    if (userId !== null) await this.wentAway(userId);
  }

  /** Pings every socket; one that did not answer the last ping is dead and is dropped. */
  heartbeat(): void {
    for (const conn of this.all) {
      if (!conn.alive) {
        conn.peer.terminate();
        continue;
      }
      conn.alive = false;
      conn.pingSentAt = this.clock();
      conn.peer.ping();
    }
  }

  /** Re-checks every socket whose session's expiry has passed (it may have slid meanwhile). */
  checkExpiries(): void {
    const now = this.deps.now();
    for (const conn of this.all)
      if (conn.userId !== null && conn.expiresAt <= now) void this.revalidate(conn);
  }

  /** Every socket bound to a revoked session is told AUTH_REQUIRED and signed out. */
  revoke(revoked: SessionsRevoked): void {
    if (this.authsInFlight > 0) this.revokedDuringAuth.push(revoked);
    const hit =
      'sessionId' in revoked ? this.bySession.get(revoked.sessionId) : this.byUser.get(revoked.userId);
    for (const conn of hit) {
      if ('exceptSessionId' in revoked && conn.sessionId === revoked.exceptSessionId) continue;
      this.signOut(conn, 'Your session has ended; sign in again');
    }
  }

  stop(): void {
    this.stopRevocations();
    for (const conn of this.all) {
      clearTimeout(conn.authTimer);
      // 1012 (service restart): clients reconnect at once, to a node that is staying.
      conn.close(1012, 'Server restarting; reconnect');
    }
  }

  private readonly handlers: Handlers = {
    MESSAGING_AUTH: {
      signedIn: false,
      run: (conn, m) => this.authenticate(conn, m.token, m.protocol ?? 1),
    },
    PING: { signedIn: false, run: (conn) => conn.send({ type: 'PONG' }) },
    GET_ONLINE_STATUS: {
      signedIn: true,
      run: async (conn, m, me) => {
        const friends = new Set(await this.deps.friendsOf(me.userId));
        const asked = m.userIds.filter((id) => friends.has(id));
        conn.send({
          type: 'ONLINE_STATUS',
          onlineUsers: await this.deps.presence.onlineAmong(asked),
          timestamp: this.deps.now(),
        });
      },
    },
    JOIN_RANKED_QUEUE: { signedIn: true, run: (_c, _m, me) => this.deps.matchmaking.join(me, 'ranked') },
    JOIN_QUICK_QUEUE: {
      signedIn: true,
      run: (_c, m, me) => this.deps.matchmaking.join(me, 'quick', m.size ?? 2),
    },
    LEAVE_QUEUE: {
      signedIn: true,
      run: async (conn, _m, me) => {
        await this.deps.matchmaking.leave(me.userId);
        conn.send({ type: 'QUEUE_LEAVE_SUCCESS' });
      },
    },
    CHECK_QUEUE_STATUS: {
      signedIn: true,
      run: async (conn, _m, me) => conn.send(await this.deps.matchmaking.status(me.userId)),
    },
    ACCEPT_MATCH: {
      signedIn: true,
      run: (conn, m, me) =>
        m.userId !== me.userId
          ? conn.error('FORBIDDEN', 'You can only answer for yourself', m.type)
          : this.deps.matchmaking.accept(me.userId, m.token),
    },
    REJECT_MATCH: {
      signedIn: true,
      run: (conn, m, me) =>
        m.userId !== me.userId
          ? conn.error('FORBIDDEN', 'You can only answer for yourself', m.type)
          : this.deps.matchmaking.reject(me.userId, m.token),
    },
    GAME_JOIN: {
      signedIn: true,
      run: async (conn, m, me) => {
        const room = await this.deps.rooms.get(m.gameId);
        conn.send({ type: 'GAME_STATE', gameId: room.id, game: room.join(me.userId) });
        // Joining a finished game again (a reloaded page): its end, and a rematch still open.
        const over = room.gameOver();
        if (!over) return;
        conn.send(over);
        if (room.seatOf(me.userId) === null) return;
        const rematch = await this.deps.rematches?.pending(me.userId, room.id);
        if (rematch) conn.send(rematch);
      },
    },
    GAME_PLAY: {
      signedIn: true,
      run: async (conn, m, me, receivedAt) => {
        const room = this.deps.rooms.hosted(m.gameId) ?? (await this.deps.rooms.get(m.gameId));
        try {
          // Resolves once the move is stored and its update handed to the players' sockets.
          await room.play(me.userId, m.card, m.seq);
          this.deps.metrics?.move(this.clock() - receivedAt);
        } catch (error) {
          if (error instanceof RoomError && error.code === 'STALE_STATE') {
            conn.error('STALE_STATE', error.message, m.type);
            return conn.send({ type: 'GAME_STATE', gameId: room.id, game: room.join(me.userId) });
          }
          throw error;
        }
      },
    },
    GAME_RESIGN: {
      signedIn: true,
      run: async (_c, m, me) => (await this.deps.rooms.get(m.gameId)).resign(me.userId),
    },
    GAME_LEAVE: {
      signedIn: true,
      run: async (_c, m, me) => (await this.deps.rooms.get(m.gameId)).leave(me.userId),
    },
    DECLINE_GAME_INVITATION: {
      signedIn: true,
      run: async (_c, m, me) => (await this.deps.rooms.get(m.gameId)).decline(me.userId),
    },
    GAME_EMOTE: {
      signedIn: true,
      run: async (_c, m, me) => {
        const room = this.deps.rooms.hosted(m.gameId) ?? (await this.deps.rooms.get(m.gameId));
        await room.emote(me.userId, m.emote);
      },
    },
    ACCEPT_REMATCH: {
      signedIn: true,
      run: (_c, m, me) => this.rematches().accept(me.userId, m.gameId),
    },
    DECLINE_REMATCH: {
      signedIn: true,
      run: (_c, m, me) => this.rematches().decline(me.userId, m.gameId),
    },
    TOURNAMENT_WATCH: {
      signedIn: true,
      run: async (conn, m, me) => {
        const frame = await this.deps.tournaments?.standingsFor(me.userId, m.tournamentId);
        if (!frame || conn.closed) return conn.error('FORBIDDEN', 'No such tournament to follow', m.type);
        this.deps.connections.watch(tournamentTopic(m.tournamentId), conn);
        conn.send(frame);
      },
    },
    TOURNAMENT_UNWATCH: {
      signedIn: true,
      run: (conn, m) => this.deps.connections.unwatch(tournamentTopic(m.tournamentId), conn),
    },
    CHAT_SEND: {
      signedIn: true,
      run: async (conn, m, me) => {
        let sent;
        try {
          sent = await this.deps.chat.send(me, m);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          if (error.kind === 'rate_limited') this.deps.metrics?.refused(error.code);
          const code = socketCode(error.kind);
          return conn.send({
            type: 'ERROR',
            code,
            message: error.message,
            ref: m.type,
            clientId: m.clientId,
          });
        }
        const frame: ServerMessage = { type: 'CHAT_MESSAGE', message: sent.message };
        // A repeat (a retry, the same frame twice) is answered to its sender alone.
        if (!sent.created) return conn.send(frame);
        this.deps.connections.send(me.userId, frame);
        this.deps.connections.send(m.toUserId, frame);
      },
    },
  };

  private rematches(): NonNullable<GatewayDeps['rematches']> {
    if (!this.deps.rematches) throw new RoomError('FORBIDDEN', 'Rematches are not offered here');
    return this.deps.rematches;
  }

  private async dispatch(conn: Connection, message: ClientMessage, receivedAt: number): Promise<void> {
    // The table is indexed by the message's own type, so the handler takes this message.
    const handler = this.handlers[message.type] as Handler<ClientMessageType>;
    if (!handler.signedIn) return handler.run(conn, message);
    const player = this.player(conn, message);
    const me = player instanceof Promise ? await player : player;
    if (!me) return;
    try {
      return await handler.run(conn, message, me, receivedAt);
    } catch (error) {
      if (!(error instanceof RoomElsewhereError) || !this.deps.rpc) throw error;
      return this.forward(conn, error.owner, message, me);
    }
  }

  /** Sends a room frame to the node owning the room and passes its answers to the socket. */
  private async forward(conn: Connection, owner: string, message: ClientMessage, me: Player): Promise<void> {
    let replies;
    try {
      replies = (await this.deps.rpc!.request(owner, { message, me })) as ServerMessage[];
    } catch (error) {
      if (!(error instanceof NodeUnreachableError)) throw error;
      // Its lease lapses within ROOM_LEASE_SECONDS and the next try adopts the game here.
      return conn.error(
        'GAME_NOT_FOUND',
        'The server hosting this game is not answering; try again in a few seconds',
        message.type,
      );
    }
    for (const reply of replies) conn.send(reply);
  }

  /**
   * A room frame another node forwarded, from a player it signed in: run here as if from a
   * socket, and return what that socket would have been sent.
   */
  private async served(body: unknown): Promise<ServerMessage[]> {
    const { message, me } = body as { message: unknown; me: Player };
    const parsed = parseClientMessage(JSON.stringify(message));
    if (!parsed.ok || !ROOM_FRAMES.has(parsed.message.type)) throw new Error('Not a room frame');
    const type = parsed.message.type;
    const peer = new ReplyPeer();
    const conn = new Connection(peer, 'forwarded', {
      perSecond: Infinity,
      clock: this.clock,
      stalledMs: this.stalledMs,
    });
    const handler = this.handlers[type] as Handler<ClientMessageType> & { signedIn: true };
    try {
      await handler.run(conn, parsed.message, me, this.clock());
    } catch (error) {
      if (error instanceof RoomElsewhereError) {
        conn.error('GAME_NOT_FOUND', 'This game moved to another server; join it again', type);
      } else if (error instanceof RoomError) {
        conn.error(error.code, error.message, type);
      } else {
        this.deps.log.error({ err: error, type }, 'forwarded message failed');
        conn.error('INTERNAL_ERROR', 'Something went wrong on the server', type);
      }
    }
    return peer.replies;
  }

  /**
   * The player behind a signed-in socket whose session is still live, or null (answered). At once
   * when nothing needs the database (most frames: a game's moves); a promise when the session is
   * due a re-check or the frame repeats a token.
   */
  private player(conn: Connection, message: ClientMessage): Player | null | Promise<Player | null> {
    const token = sessionTokenOf(message);
    if ((conn.userId !== null && conn.expiresAt <= this.deps.now()) || token !== undefined)
      return this.checkedPlayer(conn, message, token);
    return this.boundPlayer(conn, message);
  }

  private async checkedPlayer(
    conn: Connection,
    message: ClientMessage,
    token: string | undefined,
  ): Promise<Player | null> {
    if (conn.userId !== null && conn.expiresAt <= this.deps.now()) await this.revalidate(conn);
    const { sessionId } = conn;
    if (sessionId === null) return this.boundPlayer(conn, message);
    // The session token the spec's client repeats must be the one this socket signed in with.
    if (token !== undefined && !(await this.deps.accounts.isSessionToken(token, sessionId))) {
      conn.error('AUTH_REQUIRED', 'Token does not match this connection', message.type);
      return null;
    }
    // Signed out, or in again on another session, while the token was checked.
    if (conn.sessionId !== sessionId) {
      conn.error('AUTH_REQUIRED', 'Send MESSAGING_AUTH first', message.type);
      return null;
    }
    return this.boundPlayer(conn, message);
  }

  /** The player signed in on the socket, or null (answered). */
  private boundPlayer(conn: Connection, message: ClientMessage): Player | null {
    const { userId, sessionId } = conn;
    if (userId === null || sessionId === null) {
      conn.error('AUTH_REQUIRED', 'Send MESSAGING_AUTH first', message.type);
      return null;
    }
    return { userId, username: conn.username };
  }

  private async authenticate(conn: Connection, token: string, protocol: number): Promise<void> {
    const heard = this.revokedDuringAuth.length;
    this.authsInFlight++;
    let auth;
    try {
      auth = await this.deps.accounts.authenticate(token);
    } catch (error) {
      if (error instanceof AuthError) return conn.error('AUTH_REQUIRED', error.message, 'MESSAGING_AUTH');
      throw error;
    } finally {
      this.authsInFlight--;
    }
    const { user, sessionId } = auth;
    const revokedMeanwhile = this.revokedDuringAuth
      .slice(heard)
      .some((revoked) => revokes(revoked, user.id, sessionId));
    if (this.authsInFlight === 0) this.revokedDuringAuth = [];
    if (conn.closed) return;
    if (revokedMeanwhile) return conn.error('AUTH_REQUIRED', 'Invalid token', 'MESSAGING_AUTH');
    if (conn.userId !== null && conn.userId !== user.id) {
      return conn.error('FORBIDDEN', 'This connection is signed in as another user', 'MESSAGING_AUTH');
    }
    const fresh = conn.userId === null;
    if (fresh && this.byUser.count(user.id) >= this.deps.maxConnectionsPerUser) {
      // The new socket goes, not an old one: a runaway client cannot evict the user's working
      // tabs, and two tabs that reconnect on close cannot keep evicting each other.
      this.deps.metrics?.refused('ws_connections_per_user');
      return conn.close(1008, 'Too many connections for this account');
    }
    this.bindSession(conn, sessionId);
    // Before any frame of the user's reaches it: the rooms' updates are written for this revision.
    conn.protocol = protocol;
    conn.username = user.username;
    conn.expiresAt = auth.expiresAt;
    clearTimeout(conn.authTimer);
    conn.authTimer = undefined; // a cleared timer still holds its Timeout object (~200 B)
    const success = { type: 'MESSAGING_AUTH_SUCCESS', userId: user.id, ...this.deps.clientUpdate } as const;
    if (!fresh) return conn.send(success);
    conn.userId = user.id;
    this.bindUser(conn, user.id);
    conn.send(success);
    const first = await this.deps.presence.connect(user.id);
    this.deps.rooms.userConnected(user.id);
    // A private game still waiting for this user: every new connection hears the invitation.
    for (const invitation of this.deps.rooms.invitationsFor(user.id)) conn.send(invitation);
    if (first) await this.tellFriends(user.id, { type: 'USER_ONLINE', userId: user.id });
  }

  /** Asks the auth module whether the socket's session still stands; signs it out if not. */
  private revalidate(conn: Connection): Promise<void> {
    conn.revalidating ??= (async () => {
      const sessionId = conn.sessionId;
      if (sessionId === null) return;
      const expiresAt = await this.deps.accounts.sessionExpiresAt(sessionId);
      if (conn.sessionId !== sessionId) return;
      if (expiresAt === null) this.signOut(conn, 'Your session has expired; sign in again');
      else conn.expiresAt = expiresAt;
    })()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'session re-check failed'))
      .finally(() => (conn.revalidating = undefined));
    return conn.revalidating;
  }

  /** De-authenticates a socket: it may sign in again, within the sign-in timeout. */
  private signOut(conn: Connection, message: string): void {
    conn.error('AUTH_REQUIRED', message);
    const userId = this.unbind(conn);
    this.startAuthTimer(conn);
    if (userId !== null) {
      this.wentAway(userId).catch((error: unknown) =>
        this.deps.log.error({ err: error }, 'sign-out cleanup failed'),
      );
    }
  }

  private startAuthTimer(conn: Connection): void {
    clearTimeout(conn.authTimer);
    const seconds = this.deps.authTimeoutMs / 1000;
    conn.authTimer = setTimeout(
      () => conn.close(1008, `Not signed in within ${seconds} s`),
      this.deps.authTimeoutMs,
    );
    conn.authTimer.unref();
  }

  private bindSession(conn: Connection, sessionId: number): void {
    if (conn.sessionId === sessionId) return;
    this.unbindSession(conn);
    conn.sessionId = sessionId;
    this.bySession.add(sessionId, conn);
  }

  private unbindSession(conn: Connection): void {
    if (conn.sessionId === null) return;
    this.bySession.delete(conn.sessionId, conn);
    conn.sessionId = null;
  }

  private bindUser(conn: Connection, userId: number): void {
    this.deps.connections.bindUser(userId, conn);
  }

  /** Detaches a socket from its user and session; returns the user it was signed in as. */
  private unbind(conn: Connection): number | null {
    this.unbindSession(conn);
    conn.expiresAt = Infinity;
    const userId = conn.userId;
    if (userId === null) return null;
    conn.userId = null;
    conn.username = '';
    this.deps.connections.unbindUser(userId, conn);
    return userId;
  }

  /** One of the user's sockets left; if it was their last anywhere, they go offline. */
  private async wentAway(userId: number): Promise<void> {
    if (!(await this.deps.presence.disconnect(userId))) return;
    await this.deps.matchmaking.leave(userId);
    await this.deps.rematches?.leave(userId);
    this.deps.rooms.userDisconnected(userId);
    await this.tellFriends(userId, { type: 'USER_OFFLINE', userId });
  }

  private async elsewhere(userId: number, online: boolean): Promise<void> {
    if (!online) {
      // Like a last socket closing: out of the queue, and its games (on whichever node they are
      // hosted: rooms publish it) start their reconnect grace.
      await this.deps.matchmaking.leave(userId);
      await this.deps.rematches?.leave(userId);
      if (!this.byUser.has(userId)) this.deps.rooms.userDisconnected(userId);
    } else {
      this.deps.rooms.userConnected(userId);
    }
    await this.tellFriends(
      userId,
      online ? { type: 'USER_ONLINE', userId } : { type: 'USER_OFFLINE', userId },
    );
  }

  private async tellFriends(userId: number, message: ServerMessage): Promise<void> {
    for (const friend of await this.deps.presence.onlineAmong(await this.deps.friendsOf(userId))) {
      this.deps.connections.send(friend, message);
    }
  }
}

import {
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_INITIAL_RECONNECT_DELAY_MS,
  SOCKET_MAX_RECONNECTS,
  SOCKET_MAX_RECONNECT_DELAY_MS,
  SOCKET_PING_INTERVAL_MS,
  SOCKET_RECONNECT_JITTER_MS,
} from './timings';
// Not the protocol's index: that would bring its schemas (zod) into the first page's bundle.
import { PROTOCOL_VERSION } from '@shared/protocol/version';
import type {
  ClientMessage,
  ServerMessage,
  ServerMessageOf,
  ServerMessageType,
  SessionTokenMessageType,
} from '@shared/protocol';

export type ConnectionState = 'offline' | 'connecting' | 'connected';
export type AuthState = 'none' | 'pending' | 'authenticated';
/**
 * Where the reconnect cycle stands: `none` (connected, first connecting, or not wanted),
 * `retrying` (a reconnect is scheduled or under way), `paused` (the device has no network, so no
 * attempt is made or counted), `exhausted` (the 20 attempts failed; it waits for a wake-up).
 */
export type ReconnectState = 'none' | 'retrying' | 'paused' | 'exhausted';

export interface SocketStatus {
  connection: ConnectionState;
  auth: AuthState;
  quality: 'good' | 'fair' | 'poor' | null;
  latency: number | null;
  reconnect: ReconnectState;
}

/** Delay before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, plus up to 2 s of jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(SOCKET_INITIAL_RECONNECT_DELAY_MS * 2 ** attempt, SOCKET_MAX_RECONNECT_DELAY_MS);
  return base + Math.floor(random() * SOCKET_RECONNECT_JITTER_MS);
}

export interface SocketClientOptions {
  url: () => string;
  token: () => string | null;
  WebSocketImpl?: typeof WebSocket;
  random?: () => number;
  /** Whether the device has a network; while it has none no attempt is made or counted. */
  networkOnline?: () => boolean;
  /** Told when the browser has no WebSocket. */
  onFatal?: (kind: 'unsupported') => void;
  /**
   * Told when the server refused this socket's sign-in itself (the session was revoked or has
   * expired): signing in again with the same token would only be refused again.
   */
  onAuthRejected?: () => void;
}

type Handler = (message: ServerMessage) => void;

/** The messages that repeat the session token: the presence and queue messages. */
const SESSION_TOKEN_TYPES: ReadonlySet<ClientMessage['type']> = new Set<SessionTokenMessageType>([
  'GET_ONLINE_STATUS',
  'CHECK_QUEUE_STATUS',
  'JOIN_RANKED_QUEUE',
  'JOIN_QUICK_QUEUE',
  'LEAVE_QUEUE',
]);

/**
 * The app's one WebSocket: offline → connecting → connected, and none → pending → authenticated.
 * Signs in on open, pings every 50 s, gives a connection 15 s to open, and reconnects up to 20
 * times with a growing delay that resets once a socket opens. Of the two socket behaviours the
 * product describes, this is the second; docs/design.md, "Protocol principles" says why.
 * After the 20 attempts it stops its timer but stays wanted: `reconnectNow` (the network coming
 * back, the page shown again, the app resumed, Retry) starts over at once. See docs/design.md,
 * "The socket that comes back".
 */
export class SocketClient {
  private ws: WebSocket | null = null;
  private attempts = 0;
  private wanted = false;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly statusListeners = new Set<(status: SocketStatus) => void>();
  private readonly outbox: ClientMessage[] = [];
  /** The token this connection signed in with: the one the server expects repeated. */
  private sessionToken: string | null = null;
  status: SocketStatus = {
    connection: 'offline',
    auth: 'none',
    quality: null,
    latency: null,
    reconnect: 'none',
  };

  constructor(private readonly options: SocketClientOptions) {}

  private get Impl(): typeof WebSocket | undefined {
    return this.options.WebSocketImpl ?? (typeof WebSocket === 'undefined' ? undefined : WebSocket);
  }

  private get networkOnline(): boolean {
    return this.options.networkOnline?.() ?? true;
  }

  connect(): void {
    this.wanted = true;
    if (this.ws) return;
    const Impl = this.Impl;
    if (!Impl) {
      this.options.onFatal?.('unsupported');
      return;
    }
    clearTimeout(this.reconnectTimer);
    if (!this.networkOnline) {
      // Without a network an attempt can only fail: wait for `networkChanged(true)` instead.
      this.setStatus({ connection: 'offline', auth: 'none', reconnect: 'paused' });
      return;
    }
    // An attempt after a pause or after giving up is a reconnect too.
    const reconnect = this.status.reconnect === 'none' ? 'none' : 'retrying';
    this.setStatus({ connection: 'connecting', auth: 'none', reconnect });
    const ws = new Impl(this.options.url());
    this.ws = ws;
    this.connectTimer = setTimeout(() => ws.close(), SOCKET_CONNECT_TIMEOUT_MS);
    ws.onopen = () => {
      clearTimeout(this.connectTimer);
      this.attempts = 0;
      this.setStatus({ connection: 'connected', reconnect: 'none' });
      this.authenticate();
      this.pingTimer = setInterval(() => this.send({ type: 'PING' }), SOCKET_PING_INTERVAL_MS);
    };
    ws.onmessage = (event: MessageEvent) => this.receive(String(event.data));
    ws.onclose = () => this.closed(ws);
    ws.onerror = () => {
      // onclose follows and decides what to do.
    };
  }

  /** Closes for good (sign-out): no reconnects. */
  disconnect(): void {
    this.wanted = false;
    clearTimeout(this.reconnectTimer);
    const ws = this.ws;
    this.ws = null;
    this.cleanup();
    ws?.close();
    this.outbox.length = 0;
    this.setStatus({ connection: 'offline', auth: 'none', quality: null, latency: null, reconnect: 'none' });
  }

  /**
   * Tries at once, with a fresh count of 20 attempts, when the socket is wanted and neither open
   * nor opening: a scheduled attempt is not waited for, and one that gave up starts again. For
   * whatever suggests the server may be reachable now (the network back, the page shown again,
   * the app resumed, the player's Retry).
   */
  reconnectNow(): void {
    if (!this.wanted || this.ws) return;
    this.attempts = 0;
    this.connect();
  }

  /**
   * The device's network came or went. Gone: the socket cannot work, so it is closed now (a play
   * tapped meanwhile is held, not written into a dead socket) and no attempt is made until it
   * returns. Back: `reconnectNow`.
   */
  networkChanged(online: boolean): void {
    if (online) {
      this.reconnectNow();
      return;
    }
    const ws = this.ws;
    if (ws) {
      ws.close();
      this.closed(ws);
    } else if (this.wanted) {
      clearTimeout(this.reconnectTimer);
      this.setStatus({ reconnect: 'paused' });
    }
  }

  /**
   * Sends now when signed in (true), else holds the message until the connection is authenticated
   * (false; `PING` is dropped instead). The presence and queue messages get the session token the
   * connection signed in with (see docs/design.md, "Protocol principles"); what is held, and for
   * how long, is in "The socket that comes back".
   */
  send(message: ClientMessage): boolean {
    const { type } = message;
    const ready =
      this.ws &&
      this.status.connection === 'connected' &&
      (this.status.auth === 'authenticated' || type === 'PING' || type === 'MESSAGING_AUTH');
    if (!ready) {
      if (type !== 'PING') this.outbox.push(message);
      return false;
    }
    const frame =
      SESSION_TOKEN_TYPES.has(type) && this.sessionToken ? { ...message, token: this.sessionToken } : message;
    this.ws!.send(JSON.stringify(frame));
    return true;
  }

  /** Whether `send` still holds this very message, not yet sent. */
  holds(message: ClientMessage): boolean {
    return this.outbox.includes(message);
  }

  /** Takes back a message `send` held (the same object); false when it was sent or never held. */
  unsend(message: ClientMessage): boolean {
    const index = this.outbox.indexOf(message);
    if (index < 0) return false;
    this.outbox.splice(index, 1);
    return true;
  }

  on<T extends ServerMessageType>(type: T, handler: (message: ServerMessageOf<T>) => void): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    set.add(handler as Handler);
    return () => set.delete(handler as Handler);
  }

  onStatus(listener: (status: SocketStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  private authenticate(): void {
    const token = this.options.token();
    if (!this.ws) return;
    if (!token) {
      // Signed out meanwhile (another tab of this browser shares the stored token).
      if (this.status.auth !== 'none') {
        this.setStatus({ auth: 'none' });
        this.options.onAuthRejected?.();
      }
      return;
    }
    this.sessionToken = token;
    this.setStatus({ auth: 'pending' });
    const frame: ClientMessage = { type: 'MESSAGING_AUTH', token, protocol: PROTOCOL_VERSION };
    this.ws.send(JSON.stringify(frame));
  }

  private receive(text: string): void {
    // The server validates what it sends (its tests parse every frame with the shared schemas);
    // the client only checks the shape, which keeps zod out of the first download.
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object' || typeof message.type !== 'string') return;
    if (message.type === 'MESSAGING_AUTH_SUCCESS') {
      this.setStatus({ auth: 'authenticated' });
      for (const queued of this.outbox.splice(0)) this.send(queued);
    } else if (message.type === 'CONNECTION_QUALITY') {
      this.setStatus({ quality: message.quality, latency: message.latency });
    } else if (message.type === 'ERROR' && message.code === 'AUTH_REQUIRED') {
      if (message.ref === 'MESSAGING_AUTH') {
        // The sign-in itself was refused: stop here and let the app check the session.
        this.setStatus({ auth: 'none' });
        this.options.onAuthRejected?.();
      } else {
        // The server forgot or signed out this socket (a restart, a revocation): sign in again once;
        // a revoked session's sign-in is then refused with ref MESSAGING_AUTH, which ends the loop.
        this.authenticate();
      }
    }
    for (const handler of this.handlers.get(message.type) ?? []) handler(message);
  }

  private closed(ws: WebSocket): void {
    if (this.ws !== ws) return;
    this.ws = null;
    this.cleanup();
    if (!this.wanted) {
      this.setStatus({ connection: 'offline', auth: 'none' });
      return;
    }
    if (!this.networkOnline) {
      this.setStatus({ connection: 'offline', auth: 'none', reconnect: 'paused' });
      return;
    }
    if (this.attempts >= SOCKET_MAX_RECONNECTS) {
      // Stay wanted with no timer running: only a wake-up (reconnectNow) tries again.
      this.setStatus({ connection: 'offline', auth: 'none', reconnect: 'exhausted' });
      return;
    }
    this.setStatus({ connection: 'offline', auth: 'none', reconnect: 'retrying' });
    const delay = reconnectDelay(this.attempts++, this.options.random);
    this.reconnectTimer = setTimeout(() => this.connect(), delay);
  }

  private cleanup(): void {
    this.sessionToken = null;
    clearTimeout(this.connectTimer);
    clearInterval(this.pingTimer);
  }

  private setStatus(change: Partial<SocketStatus>): void {
    this.status = { ...this.status, ...change };
    for (const listener of this.statusListeners) listener(this.status);
  }
}

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Connection } from './connection';
import type { Gateway } from './gateway';

/** Frames past this size are cut off by the socket itself; up to MAX_FRAME_BYTES get a clear ERROR. */
const HARD_FRAME_LIMIT = 64 * 1024;
/** How often sockets are checked for sessions that expired meanwhile. */
const EXPIRY_CHECK_MS = 1000;

export interface WsServerOptions {
  /** As Fastify's `trustProxy` (TRUST_PROXY): which X-Forwarded-For hops to believe. */
  trustProxy: boolean | string;
  maxConnectionsPerIp: number;
  heartbeatMs: number;
  /** permessage-deflate for clients that ask for it (WS_PERMESSAGE_DEFLATE). */
  perMessageDeflate?: boolean;
  /** Told of each upgrade refused for `maxConnectionsPerIp` (the metrics count them). */
  refusedForIp?: () => void;
}

/**
 * With WS_PERMESSAGE_DEFLATE: every frame from 64 bytes on (a game's frames are a few hundred
 * bytes, under ws's default threshold of 1 KB), each connection keeping its compression context
 * from frame to frame, which is what lets small JSON frames shrink, in 1 KB windows and small
 * tables both ways: zlib's defaults (32 KB windows) held ~240 KB per connection. See
 * docs/operations.md, "permessage-deflate".
 */
const PER_MESSAGE_DEFLATE = {
  threshold: 64,
  serverMaxWindowBits: 10,
  // No client window is imposed: a browser that offers a bare "permessage-deflate" (Firefox) would
  // have its offer refused, and ws answers a refused offer with 400, so it could not connect at
  // all. Chromium offers client_max_window_bits and keeps its 32 KB window either way.
  zlibDeflateOptions: { memLevel: 3 },
};

/**
 * The client address of an upgrade request, decided exactly as Fastify decides `request.ip`
 * (the same library, the same reading of TRUST_PROXY), so one setting governs both.
 */
export function clientAddress(
  trustProxy: WsServerOptions['trustProxy'],
): (request: IncomingMessage) => string {
  const trust: (address: string, hop: number) => boolean =
    trustProxy === true
      ? () => true
      : typeof trustProxy === 'string'
        ? proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()))
        : () => false;
  return (request) => {
    const chain = proxyAddr.all(request, trust);
    return chain[chain.length - 1] ?? 'unknown';
  };
}

function refuse(socket: Duplex, status: string): void {
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** A socket and its connection. */
interface GatewaySocket extends WebSocket {
  conn: Connection;
}

/** A TCP socket counted against its client address until it closes. */
interface CountedSocket extends Duplex {
  countedIp: string;
}

/**
 * The listeners every socket shares: one function per event for all sockets, made once, instead
 * of closures per socket (memory per idle connection, `npm run bench:ws`).
 */
function socketListeners(gateway: Gateway, log: FastifyBaseLogger, perIp: Map<string, number>) {
  return {
    message(this: WebSocket, data: Buffer, isBinary: boolean): void {
      void gateway.receive((this as GatewaySocket).conn, data, isBinary);
    },
    pong(this: WebSocket): void {
      gateway.pong((this as GatewaySocket).conn);
    },
    close(this: WebSocket): void {
      gateway
        .closed((this as GatewaySocket).conn)
        .catch((error: unknown) => log.error({ err: error }, 'disconnect cleanup failed'));
    },
    error(this: WebSocket, error: Error): void {
      log.warn({ err: error }, 'websocket error');
    },
    /** The TCP socket closed: its address may hold one socket fewer. */
    release(this: Duplex): void {
      const ip = (this as CountedSocket).countedIp;
      const left = (perIp.get(ip) ?? 1) - 1;
      if (left > 0) perIp.set(ip, left);
      else perIp.delete(ip);
    },
  };
}

/**
 * Hands /ws upgrades to the gateway, straight to `ws` rather than through Fastify
 * (@fastify/websocket): that plugin keeps each upgrade's Fastify request, reply and HTTP response
 * alive for the whole life of the socket (~6 KiB per idle connection, measured by
 * `npm run bench:ws`), and a socket needs none of them: who a connection is comes from
 * MESSAGING_AUTH, not from the upgrade.
 *
 * Each client address may hold `maxConnectionsPerIp` sockets; more upgrades get 429.
 */
export function registerGateway(app: FastifyInstance, gateway: Gateway, options: WsServerOptions): void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: HARD_FRAME_LIMIT,
    clientTracking: false,
    perMessageDeflate: options.perMessageDeflate ? PER_MESSAGE_DEFLATE : false,
  });
  const addressOf = clientAddress(options.trustProxy);
  const perIp = new Map<string, number>();
  const on = socketListeners(gateway, app.log, perIp);

  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '').split('?')[0] !== '/ws') return refuse(socket, '404 Not Found');
    const ip = addressOf(request);
    const held = perIp.get(ip) ?? 0;
    if (held >= options.maxConnectionsPerIp) {
      options.refusedForIp?.();
      return refuse(socket, '429 Too Many Requests');
    }
    // Counted from the upgrade until the TCP socket closes, whatever happens in between.
    perIp.set(ip, held + 1);
    (socket as CountedSocket).countedIp = ip;
    // `on`, not `once`: a TCP socket closes once, and `once` wraps every listener in two objects.
    socket.on('close', on.release);
    wss.handleUpgrade(request, socket, head, (ws) => {
      (ws as GatewaySocket).conn = gateway.open(ws, ip);
      ws.on('message', on.message);
      ws.on('pong', on.pong);
      ws.on('close', on.close);
      ws.on('error', on.error);
    });
  });

  const heartbeat = setInterval(() => gateway.heartbeat(), options.heartbeatMs);
  heartbeat.unref();
  const expiries = setInterval(() => gateway.checkExpiries(), EXPIRY_CHECK_MS);
  expiries.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    clearInterval(expiries);
    gateway.stop();
    wss.close();
  });
}

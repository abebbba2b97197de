import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { GAME_MODES, queueNameSchema, type GameMode, type QueueName } from '@shared/protocol';

/**
 * Why a request or a socket was refused for going too fast, the `limit` label of
 * `spar_rate_limit_refusals_total`: a fixed set, so the label stays bounded. The HTTP ones are
 * the codes of the DomainErrors the limits throw. See docs/operations.md, "Metrics".
 */
export const REFUSAL_LIMITS = [
  // @fastify/rate-limit on a route (sign-in requests per address per minute and the like).
  'rate_limited',
  // The sign-in throttle and the password-reset and password-check limits.
  'too_many_attempts',
  // Chat messages, over HTTP or the socket.
  'chat_rate_limited',
  // A socket's frames over WS_MESSAGES_PER_SECOND.
  'ws_messages',
  // A /ws upgrade over WS_MAX_CONNECTIONS_PER_IP.
  'ws_connections_per_ip',
  // A sign-in over WS_MAX_CONNECTIONS_PER_USER.
  'ws_connections_per_user',
] as const;
export type RefusalLimit = (typeof REFUSAL_LIMITS)[number];

const isRefusalLimit = (code: string): code is RefusalLimit =>
  (REFUSAL_LIMITS as readonly string[]).includes(code);

/** What the scrape reads from the running node at that moment, rather than counting as it goes. */
export interface MetricsSources {
  /** Sockets open on this node, signed in or not. */
  openSockets(): number;
  /** Users with at least one signed-in socket on this node. */
  signedInUsers(): number;
  /** Active games hosted on this node, per mode. */
  activeGames(): Record<GameMode, number>;
  /** Players waiting in each queue (with Redis: the whole deployment's, the same on every node). */
  queueSizes(): Promise<Record<QueueName, number>>;
  /** Whether the database answers, within the probe's time. */
  databaseUp(): Promise<boolean>;
  /** Whether Redis answers; absent on a node without Redis. */
  redisUp?(): Promise<boolean>;
}

/** Seconds; moves and commits take from under a millisecond to, on a sick server, seconds. */
const FAST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Seconds; an HTTP request may also wait on a provider or a mail server. */
const HTTP_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds a 50 ms timer ran late: ordinary jitter is a millisecond or two, a stall far more. */
const DELAY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** Writes per group-commit transaction, up to its maximum of 64. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64];

/**
 * This node's Prometheus metrics, in a registry of its own (never prom-client's global one: tests
 * build many apps in one process). The hot paths only observe into histograms and counters; the
 * gauges are read from the node's own state when scraped. See docs/operations.md, "Metrics".
 */
export class Metrics {
  readonly registry = new Registry();

  private readonly moves = this.histogram(
    'spar_move_duration_seconds',
    'A GAME_PLAY frame on this node from its arrival to the move stored and its update handed to the sockets',
    FAST_BUCKETS,
  );

  private readonly commitSizes = this.histogram(
    'spar_game_commit_batch_size',
    'Game writes carried by one group-commit transaction',
    BATCH_BUCKETS,
  );

  private readonly commitTimes = this.histogram(
    'spar_game_commit_duration_seconds',
    'One group-commit transaction, from its start to its commit',
    FAST_BUCKETS,
  );

  private readonly loopDelay = this.histogram(
    'spar_event_loop_delay_seconds',
    'How late a timer due every 50 ms ran: the time nothing else could run on this node',
    DELAY_BUCKETS,
  );

  private readonly http = this.histogram(
    'spar_http_request_duration_seconds',
    'HTTP requests by route pattern, method and status class',
    HTTP_BUCKETS,
    ['route', 'method', 'status_class'],
  );

  private readonly refusals = new Counter({
    name: 'spar_rate_limit_refusals_total',
    help: 'Requests, frames and sockets refused by a rate or connection limit',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  private histogram<L extends string = never>(
    name: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[] = [],
  ): Histogram<L> {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  constructor(private readonly probeTimeoutMs = 1_000) {
    // prom-client offers no way to stop these (a GC observer, an event-loop monitor): one app per
    // process in production; only tests build several, each with its own.
    collectDefaultMetrics({ register: this.registry });
    // Every limit shows from the first scrape, at 0, so a dashboard's rate() has a series to read.
    for (const limit of REFUSAL_LIMITS) this.refusals.inc({ limit }, 0);
  }

  /**
   * The gauges, read from `sources` at each scrape. Separate from the constructor: the services
   * they read are created after the ones that record into the histograms.
   */
  watch(sources: MetricsSources): void {
    const { probeTimeoutMs } = this;
    const registers = [this.registry];
    /** A gauge set to what `read` says at each scrape. */
    const reading = (name: string, help: string, read: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read());
        },
      });
    /** 1 when `check` says yes within the probe's time at the scrape, else 0. */
    const up = (name: string, help: string, check: () => Promise<boolean>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set((await within(probeTimeoutMs, check())) ? 1 : 0);
        },
      });
    reading('spar_ws_connections', 'WebSocket connections open on this node, signed in or not', () =>
      sources.openSockets(),
    );
    reading('spar_signed_in_users', 'Users with at least one signed-in socket on this node', () =>
      sources.signedInUsers(),
    );
    new Gauge({
      name: 'spar_active_games',
      help: 'Active games hosted on this node, by mode',
      labelNames: ['mode'] as const,
      registers,
      collect() {
        const counts = sources.activeGames();
        for (const mode of GAME_MODES) this.set({ mode }, counts[mode]);
      },
    });
    new Gauge({
      name: 'spar_queue_players',
      help: 'Players waiting in each matchmaking queue (with Redis, the whole deployment: take the max over nodes)',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        const sizes = await within(probeTimeoutMs, sources.queueSizes());
        // Unknown this time: no value rather than a wrong one.
        if (sizes === undefined) return this.reset();
        for (const queue of queueNameSchema.options) this.set({ queue }, sizes[queue]);
      },
    });
    up(
      'spar_database_up',
      `1 when the database answered a trivial query within ${probeTimeoutMs} ms of the scrape, else 0`,
      () => sources.databaseUp(),
    );
    const redisUp = sources.redisUp;
    if (redisUp)
      up(
        'spar_redis_up',
        `1 when Redis answered PING within ${probeTimeoutMs} ms of the scrape, else 0`,
        redisUp,
      );
  }

  /** An accepted move took this long (milliseconds), from its frame's arrival to its update sent. */
  readonly move = (ms: number): void => this.moves.observe(ms / 1000);

  /** A group commit carried `size` writes in `ms` milliseconds. */
  readonly committed = (size: number, ms: number): void => {
    this.commitSizes.observe(size);
    this.commitTimes.observe(ms / 1000);
  };

  /** The event loop's timer ran this many milliseconds late. */
  readonly loopLate = (ms: number): void => this.loopDelay.observe(ms / 1000);

  /** An HTTP request was answered after `ms` milliseconds. `route` is the route's pattern, never the URL. */
  request(route: string, method: string, status: number, ms: number): void {
    this.http.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, ms / 1000);
  }

  /** A limit refused something; codes that are not a known limit are not counted (bounded labels). */
  readonly refused = (limit: string): void => {
    if (isRefusalLimit(limit)) this.refusals.inc({ limit });
  };

  /** The exposition text and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** `promise`'s value, or undefined when it fails or takes longer than `ms`: a scrape never hangs. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

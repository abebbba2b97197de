import type { Server } from 'node:http';
import { sql } from 'kysely';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { queueNameSchema } from '@shared/protocol';
import type { Config } from './config';
import { openDb, type Db } from './db';
import { BODY_LIMIT_BYTES, registerErrorHandling } from './http/errors';
import { withContracts } from './http/contract';
import { registerSecurity } from './http/security';
import { registerCompression } from './http/compression';
import { listenForMetrics, metricsRoute, observeRequests } from './http/metrics';
import { Metrics, type MetricsSources } from './infra/metrics';
import { createMailer, type Mailer } from './infra/mail';
import { createPaymentProvider, type PaymentProvider } from './infra/payments';
import { createGoogleVerifier, type GoogleVerifier } from './modules/auth/google';
import { GoogleFlow } from './modules/auth/google-flow';
import { createGoogleOAuth } from './modules/auth/google-oauth';
import { appLinkRoutes } from './modules/app-links/routes';
import { authRoutes } from './modules/auth/routes';
import { seedCatalogue } from './modules/currency/catalogue';
import { currencyRoutes } from './modules/currency/routes';
import { CurrencyService } from './modules/currency/service';
import { AccountService } from './modules/auth/service';
import { deviceRoutes } from './modules/devices/routes';
import { customizationRoutes } from './modules/customization/routes';
import { CustomizationService } from './modules/customization/service';
import { seedDecks } from './modules/decks/catalogue';
import { deckRoutes } from './modules/decks/routes';
import { DeckService } from './modules/decks/service';
import { healthRoutes } from './modules/health/routes';
import { managerRoutes } from './modules/manager/routes';
import { ManagerService } from './modules/manager/service';
import { uploadsDir } from './modules/manager/uploads';
import { registerDesktopReleases } from './desktop-releases';
import { registerWebApp } from './static';
import { previewRoutes } from './modules/previews/routes';
import { PreviewService } from './modules/previews/service';
import { SESSIONS_REVOKED_CHANNEL } from './infra/bus';
import { createSeams } from './infra/seams';
import { createPushSender, type PushSender } from './infra/push';
import { chatRoutes } from './modules/chat/routes';
import { ChatService } from './modules/chat/service';
import { Notifier } from './modules/devices/notifier';
import { LocalRoomDirectory, type RoomDirectory } from './infra/room-directory';
import { NodeRpc } from './infra/node-rpc';
import { RedisRoomDirectory } from './infra/redis/room-directory';
import { gameRoutes } from './modules/games/routes';
import { rewardRoutes } from './modules/rewards/routes';
import { RewardService } from './modules/rewards/service';
import { GameService } from './modules/games/service';
import type { GroupCommitHooks } from './modules/storage/group-commit';
import { SqlGameStore } from './modules/storage/store';
import { userRoutes } from './modules/users/routes';
import { paymentRoutes } from './modules/payments/routes';
import { PAYMENT_SWEEP_INTERVAL_MS, PaymentService } from './modules/payments/service';
import { ratingOf } from './modules/ratings/repo';
import { blockedPartnersOf, friendIdsOf } from './modules/social/relations';
import { socialEvents } from './modules/social/events';
import { socialRoutes } from './modules/social/routes';
import { SocialService } from './modules/social/service';
import { TournamentLive } from './modules/tournaments/live';
import { tournamentRoutes } from './modules/tournaments/routes';
import { TournamentRunner, type PayoutHooks } from './modules/tournaments/runner';
import { TournamentService } from './modules/tournaments/service';
import { ConnectionRegistry } from './realtime/connections';
import { Gateway } from './realtime/gateway';
import { Matchmaking } from './matchmaking/matchmaking';
import { Rematches } from './matchmaking/rematch';
import { StallMonitor } from './realtime/stall-monitor';
import { registerGateway } from './realtime/ws-server';
import { RoomManager } from './rooms/manager';

/** How long a node waits for the owner of a room to answer a forwarded frame. */
const FORWARD_TIMEOUT_MS = 3_000;

export interface AppOptions {
  /** Pass false to silence request logs (tests). */
  logger?: boolean;
  /** The clock, injectable so tests can expire tokens. */
  now?: () => number;
  /** Replaces the Google ID-token check (tests use locally signed tokens). */
  googleVerifier?: GoogleVerifier;
  mailer?: Mailer;
  /** How often to anonymise accounts past their deletion grace; 0 turns the sweep off. */
  sweepIntervalMs?: number;
  /** How often to end payments left pending too long; 0 turns the sweep off. */
  paymentSweepIntervalMs?: number;
  /** Replaces the provider chosen from the configuration (tests: a short Paystack timeout). */
  paymentProvider?: PaymentProvider;
  /** Replaces the push sender chosen from the configuration (tests: FCM against a fake). */
  pushSender?: PushSender;
  /** Hooks into the game store's group commit (the crash test holds a commit window open). */
  groupCommitHooks?: GroupCommitHooks;
  /** Hooks into a tournament prize's transaction (the payout crash test holds one open). */
  tournamentPayoutHooks?: PayoutHooks;
  /** Told of every route as it is registered (the contract test lists the app's /api routes). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
}

export interface App extends FastifyInstance {
  accounts: AccountService;
  db: Db;
  rooms: RoomManager;
  /**
   * Push notifications to players with no open socket: friend requests, game invitations and
   * chat messages call `notifier.notify(userId, {kind, title, body, data})`.
   */
  notifier: Notifier;
  /** The WebSocket endpoint's logic; the move-path benchmark feeds it sockets of its own. */
  gateway: Gateway;
  /** Arena tournaments' runner; tests tick it directly. */
  tournamentRunner: TournamentRunner;
  tournaments: TournamentService;
  /** Coin and gem packs bought with money; tests run its expiry sweep directly. */
  payments: PaymentService;
  /**
   * The listener of METRICS_PORT once the app is ready, else null (docs/operations.md,
   * "Metrics"); tests read the port it got.
   */
  metricsServer: Server | null;
}

/**
 * Builds the whole HTTP app without listening, so tests can inject requests. Read top to bottom:
 * every service is created in `createServices`, every route registered in `registerRoutes`, and
 * the work that runs on its own (resumed games, timers, sweeps) started in `startBackgroundWork`.
 */
export async function buildApp(config: Config, options: AppOptions = {}): Promise<App> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // Undici's defaults close idle keep-alive sockets slowly; shutdown should not wait on them.
    forceCloseConnections: 'idle',
  }) as unknown as App;
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  const services = await createServices(config, options, app.log);
  app.decorate('accounts', services.accounts);
  app.decorate('db', services.db);
  app.decorate('rooms', services.rooms);
  app.decorate('notifier', services.notifier);
  app.decorate('payments', services.payments);
  app.decorate('gateway', services.gateway);
  app.decorate('tournamentRunner', services.tournamentRunner);
  app.decorate('tournaments', services.tournaments);
  app.decorate('metricsServer', null);
  app.decorateRequest('auth', null);
  // preClose hooks run in the order they are added: these come before the gateway's, which
  // closes the sockets.
  drainOnClose(app, services.rooms);
  await registerRoutes(app, config, services);
  await startBackgroundWork(app, config, options, services);
  return app;
}

type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * Every service, each created once and handed what it uses: the back ends, the live games, the
 * modules' services, then the gateway. The connection registry comes before the rooms,
 * matchmaking and the gateway: the gateway fills it and the others read it.
 */
async function createServices(config: Config, options: AppOptions, log: FastifyBaseLogger) {
  const backEnds = await createBackEnds(config, options, log);
  const play = createPlay(config, options, log, backEnds);
  const modules = await createModuleServices(config, options, log, backEnds, play.rooms);
  const { db, seams, now, rpc, metrics } = backEnds;
  const stalls = new StallMonitor(undefined, undefined, undefined, metrics?.loopLate);
  const gateway = new Gateway({
    accounts: modules.accounts,
    connections: backEnds.connections,
    rooms: play.rooms,
    matchmaking: play.matchmaking,
    rematches: play.rematches,
    presence: seams.presence,
    bus: seams.bus,
    now,
    stalledMs: () => stalls.totalStalledMs(),
    messagesPerSecond: config.timings.wsMessagesPerSecond,
    authTimeoutMs: config.timings.wsAuthTimeoutMs,
    maxConnectionsPerUser: config.socketLimits.perUser,
    clientUpdate: config.clientUpdate,
    log,
    friendsOf: (userId) => friendIdsOf(db.kysely, userId),
    chat: modules.chat,
    tournaments: modules.tournamentLive,
    rpc,
    ...(metrics && { metrics }),
  });
  metrics?.watch(gaugeSources(backEnds, play.rooms, backEnds.connections, gateway));
  // Arena tournaments pair their games through the rooms, like an accepted match (docs/design.md,
  // "Arena tournaments").
  const tournamentRunner = new TournamentRunner({
    db,
    now,
    minuteMs: config.tournamentMinuteMs,
    nodeId: seams.nodeId,
    tournaments: modules.tournaments,
    live: modules.tournamentLive,
    rooms: play.rooms,
    onlineAmong: (userIds) => seams.presence.onlineAmong(userIds),
    send: backEnds.send,
    notify: (userId, notification) => void modules.notifier.notify(userId, notification),
    payoutHooks: options.tournamentPayoutHooks,
    log,
  });
  play.rooms.onGameFinished(() => tournamentRunner.kick());
  return { ...backEnds, ...play, ...modules, stalls, gateway, tournamentRunner };
}

type BackEnds = Awaited<ReturnType<typeof createBackEnds>>;

/** What the metrics' gauges read at each scrape: this node's own state and a ping of each back end. */
function gaugeSources(
  { db, seams }: BackEnds,
  rooms: RoomManager,
  connections: ConnectionRegistry,
  gateway: Gateway,
): MetricsSources {
  return {
    openSockets: () => gateway.size,
    signedInUsers: () => connections.byUser.size,
    activeGames: () => rooms.activeGamesByMode(),
    queueSizes: async () => {
      const sizes = await Promise.all(
        queueNameSchema.options.map(
          async (queue) => [queue, (await seams.queues.list(queue)).length] as const,
        ),
      );
      return Object.fromEntries(sizes) as Record<(typeof sizes)[number][0], number>;
    },
    databaseUp: async () => {
      await sql`select 1`.execute(db.kysely);
      return true;
    },
    ...(seams.redis && { redisUp: async () => (await seams.redis!.command.ping()) === 'PONG' }),
  };
}

/** The database (seeded), mail, and the seams: in memory on one node, in Redis with REDIS_URL. */
async function createBackEnds(config: Config, options: AppOptions, log: FastifyBaseLogger) {
  const now = options.now ?? Date.now;
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    onCheckpointFailure: (error) =>
      log.error({ err: error }, 'SQLite checkpoint worker failed; checkpoints run inline again'),
    sqliteWriter: config.sqliteWriter,
    onWriterFailure: (error) =>
      log.error({ err: error }, 'SQLite writer thread failed; moves are written inline again'),
  });
  await seedCatalogue(db.kysely, now());
  await seedDecks(db.kysely, now());
  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
  // See docs/scale-out.md.
  const seams = await createSeams(config, log, now);
  const { bus, redis, nodeId } = seams;
  // Which node owns each live room, and frames forwarded to it (docs/scale-out.md, "Room directory").
  const directory: RoomDirectory = redis
    ? new RedisRoomDirectory(redis.command, redis.prefix, nodeId, config.cluster.roomLeaseMs)
    : new LocalRoomDirectory();
  const rpc = redis ? new NodeRpc(bus, nodeId, FORWARD_TIMEOUT_MS) : undefined;
  // Off unless configured: then nothing is measured at all (docs/operations.md, "Metrics").
  const metrics = config.metrics ? new Metrics() : null;
  // Who is connected here, and `send`: a message to every socket of a user, on any node.
  const connections = new ConnectionRegistry(bus);
  const { send } = connections;
  // No reaction, pairing or rematch passes between a blocked pair. See docs/design.md, "Social".
  const blockedPartners = (userId: number) => blockedPartnersOf(db.kysely, userId);
  return { now, db, mailer, seams, directory, rpc, connections, send, blockedPartners, metrics };
}

/** The live games and what starts them: the rooms, matchmaking and rematches. */
function createPlay(
  config: Config,
  options: AppOptions,
  log: FastifyBaseLogger,
  { now, db, seams, directory, connections, send, blockedPartners, metrics }: BackEnds,
) {
  const { bus, presence, redis } = seams;
  const isConnected = (userId: number) => connections.isConnected(userId);
  const gameStore = new SqlGameStore(db, {
    ...options.groupCommitHooks,
    ...(metrics && { committed: metrics.committed }),
  });
  const rooms = new RoomManager({
    store: gameStore,
    now,
    timings: config.timings,
    log,
    send,
    isConnected,
    blockedPartnersOf: blockedPartners,
    directory,
    bus,
    onlineAmong: (userIds) => presence.onlineAmong(userIds),
    leaseMs: redis ? config.cluster.roomLeaseMs : 0,
    targetScore: config.gameTargetScore,
  });
  const matchmaking = new Matchmaking({
    queues: seams.queues,
    matches: seams.matches,
    lock: seams.lock,
    rooms,
    now,
    matchAcceptMs: config.timings.matchAcceptMs,
    log,
    send,
    ratingOf: async (userId) => (await ratingOf(db.kysely, userId)).rating,
    blockedPartnersOf: blockedPartners,
    isConnected,
  });
  const rematches = new Rematches({
    store: seams.rematches,
    rooms,
    now,
    windowMs: config.timings.rematchMs,
    returnMs: config.timings.rematchReturnMs,
    log,
    send,
    blockedPartnersOf: blockedPartners,
    isOnline: (userId) => presence.isOnline(userId),
  });
  return { gameStore, rooms, matchmaking, rematches };
}

/** The modules' services, in the order they need each other. */
async function createModuleServices(
  config: Config,
  options: AppOptions,
  log: FastifyBaseLogger,
  { now, db, mailer, seams, send, connections }: BackEnds,
  rooms: RoomManager,
) {
  const { bus, presence } = seams;
  const google =
    options.googleVerifier ??
    (config.googleClientIds.length > 0 ? createGoogleVerifier(config.googleClientIds) : null);
  const accounts = new AccountService({
    db,
    mailer,
    now,
    log,
    publicUrl: config.publicUrl,
    sessionDays: config.sessionDays,
    google,
    loginFailures: seams.loginFailures,
    resetRequests: seams.resetRequests,
    // Every node's gateway hears of it and signs the sessions' sockets out.
    onSessionsRevoked: (revoked) => bus.publish(SESSIONS_REVOKED_CHANNEL, revoked),
  });
  const googleFlow = config.googleOAuth
    ? new GoogleFlow({
        db,
        now,
        accounts,
        google: createGoogleOAuth(config.googleOAuth),
        redirectUri: `${config.publicUrl}/oauth-redirect`,
      })
    : null;
  const notifier = new Notifier({
    db,
    sender: options.pushSender ?? createPushSender(config.fcm, log),
    presence,
    now,
    log,
  });
  const chat = new ChatService({ db, now, notifier, ...(seams.chatRate && { limiter: seams.chatRate }) });
  const customization = new CustomizationService({ db });
  const social = new SocialService({
    db,
    now,
    customization,
    events: socialEvents({ send, presence, rooms, notifier }),
  });
  const rewards = new RewardService({ db, now });
  await rewards.seedDailySchedule();
  const payments = new PaymentService({
    db,
    provider: options.paymentProvider ?? createPaymentProvider(config.payments, config.publicUrl),
    publicUrl: config.publicUrl,
    currency: config.payments.currency,
    now,
    log,
    sweepLock: seams.paymentSweepLock,
  });
  const tournaments = new TournamentService({ db, now, minuteMs: config.tournamentMinuteMs });
  const tournamentLive = new TournamentLive({ tournaments, send, publish: connections.publish, log });
  tournaments.events = tournamentLive;
  return {
    accounts,
    tournaments,
    tournamentLive,
    googleFlow,
    notifier,
    chat,
    customization,
    social,
    rewards,
    payments,
    decks: new DeckService({ db, now }),
    games: new GameService({ db, rooms, notifier }),
    currency: new CurrencyService({ db, now }),
    manager: new ManagerService({ db, now, moneyCurrency: config.payments.currency }),
    previews: new PreviewService({ db, publicUrl: config.publicUrl, staticDir: config.staticDir, log }),
  };
}

/**
 * While shutting down, answers to requests still in flight close their connection, so a
 * keep-alive client does not hold the server open until its idle timeout; and the rooms go to
 * other nodes at once, before the sockets close (docs/scale-out.md, "Draining").
 */
function drainOnClose(app: App, rooms: RoomManager): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    const handedOff = await rooms.handoff();
    if (handedOff.length > 0) app.log.info({ games: handedOff.length }, 'handed rooms off');
  });
}

/** The HTTP stack, every module's routes (private ones behind the accounts' Authenticator), /ws and the web app. */
async function registerRoutes(app: App, config: Config, s: Services): Promise<void> {
  registerErrorHandling(app);
  if (s.metrics) observeRequests(app, s.metrics);
  const routes = withContracts(app);
  await registerSecurity(app, config.publicUrl, s.seams.redis);
  await registerCompression(app);

  const { db, accounts: authenticator } = s;
  healthRoutes(routes, {
    nodeId: s.seams.nodeId,
    db,
    redis: s.seams.redis,
    clientUpdate: config.clientUpdate,
  });
  authRoutes(routes, s.accounts, {
    signInPerMinute: config.authRateLimitPerMinute,
    googleFlow: s.googleFlow,
  });
  userRoutes(routes, { db, authenticator, customization: s.customization });
  socialRoutes(routes, { authenticator, social: s.social });
  customizationRoutes(routes, { authenticator, customization: s.customization });
  deckRoutes(routes, { authenticator, decks: s.decks });
  deviceRoutes(routes, { db, authenticator, now: s.now });
  gameRoutes(routes, { authenticator, games: s.games });
  rewardRoutes(routes, { authenticator, rewards: s.rewards });
  paymentRoutes(routes, { authenticator, payments: s.payments, publicUrl: config.publicUrl });
  currencyRoutes(routes, { authenticator, currency: s.currency });
  chatRoutes(routes, { authenticator, chat: s.chat });
  tournamentRoutes(routes, { authenticator, tournaments: s.tournaments });
  await managerRoutes(routes, { authenticator, manager: s.manager, uploadsDir: uploadsDir(config.dataDir) });

  registerGateway(app, s.gateway, {
    trustProxy: config.trustProxy,
    maxConnectionsPerIp: config.socketLimits.perIp,
    heartbeatMs: config.timings.heartbeatMs,
    perMessageDeflate: config.wsPerMessageDeflate,
    ...(s.metrics && { refusedForIp: () => s.metrics!.refused('ws_connections_per_ip') }),
  });
  metricsRoute(app, s.metrics, config.metrics?.token);
  previewRoutes(app, { previews: s.previews });
  appLinkRoutes(app, config.appLinks);
  if (config.desktopReleasesDir) await registerDesktopReleases(app, config.desktopReleasesDir);
  await registerWebApp(app, config.staticDir, (pathname) => s.previews.pageHtml(pathname));
}

/**
 * What runs on its own: the shared back ends, the games that were running when the server last
 * stopped, pairing, and the sweeps; and, on close, everything stopped and settled in order.
 */
async function startBackgroundWork(
  app: App,
  config: Config,
  options: AppOptions,
  s: Services,
): Promise<void> {
  const { seams, rooms, matchmaking, rematches, accounts, payments, metrics } = s;
  seams.start();
  const metricsPort = config.metrics?.port;
  if (metrics && metricsPort !== undefined) {
    const host = config.metrics!.host;
    app.addHook('onReady', async () => {
      app.metricsServer = await listenForMetrics(metrics, metricsPort, host, app.log);
    });
  }
  const resumed = await rooms.start();
  if (resumed > 0) app.log.info({ games: resumed }, 'resumed active games');
  // Ranked windows widen with waiting time, so pairing is retried every second.
  const matchTimer = setInterval(() => {
    void matchmaking.tick();
    rematches.tick().catch((error: unknown) => app.log.warn({ err: error }, 'rematch expiry failed'));
  }, 1000);
  matchTimer.unref();
  // Every node ticks; a running tournament is run by the node holding its lease (runner.ts).
  s.tournamentRunner.start();

  const sweepEvery = options.sweepIntervalMs ?? 60 * 60_000;
  let sweep: NodeJS.Timeout | undefined;
  if (sweepEvery > 0) {
    app.addHook('onReady', async () => {
      sweep = setInterval(() => {
        accounts
          .sweepDeletedAccounts()
          .catch((error: unknown) => app.log.error({ err: error }, 'account sweep failed'));
      }, sweepEvery);
      sweep.unref();
    });
  }
  // Every node's timer fires, but one node at a time sweeps (the sweep lock); ending a payment is
  // guarded besides, so two requests ending one change it once.
  const paymentSweepEvery = options.paymentSweepIntervalMs ?? PAYMENT_SWEEP_INTERVAL_MS;
  let paymentSweep: NodeJS.Timeout | undefined;
  if (paymentSweepEvery > 0) {
    app.addHook('onReady', async () => {
      paymentSweep = setInterval(() => {
        payments
          .sweep()
          .catch((error: unknown) => app.log.error({ err: error }, 'payment expiry sweep failed'));
      }, paymentSweepEvery);
      paymentSweep.unref();
    });
  }
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(paymentSweep);
    clearInterval(matchTimer);
    s.stalls.stop();
    const metricsServer = app.metricsServer;
    if (metricsServer) {
      const closed = new Promise((done) => metricsServer.close(done));
      // A scraper's keep-alive connection would hold the close open until it timed out.
      metricsServer.closeAllConnections();
      await closed;
    }
    matchmaking.stop();
    rematches.stop();
    s.tournamentRunner.stop();
    s.tournamentLive.stop();
    await s.tournamentRunner.idle();
    rooms.stop();
    await s.notifier.settled();
    // Moves already handed to the group commit are written before the database closes.
    await s.gameStore.settled();
    s.mailer.close();
    s.rpc?.stop();
    await seams.close();
    await s.db.close();
  });
}

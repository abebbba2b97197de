import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { CLIENT_VERSION_PATTERN, type ClientUpdate } from '@shared/protocol';
import {
  MATCH_ACCEPT_SECONDS,
  RECONNECT_GRACE_SECONDS,
  REMATCH_RETURN_SECONDS,
  REMATCH_SECONDS,
  SESSION_DAYS,
  TARGET_SCORE,
  TURN_SECONDS,
} from '@shared/constants';

/** The package root, whether running from server/src (tsx) or from the dist/server bundle. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine(
      (value) => {
        if (value === undefined) return true;
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** The mobile app's package name and bundle id (capacitor.config.ts). */
const DEFAULT_APP_ID = 'game.spar.app';
const APP_ID = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_-]*)+$/;
const CERT_SHA256 = /^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  STATIC_DIR: z.string().min(1).optional(),
  DESKTOP_RELEASES_DIR: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  SQLITE_WRITER: z.enum(['worker', 'inline']).default('worker'),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  REDIS_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1-64 letters, digits or _ . : -')
    .default('spar:'),
  NODE_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits or _ . -')
    .optional(),
  NODE_HEARTBEAT_SECONDS: z.coerce.number().positive().max(60).default(2),
  NODE_TTL_SECONDS: z.coerce.number().positive().max(600).default(10),
  ROOM_LEASE_SECONDS: z.coerce.number().positive().max(600).default(10),
  PUBLIC_URL: optionalUrl(['http:', 'https:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().min(3).default('Spar <no-reply@spar.local>'),
  GOOGLE_CLIENT_IDS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: optionalUrl(['https:', 'http:']),
  GOOGLE_TOKEN_URL: optionalUrl(['https:', 'http:']),
  GOOGLE_JWKS_URL: optionalUrl(['https:', 'http:']),
  GOOGLE_ISSUER: optionalText,
  PAYSTACK_SECRET_KEY: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  PAYSTACK_BASE_URL: optionalUrl(['https:', 'http:']),
  PAYMENT_CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter currency code such as NGN')
    .default('NGN'),
  FCM_PROJECT_ID: optionalText,
  FCM_SERVICE_ACCOUNT_FILE: optionalText,
  FCM_CLIENT_EMAIL: optionalText,
  FCM_PRIVATE_KEY: optionalText,
  FCM_BASE_URL: optionalUrl(['https:', 'http:']),
  MIN_CLIENT_VERSION: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || CLIENT_VERSION_PATTERN.test(value), {
      message: 'must be a version such as 1.4.0 (MAJOR.MINOR.PATCH)',
    }),
  UPDATE_URL_DESKTOP: optionalUrl(['https:', 'http:']),
  UPDATE_URL_ANDROID: optionalUrl(['https:', 'http:']),
  UPDATE_URL_IOS: optionalUrl(['https:', 'http:']),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(10),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(SESSION_DAYS),
  TURN_SECONDS: z.coerce.number().positive().max(3600).default(TURN_SECONDS),
  RECONNECT_GRACE_SECONDS: z.coerce.number().positive().max(3600).default(RECONNECT_GRACE_SECONDS),
  MATCH_ACCEPT_SECONDS: z.coerce.number().positive().max(600).default(MATCH_ACCEPT_SECONDS),
  REMATCH_SECONDS: z.coerce.number().positive().max(600).default(REMATCH_SECONDS),
  REMATCH_RETURN_SECONDS: z.coerce.number().positive().max(600).default(REMATCH_RETURN_SECONDS),
  BOT_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(900),
  TOURNAMENT_MINUTE_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
  GAME_TARGET_SCORE: z.coerce.number().int().min(1).max(TARGET_SCORE).default(TARGET_SCORE),
  HEARTBEAT_SECONDS: z.coerce.number().positive().max(600).default(25),
  WS_MESSAGES_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(20),
  WS_AUTH_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(10),
  WS_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  WS_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  // The mobile app's verified links (docs/operations.md, "App Links and Universal Links").
  ANDROID_APP_ID: z
    .string()
    .trim()
    .regex(APP_ID, 'must be a package name such as game.spar.app')
    .default(DEFAULT_APP_ID),
  ANDROID_CERT_SHA256: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const fingerprints = (value ?? '')
        .split(',')
        .map((item) => item.trim().toUpperCase())
        .filter(Boolean);
      if (fingerprints.every((item) => CERT_SHA256.test(item))) return fingerprints;
      ctx.addIssue({
        code: 'custom',
        message: 'must be SHA-256 certificate fingerprints (32 hex bytes joined by colons), comma-separated',
      });
      return z.NEVER;
    }),
  APPLE_TEAM_ID: optionalText.refine((value) => value === undefined || /^[A-Z0-9]{10}$/.test(value), {
    message: 'must be the 10-character Apple Developer team id',
  }),
  IOS_BUNDLE_ID: z
    .string()
    .trim()
    .regex(APP_ID, 'must be a bundle id such as game.spar.app')
    .default(DEFAULT_APP_ID),
  /** Off: measured not to pay on our frames (docs/operations.md, "permessage-deflate"). */
  WS_PERMESSAGE_DEFLATE: z.enum(['true', 'false']).default('false'),
  /** A secret, so at least 32 characters: `openssl rand -hex 32` (docs/operations.md, "Metrics"). */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || value.length >= 32, {
      message: 'must be at least 32 characters (openssl rand -hex 32)',
    }),
  // Empty means unset here (not port 0, which tests use for any free port).
  METRICS_PORT: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce.number().int().min(0).max(65_535).optional(),
  ),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): boolean | string => {
      const text = value.trim().toLowerCase();
      if (text === 'true') return true;
      if (text === 'false' || text === '') return false;
      // Fastify believes no forwarded address for a bare hop count (it cannot vouch for the peer),
      // so accepting one would silently put every player behind the proxy's address.
      if (/^\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: 'a hop count cannot be verified; give the proxy addresses' });
        return z.NEVER;
      }
      if (/^[0-9a-f.:/,\s]+$/.test(text)) return value.trim();
      ctx.addIssue({
        code: 'custom',
        message: 'must be true, false or a list of proxy addresses',
      });
      return z.NEVER;
    }),
});

export interface Config {
  port: number;
  host: string;
  /** The desktop app's update feed folder, served at /desktop/releases/ (absolute), when set. */
  desktopReleasesDir: string | undefined;
  /** Absolute directory for the embedded database, mail files and uploads. */
  dataDir: string;
  /** Absolute directory of the built web app. */
  staticDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** PostgreSQL when set; the embedded SQLite file DATA_DIR/spar.db otherwise. */
  databaseUrl: string | undefined;
  /** SQLite: moves written on a thread of their own, or inline (docs/design.md, "Game storage"). */
  sqliteWriter: 'worker' | 'inline';
  redisUrl: string | undefined;
  /** Several nodes sharing Redis (see docs/scale-out.md); unused without REDIS_URL. */
  cluster: ClusterConfig;
  /** Where players reach the app (links in mails, the CORS origin). */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  googleClientIds: string[];
  /** Google sign-in through the browser (redirect flow); null when not configured. */
  googleOAuth: GoogleOAuthConfig | null;
  payments: PaymentsConfig;
  /** Firebase Cloud Messaging; null logs notifications instead of sending them. */
  fcm: FcmConfig | null;
  sessionDays: number;
  /** Sign-in requests (register, login, Google, resend) allowed per IP address per minute. */
  authRateLimitPerMinute: number;
  trustProxy: boolean | string;
  timings: Timings;
  /** The length of a tournament "minute": 60 000 but in tests and staging (docs/operations.md). */
  tournamentMinuteMs: number;
  /**
   * The score that ends a practice, queued or private game: TARGET_SCORE but in tests and staging,
   * where whole games are played quicker (docs/operations.md, "Game timings"). Tournaments set their own.
   */
  gameTargetScore: number;
  socketLimits: SocketLimits;
  /** Whether /ws offers the permessage-deflate extension to clients that ask for it. */
  wsPerMessageDeflate: boolean;
  /** What /.well-known/ tells Android and iOS about the mobile app; each null when not set. */
  appLinks: AppLinksConfig;
  /**
   * The oldest desktop or mobile app served and where to get a newer one, announced on
   * MESSAGING_AUTH_SUCCESS and /api/health; null when MIN_CLIENT_VERSION is unset (no minimum).
   */
  clientUpdate: ClientUpdate | null;
  /** The Prometheus endpoint; null when neither METRICS_TOKEN nor METRICS_PORT is set (off). */
  metrics: MetricsConfig | null;
}

/** Where `/metrics` answers, and to whom (see docs/operations.md, "Metrics"). */
export interface MetricsConfig {
  /** `/metrics` on the main port answers a request bearing this token; undefined: not there. */
  token: string | undefined;
  /** A listener of its own serving `/metrics` without a token; undefined: none. 0: any free port. */
  port: number | undefined;
  /** The address that listener binds: loopback unless set. */
  host: string;
}

/** The apps allowed to open the public origin's links (docs/operations.md, "App Links and Universal Links"). */
export interface AppLinksConfig {
  /** The Android package and its signing certificates' SHA-256 fingerprints; null without fingerprints. */
  android: { packageName: string; certFingerprints: string[] } | null;
  /** `TEAMID.bundle.id` of the iOS app; null without APPLE_TEAM_ID. */
  apple: { appId: string } | null;
}

/** The Play Store page of the Android app (its application id is in capacitor.config.ts). */
export const PLAY_STORE_URL = 'https://play.google.com/store/apps/details?id=game.spar.app';

/**
 * Google's OAuth 2.0 web client for the redirect flow (see docs/design.md, "Google sign-in"). The
 * endpoints default to Google's own; tests point them at a local fake identity provider.
 */
export interface GoogleOAuthConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  /** Issuers an ID token may name (Google uses two spellings of one). */
  issuers: string[];
}

function googleOAuthConfig(values: z.infer<typeof envSchema>): GoogleOAuthConfig | null {
  const { GOOGLE_CLIENT_ID: clientId, GOOGLE_CLIENT_SECRET: clientSecret } = values;
  if (!clientId && !clientSecret) return null;
  if (!clientId || !clientSecret) {
    const missing = clientId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID';
    throw new ConfigError(
      `Invalid configuration: ${missing}: Google sign-in needs both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET`,
    );
  }
  return {
    clientId,
    clientSecret,
    authUrl: values.GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: values.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
    jwksUrl: values.GOOGLE_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
    issuers: values.GOOGLE_ISSUER
      ? [values.GOOGLE_ISSUER]
      : ['https://accounts.google.com', 'accounts.google.com'],
  };
}

/** Coin and gem packs bought with money (see docs/operations.md, "Payments"). */
export interface PaymentsConfig {
  /** Paystack's secret key; without it the built-in test provider takes payments (no real money). */
  paystackSecretKey: string | undefined;
  paystackBaseUrl: string;
  /** What packs without a currency of their own are charged in. */
  currency: string;
}

/** A Firebase service account allowed to send (see docs/operations.md, "Push notifications"). */
export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  baseUrl: string;
}

/**
 * FCM from FCM_SERVICE_ACCOUNT_FILE (the service account's JSON key) or FCM_CLIENT_EMAIL and
 * FCM_PRIVATE_KEY, with FCM_PROJECT_ID (or the key file's project_id); null when none is set.
 */
function fcmConfig(values: z.infer<typeof envSchema>): FcmConfig | null {
  const file = values.FCM_SERVICE_ACCOUNT_FILE;
  const fields = values.FCM_CLIENT_EMAIL ?? values.FCM_PRIVATE_KEY;
  if (!file && !fields && !values.FCM_PROJECT_ID) return null;
  if (file && fields) {
    throw new ConfigError(
      'Invalid configuration: FCM_SERVICE_ACCOUNT_FILE: give the key file or FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY, not both',
    );
  }
  let projectId = values.FCM_PROJECT_ID;
  let clientEmail = values.FCM_CLIENT_EMAIL;
  // Environment files often hold the key on one line with its line breaks written as \n.
  let privateKey = values.FCM_PRIVATE_KEY?.replace(/\\n/g, '\n');
  if (file) {
    let key: { project_id?: unknown; client_email?: unknown; private_key?: unknown };
    try {
      key = JSON.parse(readFileSync(file, 'utf8')) as typeof key;
    } catch (error) {
      const reason = error instanceof SyntaxError ? 'is not JSON' : 'cannot be read';
      throw new ConfigError(`Invalid configuration: FCM_SERVICE_ACCOUNT_FILE: ${file} ${reason}`);
    }
    if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
      throw new ConfigError(
        'Invalid configuration: FCM_SERVICE_ACCOUNT_FILE: not a service account key (no client_email or private_key)',
      );
    }
    clientEmail = key.client_email;
    privateKey = key.private_key;
    projectId ??= typeof key.project_id === 'string' ? key.project_id : undefined;
  }
  if (!clientEmail || !privateKey) {
    throw new ConfigError(
      'Invalid configuration: FCM_CLIENT_EMAIL: FCM needs FCM_SERVICE_ACCOUNT_FILE, or FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY',
    );
  }
  if (!projectId)
    throw new ConfigError('Invalid configuration: FCM_PROJECT_ID: required to send through FCM');
  return {
    projectId,
    clientEmail,
    privateKey,
    baseUrl: (values.FCM_BASE_URL ?? 'https://fcm.googleapis.com').replace(/\/+$/, ''),
  };
}

/** How this node takes part in a multi-node deployment (see docs/scale-out.md). */
export interface ClusterConfig {
  /** Unique per running node: names its presence counts, heartbeat and bus channel. */
  nodeId: string;
  /** Start of every Redis key and channel, so several deployments can share one Redis. */
  redisPrefix: string;
  /** How often this node renews its heartbeat key in Redis. */
  heartbeatMs: number;
  /** A node whose heartbeat is this old is dead: its connections stop counting as online. */
  nodeTtlMs: number;
  /** A room's lease in the directory: a dead owner's games are adopted this long after it died. */
  roomLeaseMs: number;
}

/** Caps on WebSocket connections (see docs/design.md, "Socket limits"). */
export interface SocketLimits {
  /** Open sockets from one client address; further upgrades are refused with 429. */
  perIp: number;
  /** Signed-in sockets of one user on this node; a further sign-in closes the new socket. */
  perUser: number;
}

/** Game-room and realtime timings, in milliseconds. */
export interface Timings {
  turnMs: number;
  reconnectGraceMs: number;
  matchAcceptMs: number;
  /** Every player of a finished game accepting a rematch (docs/protocol.md, "Rematch"). */
  rematchMs: number;
  /** A player gone offline during a rematch offer coming back before it ends for them (a reload). */
  rematchReturnMs: number;
  /** A practice bot's thinking pause (0 in tests). */
  botDelayMs: number;

  heartbeatMs: number;
  /** Sustained WebSocket frames a connection may send per second (bursts of twice that). */
  wsMessagesPerSecond: number;
  /** A socket that has not signed in (MESSAGING_AUTH) this long after opening is closed. */
  wsAuthTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** DESKTOP_RELEASES_DIR, absolute; a folder that is not there stops the start rather than 404 every update check. */
function releasesDir(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const dir = path.resolve(value);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new ConfigError(`Invalid configuration: DESKTOP_RELEASES_DIR: ${dir} is not a directory`);
  return dir;
}

/** Reads the configuration once; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const values = parsed.data;
  if (values.NODE_TTL_SECONDS < values.NODE_HEARTBEAT_SECONDS * 2) {
    throw new ConfigError(
      'Invalid configuration: NODE_TTL_SECONDS: must be at least twice NODE_HEARTBEAT_SECONDS, or a slow beat looks like a dead node',
    );
  }
  const publicUrl = (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, '');
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(values.DATA_DIR),
    staticDir: path.resolve(values.STATIC_DIR ?? path.join(PROJECT_ROOT, 'dist/renderer')),
    desktopReleasesDir: releasesDir(values.DESKTOP_RELEASES_DIR),
    logLevel: values.LOG_LEVEL,
    databaseUrl: values.DATABASE_URL,
    sqliteWriter: values.SQLITE_WRITER,
    redisUrl: values.REDIS_URL,
    cluster: {
      // Host name and pid, plus a random tail so a restarted process is a new node, never a ghost.
      nodeId: values.NODE_ID ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
      redisPrefix: values.REDIS_PREFIX,
      heartbeatMs: Math.round(values.NODE_HEARTBEAT_SECONDS * 1000),
      nodeTtlMs: Math.round(values.NODE_TTL_SECONDS * 1000),
      roomLeaseMs: Math.round(values.ROOM_LEASE_SECONDS * 1000),
    },
    publicUrl,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    googleClientIds: values.GOOGLE_CLIENT_IDS,
    googleOAuth: googleOAuthConfig(values),
    payments: {
      paystackSecretKey: values.PAYSTACK_SECRET_KEY,
      paystackBaseUrl: (values.PAYSTACK_BASE_URL ?? 'https://api.paystack.co').replace(/\/+$/, ''),
      currency: values.PAYMENT_CURRENCY,
    },
    fcm: fcmConfig(values),
    sessionDays: values.SESSION_DAYS,
    authRateLimitPerMinute: values.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: values.TRUST_PROXY,
    timings: {
      turnMs: Math.round(values.TURN_SECONDS * 1000),
      reconnectGraceMs: Math.round(values.RECONNECT_GRACE_SECONDS * 1000),
      matchAcceptMs: Math.round(values.MATCH_ACCEPT_SECONDS * 1000),
      rematchMs: Math.round(values.REMATCH_SECONDS * 1000),
      rematchReturnMs: Math.round(values.REMATCH_RETURN_SECONDS * 1000),
      botDelayMs: values.BOT_DELAY_MS,

      heartbeatMs: Math.round(values.HEARTBEAT_SECONDS * 1000),
      wsMessagesPerSecond: values.WS_MESSAGES_PER_SECOND,
      wsAuthTimeoutMs: Math.round(values.WS_AUTH_TIMEOUT_SECONDS * 1000),
    },
    tournamentMinuteMs: values.TOURNAMENT_MINUTE_MS,
    gameTargetScore: values.GAME_TARGET_SCORE,
    socketLimits: {
      perIp: values.WS_MAX_CONNECTIONS_PER_IP,
      perUser: values.WS_MAX_CONNECTIONS_PER_USER,
    },
    wsPerMessageDeflate: values.WS_PERMESSAGE_DEFLATE === 'true',
    appLinks: {
      android:
        values.ANDROID_CERT_SHA256.length > 0
          ? { packageName: values.ANDROID_APP_ID, certFingerprints: values.ANDROID_CERT_SHA256 }
          : null,
      apple: values.APPLE_TEAM_ID ? { appId: `${values.APPLE_TEAM_ID}.${values.IOS_BUNDLE_ID}` } : null,
    },
    clientUpdate: values.MIN_CLIENT_VERSION
      ? {
          minClientVersion: values.MIN_CLIENT_VERSION,
          // Desktop installers and the iOS app are offered on the site until UPDATE_URL_* says
          // otherwise (the App Store's address carries an id only a published app has).
          updateUrls: {
            desktop: values.UPDATE_URL_DESKTOP ?? publicUrl,
            android: values.UPDATE_URL_ANDROID ?? PLAY_STORE_URL,
            ios: values.UPDATE_URL_IOS ?? publicUrl,
          },
        }
      : null,
    metrics:
      values.METRICS_TOKEN === undefined && values.METRICS_PORT === undefined
        ? null
        : { token: values.METRICS_TOKEN, port: values.METRICS_PORT, host: values.METRICS_HOST },
  };
}

import { createHash } from 'node:crypto';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { RedisConnections } from '../infra/redis/connection';
import type { FastifyInstance } from 'fastify';
import { FIRST_PAINT_SCRIPT } from '@shared/first-paint';
import { jsonTextTooDeep } from '@shared/protocol';
import { DomainError } from '../errors';
import { tooDeep } from './errors';

/** The native shells load the app from these origins (Capacitor on iOS and Android, Electron). */
export const NATIVE_ORIGINS = ['capacitor://localhost', 'https://localhost', 'http://localhost'];

export function isAllowedOrigin(origin: string, publicUrl: string): boolean {
  return (
    origin === new URL(publicUrl).origin || NATIVE_ORIGINS.includes(origin) || origin.startsWith('app://')
  );
}

/**
 * The one inline script the web app's index.html carries (the first paint's, shared/first-paint.ts),
 * allowed by its hash: any other inline script, an injected one included, stays refused.
 */
export const FIRST_PAINT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64')}'`;

/**
 * Fastify's JSON body parser behind a depth check on the raw text: decoding deep nesting costs
 * far more than decoding the same bytes flat, so a body of brackets is refused before it is
 * parsed. Prototype-poisoning keys stay refused as Fastify does by default. See docs/design.md,
 * "Hostile input".
 */
function guardJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTextTooDeep(body as string)) return done(tooDeep(), undefined);
    parseJson(request, body as string, done);
  });
}

export async function registerSecurity(
  app: FastifyInstance,
  publicUrl: string,
  /** Several nodes count each client's requests together in Redis (docs/scale-out.md). */
  redis: RedisConnections | null = null,
): Promise<void> {
  guardJsonBodies(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Google sign-in happens on Google's own page in a popup or the system browser, so no
        // Google script or frame runs inside the app (see docs/design.md, "Google sign-in").
        scriptSrc: ["'self'", FIRST_PAINT_SCRIPT_SOURCE],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The Google sign-in popup reports back to its opener when the browser keeps them connected.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
  });

  await app.register(cors, {
    origin: (origin, callback) => {
      // Same-origin requests and non-browser clients send no Origin header.
      if (!origin) return callback(null, true);
      callback(null, isAllowedOrigin(origin, publicUrl));
    },
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Content-Type', 'Authorization'],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: false,
    ...(redis && {
      redis: redis.command,
      nameSpace: redis.key('ratelimit', ''),
      // While Redis is unreachable requests pass unlimited rather than all failing; sign-in
      // attempts stay limited by the attempt limiter, which refuses instead (docs/scale-out.md).
      skipOnError: true,
    }),
    // Thrown by the plugin, so it reaches the error handler like any other domain error.
    errorResponseBuilder: (_request, context) =>
      new DomainError(
        'rate_limited',
        `Too many requests. Please try again in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
        'rate_limited',
      ),
  });
}

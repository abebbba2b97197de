import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AuthError, DomainError } from '../errors';
import type { Metrics } from '../infra/metrics';
import { errorBody } from './errors';

/** The route label of a request no route matched (the web app's pages, 404s): one series for all. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Every request's duration by route pattern, method and status class, and the rate limits'
 * refusals. Hooks on the root, so no route changes for them; registered before the routes.
 * See docs/operations.md, "Metrics".
 */
export function observeRequests(app: FastifyInstance, metrics: Metrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/users/:id`), never the URL: the label must stay a fixed, small set.
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime);
  });
  app.addHook('onError', async (_request, _reply, error) => {
    if (error instanceof DomainError && error.kind === 'rate_limited') metrics.refused(error.code);
  });
}

/** SHA-256 of each side, so the comparison takes the same time whatever the lengths. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * `/metrics` on the main port: the Prometheus text to a request bearing `token`, a 401 to any
 * other (a player's session token included); a 404 when `token` is undefined (metrics off, or
 * served on their own port only), so the web app's page never answers for it.
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics | null, token: string | undefined): void {
  app.get('/metrics', async (request, reply) => {
    if (!metrics || token === undefined)
      return reply.code(404).send(errorBody(404, 'Not found', 'not_found'));
    const header = request.headers.authorization ?? '';
    const given = /^Bearer (.+)$/i.exec(header)?.[1]?.trim();
    reply.header('Cache-Control', 'no-store');
    if (given === undefined) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AuthError('The metrics need their bearer token', 'auth_required');
    }
    if (!sameSecret(given, token)) {
      reply.header('WWW-Authenticate', 'Bearer realm="metrics", error="invalid_token"');
      throw new AuthError('Not the metrics token', 'invalid_token');
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).send(body);
  });
}

/**
 * The metrics on a listener of their own (METRICS_PORT), for a scraper on the host or the private
 * network: no token, so it binds loopback unless METRICS_HOST says otherwise. Only `GET /metrics`.
 */
export async function listenForMetrics(
  metrics: Metrics,
  port: number,
  host: string,
  log: FastifyBaseLogger,
): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        log.error({ err: error }, 'metrics scrape failed');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('Scrape failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Vite's hashed bundles (assets/name-HASH.ext) never change, so they are cached for good. Deck
 * art under assets/decks/, shop art and previews under assets/shop/ and sounds under sounds/ keep
 * their names across releases: a day.
 * Everything else, index.html first, is revalidated on every load.
 */
export function cacheControlFor(relativePath: string): string {
  const parts = relativePath.split(path.sep);
  if (parts.length === 2 && parts[0] === 'assets' && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(parts[1]!)) {
    return 'public, max-age=31536000, immutable';
  }
  if ((parts[0] === 'assets' && (parts[1] === 'decks' || parts[1] === 'shop')) || parts[0] === 'sounds')
    return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * Serves the built web app. Any page path (GET outside /api and /ws, without a file extension)
 * that matches no file gets index.html, so the client-side router owns every page route; unknown
 * /api paths and missing files stay JSON 404s.
 */
export async function registerWebApp(
  app: FastifyInstance,
  staticDir: string,
  /** index.html for a page, with that page's link preview (modules/previews). */
  pageHtml?: (pathname: string) => Promise<string>,
): Promise<void> {
  const hasBuild = existsSync(path.join(staticDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: ['index.html'],
      setHeaders(reply, filePath) {
        reply.header('Cache-Control', cacheControlFor(path.relative(staticDir, filePath)));
      },
    });
  } else {
    app.log.warn({ staticDir }, 'web app is not built: run `npm run build`');
  }

  const sendPage = async (pathname: string, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    if (pageHtml) return reply.type('text/html; charset=utf-8').send(await pageHtml(pathname));
    return reply.type('text/html').sendFile('index.html');
  };
  // The home page has its preview too, so it is made like any other page rather than sent as a file.
  if (hasBuild && pageHtml) app.get('/', (_request, reply) => sendPage('/', reply));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // Page routes have no file extension; a missing /assets/x.js must stay a 404, not HTML.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|ws)(\/|$)/.test(pathname) &&
      !/\.[A-Za-z0-9]+$/.test(pathname);
    if (isPage && hasBuild) return sendPage(pathname, reply);
    return reply.code(404).send({ message: 'Not found', code: 'not_found' });
  });
}

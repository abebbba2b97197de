import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadPageHints, withPageHints } from './page-hints';

/** Files the build compresses beside the original: `x.js.br`, `x.js.gz` (docs/operations.md). */
const COMPRESSED_VARIANT = /\.(br|gz)$/;

/** Files that must be revalidated on every load whatever their folder: they name the release. */
const ENTRY_POINTS = new Set(['index.html', 'sw.js', 'manifest.webmanifest', 'robots.txt']);

/**
 * Vite's hashed bundles (assets/name-HASH.ext) never change, so they are cached for good. Deck
 * art under assets/decks/, shop art and previews under assets/shop/, sounds under sounds/ and the
 * icons at the top of the build keep their names across releases: a day. The entry points
 * (index.html, the service worker, the web app manifest, robots.txt) and anything else are
 * revalidated on every load. A compressed variant (`.br`, `.gz`) is cached as its original.
 */
export function cacheControlFor(relativePath: string): string {
  const parts = relativePath.replace(COMPRESSED_VARIANT, '').split(path.sep);
  const name = parts[parts.length - 1]!;
  if (parts.length === 1 && ENTRY_POINTS.has(name)) return 'no-cache';
  if (parts.length === 2 && parts[0] === 'assets' && /-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/.test(name)) {
    return 'public, max-age=31536000, immutable';
  }
  if ((parts[0] === 'assets' && (parts[1] === 'decks' || parts[1] === 'shop')) || parts[0] === 'sounds')
    return 'public, max-age=86400';
  if ((parts.length === 1 || parts[0] === 'icons') && /\.(ico|png|svg)$/.test(name))
    return 'public, max-age=86400';
  return 'no-cache';
}

/**
 * Security headers that only a document, or a worker's own script, acts on: its content security
 * policy, who may frame it or keep it as an opener, and the like. The app's scripts, styles, fonts,
 * images and sounds are governed by the page that loads them, so there these ~550 bytes would be
 * sent with each of a first visit's ~40 files for nothing. `X-Content-Type-Options`,
 * `Cross-Origin-Resource-Policy`, `Referrer-Policy` (a stylesheet's own requests follow it) and
 * HSTS stay on every response.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-xss-protection',
  'x-download-options',
  'x-dns-prefetch-control',
  'x-permitted-cross-domain-policies',
];

/**
 * Whether a file of the build is read as a document (a page, or an SVG or XML opened on its own,
 * which can carry script) or runs as a worker, whose policy comes from its own response.
 */
export function readAsDocument(relativePath: string): boolean {
  const name = path.basename(relativePath.replace(COMPRESSED_VARIANT, ''));
  return /\.(html|svg|xml)$/i.test(name) || name === 'sw.js' || /worker/i.test(name);
}

/**
 * Serves the built web app. Any page path (GET outside /api and /ws, without a file extension)
 * that matches no file gets index.html, so the client-side router owns every page route; unknown
 * /api paths and missing files stay JSON 404s. Each file goes out as the build's brotli or gzip
 * copy when the client accepts one (`Vary: Accept-Encoding` either way), and source maps are
 * never served, whatever the build folder holds. A page's HTML names the files that page needs
 * (./page-hints.ts). See docs/operations.md, "Serving the web app".
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
      preCompressed: true,
      // Source maps, and Vite's manifest (read by page-hints.ts), stay on the server.
      allowedPath: (pathname) => !/\.map$/i.test(pathname) && !/^\/\.vite\//.test(pathname),
      setHeaders(reply, filePath) {
        const relativePath = path.relative(staticDir, filePath);
        reply.header('Cache-Control', cacheControlFor(relativePath));
        if (!readAsDocument(relativePath)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  } else {
    app.log.warn({ staticDir }, 'web app is not built: run `npm run build`');
  }

  const hints = hasBuild ? loadPageHints(staticDir) : null;
  const indexHtml = hasBuild ? readFileSync(path.join(staticDir, 'index.html'), 'utf8') : '';
  const sendPage = async (pathname: string, request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    // A page built per request is compressed on the fly when it is large enough, so its answer
    // depends on Accept-Encoding whatever this one carries; its ETag lets a revalidation skip it.
    const page = pageHtml ? await pageHtml(pathname) : indexHtml;
    const html = hints ? withPageHints(page, hints(pathname)) : page;
    const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
    reply.header('Vary', 'Accept-Encoding').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  };
  // The home page has its preview and hints too, so it is made like any other page rather than
  // sent as a file.
  if (hasBuild) app.get('/', (request, reply) => sendPage('/', request, reply));

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0]!;
    // Page routes have no file extension; a missing /assets/x.js must stay a 404, not HTML, and
    // so must anything under the desktop update feed (desktop-releases.ts).
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/(api|ws|desktop\/releases)(\/|$)/.test(pathname) &&
      !/\.[A-Za-z0-9]+$/.test(pathname);
    if (isPage && hasBuild) return sendPage(pathname, request, reply);
    return reply.code(404).send({ message: 'Not found', code: 'not_found' });
  });
}

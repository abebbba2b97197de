import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { DOCUMENT_ONLY_HEADERS, readAsDocument } from './static';
import { loadConfig } from './config';
import type { LightMyRequestResponse } from 'fastify';

/** Text that compresses as real build output does: words repeated with variations. */
function text(kind: string, lines: number): string {
  return Array.from(
    { length: lines },
    (_, i) => `${kind} line ${i}: spar ${i % 7} card ${(i * 31) % 97};`,
  ).join('\n');
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const A_DAY = 'public, max-age=86400';

/** A web build as Vite and the build's other steps lay it out, each file with its cache rule. */
const FILES: Record<string, { body: string; type: RegExp; cache: string }> = {
  'index.html': {
    body: `<!doctype html><html><head><title>Spar</title></head><body><div id="root"></div><!-- ${text('html', 60)} --></body></html>`,
    type: /^text\/html/,
    cache: 'no-cache',
  },
  'assets/index-Dc78wJSG.js': {
    body: text('js', 200),
    type: /^(text|application)\/javascript/,
    cache: IMMUTABLE,
  },
  'assets/index-B9xQw2Lk.css': {
    body: Array.from({ length: 150 }, (_, i) => `.c${i}{color:#${(i * 4099).toString(16).slice(0, 3)}}`).join(
      '',
    ),
    type: /^text\/css/,
    cache: IMMUTABLE,
  },
  'assets/decks/classic/A13.svg': {
    body: `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0L10 10"/>'.repeat(80)}</svg>`,
    type: /^image\/svg\+xml/,
    cache: A_DAY,
  },
  'sounds/manifest.json': {
    body: JSON.stringify({
      sounds: Array.from({ length: 60 }, (_, i) => ({ id: `s${i}`, file: `ui/s${i}.mp3` })),
    }),
    type: /^application\/json/,
    cache: A_DAY,
  },
  'manifest.webmanifest': {
    body: JSON.stringify({
      name: 'Spar',
      icons: Array.from({ length: 30 }, (_, i) => ({ src: `/icons/${i}.png` })),
    }),
    type: /^application\/manifest\+json/,
    cache: 'no-cache',
  },
  'sw.js': { body: text('sw', 120), type: /^(text|application)\/javascript/, cache: 'no-cache' },
  'robots.txt': { body: `User-agent: *\n${text('# robots', 60)}`, type: /^text\/plain/, cache: 'no-cache' },
};

const SMALL_SCRIPT = 'assets/tiny-Q1w2E3r4.js';
/** A few hundred bytes: under the server's threshold, yet it shrinks. */
const SMALL_SCRIPT_BODY = ['hearts', 'diamonds', 'clubs', 'spades']
  .map((suit) => `export const ${suit} = ['6_${suit}', '7_${suit}', '8_${suit}', '9_${suit}', '10_${suit}'];`)
  .join('\n');
/** A page with no compressed copy (as a page the server builds per request would have). */
const UNCOMPRESSED_PAGE = 'legal.html';

const MANIFEST = {
  'index.html': { file: 'assets/index-Dc78wJSG.js', isEntry: true, css: ['assets/index-B9xQw2Lk.css'] },
  'src/app/pages/home.tsx': { file: 'assets/home-Hq3xP0aa.js' },
  'src/app/pages/games.tsx': { file: 'assets/games-Gw7yT2bb.js', imports: ['index.html'] },
};
const hint = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

function webBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-build-'));
  const write = (file: string, body: string | Buffer) => {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  };
  // With the copies the build step (scripts/precompress.mjs, tested on its own) writes.
  const withCopies = (file: string, body: string) => {
    write(file, body);
    write(`${file}.br`, brotliCompressSync(body));
    write(`${file}.gz`, gzipSync(body));
  };
  for (const [file, { body }] of Object.entries(FILES)) withCopies(file, body);
  withCopies(SMALL_SCRIPT, SMALL_SCRIPT_BODY);
  write(UNCOMPRESSED_PAGE, `<!doctype html><p>${text('legal', 80)}</p>`);
  // Left by an older build that made public maps, copies and all.
  withCopies('assets/index-Dc78wJSG.js.map', JSON.stringify({ version: 3, mappings: text('map', 100) }));
  write('sounds/ui/click.mp3', Buffer.alloc(4096, 7));
  // Vite's manifest, from which each page's HTML names that page's own files (page-hints.ts).
  write('.vite/manifest.json', JSON.stringify(MANIFEST));
  return dir;
}

function decoded(res: LightMyRequestResponse): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload);
  if (encoding === 'gzip') return gunzipSync(res.rawPayload);
  expect(encoding).toBeUndefined();
  return res.rawPayload;
}

describe('serving the web build', () => {
  let dir: string;
  let app: App;

  beforeAll(async () => {
    dir = webBuild();
    app = await buildApp(
      loadConfig({ STATIC_DIR: dir, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spar-data-')) }),
      { logger: false, sweepIntervalMs: 0 },
    );
  });
  afterAll(() => app.close());

  const CASES: Array<{ accept: string | undefined; encoding: string | undefined }> = [
    { accept: 'br', encoding: 'br' },
    { accept: 'gzip', encoding: 'gzip' },
    { accept: 'gzip, deflate, br', encoding: 'br' },
    { accept: 'br;q=0, gzip', encoding: 'gzip' },
    { accept: 'identity', encoding: undefined },
    { accept: undefined, encoding: undefined },
  ];

  for (const [file, { body, type, cache }] of Object.entries(FILES)) {
    it(`${file}: the encoding the client prefers, the original's type and cache rule, Vary`, async () => {
      for (const { accept, encoding } of CASES) {
        const res = await app.inject({
          method: 'GET',
          url: `/${file}`,
          headers: accept === undefined ? {} : { 'accept-encoding': accept },
        });
        const label = `${file} with ${accept ?? 'no Accept-Encoding'}`;
        expect(res.statusCode, label).toBe(200);
        expect(res.headers['content-encoding'], label).toBe(encoding);
        expect(res.headers['content-type'], label).toMatch(type);
        expect(res.headers['cache-control'], label).toBe(cache);
        expect(res.headers.vary, label).toMatch(/accept-encoding/i);
        expect(Number(res.headers['content-length']), label).toBe(res.rawPayload.length);
        expect(decoded(res).toString('utf8'), label).toBe(body);
      }
    });
  }

  it('the SPA fallback sends index.html compressed, as the file itself is', async () => {
    for (const { accept, encoding } of CASES) {
      const res = await app.inject({
        method: 'GET',
        url: '/games',
        headers: accept === undefined ? {} : { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      const page = decoded(res).toString('utf8');
      expect(page).toContain('<title>Spar</title>');
      expect(page).toContain(FILES['index.html']!.body.slice(FILES['index.html']!.body.indexOf('<body>')));
    }
  });

  it("names the page's own files in its HTML, in the head, and not another page's", async () => {
    const games = (await app.inject({ method: 'GET', url: '/games' })).body;
    expect(games).toContain(hint('assets/games-Gw7yT2bb.js'));
    expect(games.indexOf(hint('assets/games-Gw7yT2bb.js'))).toBeLessThan(games.indexOf('</head>'));
    expect(games).not.toContain('home-Hq3xP0aa');
    // The entry is the page's own script already.
    expect(games).not.toContain(hint('assets/index-Dc78wJSG.js'));
    const home = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(home).toContain(hint('assets/home-Hq3xP0aa.js'));
    expect(home).not.toContain('games-Gw7yT2bb');
  });

  it('sends the document-only security headers with pages, SVG and the service worker, not with scripts or styles', async () => {
    const headersOf = async (url: string) =>
      (await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } })).headers;
    for (const url of ['/', '/games', '/assets/decks/classic/A13.svg', '/sw.js']) {
      const headers = await headersOf(url);
      expect(headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    for (const url of ['/assets/index-Dc78wJSG.js', '/assets/index-B9xQw2Lk.css', '/sounds/ui/click.mp3']) {
      const headers = await headersOf(url);
      for (const name of DOCUMENT_ONLY_HEADERS) expect(headers[name], `${url} ${name}`).toBeUndefined();
      // What a subresource itself is held to stays.
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('knows which files are read as documents or run as workers', () => {
    for (const file of [
      'index.html',
      'legal.html.br',
      'assets/decks/classic/A13.svg',
      'sw.js',
      'assets/local-game.worker-BaMtuYio.js',
    ])
      expect(readAsDocument(file), file).toBe(true);
    for (const file of [
      'assets/index-Dc78wJSG.js',
      'assets/index-Dc78wJSG.js.gz',
      'assets/home-WosWQry9.css',
      'favicon.ico',
      'sounds/ui/click.mp3',
    ])
      expect(readAsDocument(file), file).toBe(false);
  });

  it("never serves the build's manifest", async () => {
    const res = await app.inject({ method: 'GET', url: '/.vite/manifest.json' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('isEntry');
  });

  it('HEAD gives the headers of the variant GET would send, and no body', async () => {
    const head = await app.inject({
      method: 'HEAD',
      url: '/assets/index-Dc78wJSG.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(
      readFileSync(path.join(dir, 'assets/index-Dc78wJSG.js.br')).length,
    );
    expect(head.rawPayload.length).toBe(0);
  });

  it('revalidation answers 304 with no body, for a copy and for an original alike', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      const first = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': accept } });
      const etag = String(first.headers.etag);
      const again = await app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-encoding': accept, 'if-none-match': etag },
      });
      expect(again.statusCode, accept).toBe(304);
      expect(again.rawPayload.length, accept).toBe(0);
    }
  });

  it('a range is cut from the variant sent and never compressed again', async () => {
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/index-Dc78wJSG.js',
      headers: { range: 'bytes=0-9' },
    });
    expect(plain.statusCode).toBe(206);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FILES['assets/index-Dc78wJSG.js']!.body.slice(0, 10));
    const brotli = await app.inject({
      method: 'GET',
      url: '/assets/index-Dc78wJSG.js',
      headers: { range: 'bytes=0-9', 'accept-encoding': 'br' },
    });
    expect(brotli.statusCode).toBe(206);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.rawPayload).toEqual(
      readFileSync(path.join(dir, 'assets/index-Dc78wJSG.js.br')).subarray(0, 10),
    );
  });

  it('a small file goes out as its copy; a page without a copy is compressed on the fly', async () => {
    const small = await app.inject({
      method: 'GET',
      url: `/${SMALL_SCRIPT}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBe('br');
    expect(Number(small.headers['content-length'])).toBe(small.rawPayload.length);
    expect(decoded(small).toString('utf8')).toBe(SMALL_SCRIPT_BODY);
    const page = await app.inject({
      method: 'GET',
      url: `/${UNCOMPRESSED_PAGE}`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(decoded(page).equals(readFileSync(path.join(dir, UNCOMPRESSED_PAGE)))).toBe(true);
  });

  it('audio goes out as it is, cached for a day', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/sounds/ui/click.mp3',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe(A_DAY);
    expect(res.rawPayload.length).toBe(4096);
  });

  it('never serves a source map, though the folder holds one', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      for (const url of [
        '/assets/index-Dc78wJSG.js.map',
        '/assets/index-Dc78wJSG.js.MAP',
        '/assets/../assets/index-Dc78wJSG.js.map',
      ]) {
        const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': accept } });
        expect(res.statusCode, url).toBe(404);
        expect(res.body).not.toContain('mappings');
      }
    }
  });

  it('compresses JSON API answers over 1 KB on the fly and leaves small ones alone', async () => {
    const small = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });

    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'compressed_json', password: 'correct horse' },
    });
    const token = (register.json() as { token: string }).token;
    const catalog = (accept: string) =>
      app.inject({
        method: 'GET',
        url: '/api/deck/catalog',
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': accept },
      });
    const plain = await catalog('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await catalog(encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(decoded(res).equals(plain.rawPayload)).toBe(true);
    }
  });
});

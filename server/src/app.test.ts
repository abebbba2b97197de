import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TARGET_SCORE } from '@shared/constants';
import { FIRST_PAINT_SCRIPT } from '@shared/first-paint';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { cacheControlFor } from './static';

function webAppFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Spar</title><div id="root"></div>');
  mkdirSync(path.join(dir, 'assets', 'decks', 'classic'), { recursive: true });
  mkdirSync(path.join(dir, 'sounds', 'ui'), { recursive: true });
  writeFileSync(path.join(dir, 'assets', 'index-Dc78wJSG.js'), 'console.log("spar")');
  writeFileSync(path.join(dir, 'assets', 'decks', 'classic', 'A13.svg'), '<svg/>');
  writeFileSync(path.join(dir, 'sounds', 'ui', 'click.mp3'), 'ID3');
  return dir;
}

const SPEC_ROUTES = [
  '/',
  '/auth',
  '/delete-account',
  '/game/abc123',
  '/shop',
  '/watch',
  '/games',
  '/messages',
  '/messages/conversation/42',
  '/profile',
  '/profile?id=4&returnTo=%2Fgames',
  '/privacy-policy',
  '/terms-of-service',
  '/oauth-redirect',
];

describe('HTTP app', () => {
  let app: App;

  beforeAll(async () => {
    const config = loadConfig({
      STATIC_DIR: webAppFixture(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spar-data-')),
      PUBLIC_URL: 'https://play.spar.test',
    });
    app = await buildApp(config, { logger: false, sweepIntervalMs: 0 });
  });
  afterAll(() => app.close());

  it('GET /api/health reports the release, and no minimum client version when none is set', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: '1.4.0', build: 106, label: 'Beta' });
  });

  it('GET /api/health?deep=1 names the node and checks the database (Redis is not configured here)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health?deep=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      node: expect.any(String),
      checks: { database: 'up', redis: 'not_configured' },
    });
    expect((await app.inject({ method: 'GET', url: '/api/health?deep=maybe' })).statusCode).toBe(400);
  });

  it('serves the web app at every route of the app, so deep links work on refresh', async () => {
    for (const url of SPEC_ROUTES) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed bundles for good, deck art and sounds for a day', async () => {
    const bundle = await app.inject({ method: 'GET', url: '/assets/index-Dc78wJSG.js' });
    expect(bundle.statusCode).toBe(200);
    expect(bundle.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const deck = await app.inject({ method: 'GET', url: '/assets/decks/classic/A13.svg' });
    expect(deck.statusCode).toBe(200);
    expect(deck.headers['cache-control']).toBe('public, max-age=86400');
    const sound = await app.inject({ method: 'GET', url: '/sounds/ui/click.mp3' });
    expect(sound.statusCode).toBe(200);
    expect(sound.headers['cache-control']).toBe('public, max-age=86400');
    expect(cacheControlFor(path.join('assets', 'logo.png'))).toBe('no-cache');
  });

  it('answers unknown API paths and missing files with a JSON 404, never the page', async () => {
    for (const url of ['/api/nope', '/api', '/assets/missing.js', '/favicon.png', '/sounds/ui/none.mp3']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
    expect((await app.inject({ method: 'POST', url: '/somewhere' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'DELETE', url: '/api/auth/user' })).statusCode).toBe(404);
  });

  it('answers malformed, empty, non-object and oversized bodies with a clear 4xx', async () => {
    const json = { 'content-type': 'application/json' };
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON', code: 'invalid_json' });
    const array = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      payload: '[1,2]',
    });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ message: 'Request body must be a JSON object', code: 'not_an_object' });
    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: json,
      payload: JSON.stringify({ username: 'a'.repeat(1024 * 1024 + 10) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      message: 'Request body is too large (limit 1 MB)',
      code: 'body_too_large',
    });
    const text = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hi',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ message: 'Request body must be a JSON object', code: 'not_an_object' });
    const xml = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    for (const res of [malformed, array, huge, text, xml]) expect(res.body).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('sends security headers with a CSP that fits the app', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    // Its own scripts, and index.html's one inline script by the hash of its text: no other.
    const hash = createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(csp).not.toContain('accounts.google.com');
    expect(csp).toContain("connect-src 'self' ws: wss:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });

  it('allows CORS only for the app and the native shells', async () => {
    for (const origin of [
      'https://play.spar.test',
      'capacitor://localhost',
      'https://localhost',
      'app://spar',
    ]) {
      const res = await app.inject({
        method: 'OPTIONS',
        url: '/api/auth/user',
        headers: { origin, 'access-control-request-method': 'GET' },
      });
      expect(res.headers['access-control-allow-origin'], origin).toBe(origin);
    }
    const evil = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('over a real port', () => {
  it('serves requests through a socket and closes cleanly', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-port-'));
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, STATIC_DIR: webAppFixture() }), {
      logger: false,
      sweepIntervalMs: 0,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const health = await fetch(`${base}/api/health`);
    expect(await health.json()).toMatchObject({ status: 'ok' });
    const reg = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'over_tcp', password: 'correct horse' }),
    });
    expect(reg.status).toBe(201);
    const { token } = (await reg.json()) as { token: string };
    const me = await fetch(`${base}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await me.json()) as { username: string }).username).toBe('over_tcp');
    const page = await fetch(`${base}/game/xyz`);
    expect(await page.text()).toContain('<div id="root">');
    await app.close();
    await expect(fetch(`${base}/api/health`)).rejects.toThrow();
  });
});

describe('configuration', () => {
  it('has working defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      sessionDays: 30,
      databaseUrl: undefined,
      googleClientIds: [],
      trustProxy: false,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('ends games at the rules’ target score unless a quicker one is set, within the rules’ own', () => {
    expect(loadConfig({}).gameTargetScore).toBe(TARGET_SCORE);
    expect(loadConfig({ GAME_TARGET_SCORE: '4' }).gameTargetScore).toBe(4);
    for (const bad of ['0', String(TARGET_SCORE + 1), '2.5', 'ten'])
      expect(() => loadConfig({ GAME_TARGET_SCORE: bad })).toThrow(/GAME_TARGET_SCORE/);
  });

  it('parses lists, numbers and flags', () => {
    const config = loadConfig({
      GOOGLE_CLIENT_IDS: 'a.apps, b.apps',
      SESSION_DAYS: '7',
      TRUST_PROXY: '10.0.0.1',
      PUBLIC_URL: 'https://spar.example/',
    });
    expect(config).toMatchObject({
      googleClientIds: ['a.apps', 'b.apps'],
      sessionDays: 7,
      trustProxy: '10.0.0.1',
      publicUrl: 'https://spar.example',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.0.0.2' }).trustProxy).toBe('10.0.0.1, 10.0.0.2');
  });

  it('reads the cluster settings, with a node id unique per process by default', () => {
    expect(
      loadConfig({
        NODE_ID: 'node-a',
        REDIS_PREFIX: 'eu:',
        NODE_HEARTBEAT_SECONDS: '1',
        NODE_TTL_SECONDS: '4',
        ROOM_LEASE_SECONDS: '3',
      }).cluster,
    ).toEqual({
      nodeId: 'node-a',
      redisPrefix: 'eu:',
      heartbeatMs: 1000,
      nodeTtlMs: 4000,
      roomLeaseMs: 3000,
    });
    const defaults = loadConfig({}).cluster;
    expect(defaults).toMatchObject({
      redisPrefix: 'spar:',
      heartbeatMs: 2000,
      nodeTtlMs: 10_000,
      roomLeaseMs: 10_000,
    });
    expect(defaults.nodeId).not.toBe(loadConfig({}).cluster.nodeId);
  });

  it('stops with a message naming the variable when a value is bad', () => {
    const bad: Record<string, string> = {
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
      REDIS_URL: 'http://x',
      PUBLIC_URL: 'not a url',
      SMTP_URL: 'ftp://mail',
      SESSION_DAYS: '0',
      TRUST_PROXY: 'sometimes',
      REDIS_PREFIX: 'has space',
      NODE_ID: 'a/b',
      NODE_HEARTBEAT_SECONDS: '0',
      NODE_TTL_SECONDS: 'soon',
    };
    expect(() => loadConfig({ NODE_HEARTBEAT_SECONDS: '5', NODE_TTL_SECONDS: '6' })).toThrow(
      /NODE_TTL_SECONDS.*twice/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY.*hop count/);
    for (const [name, value] of Object.entries(bad))
      expect(() => loadConfig({ [name]: value }), name).toThrow(new RegExp(name));
  });
});

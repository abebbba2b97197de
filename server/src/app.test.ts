import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';

function webAppFixture(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Spar</title><div id="root"></div>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("spar")');
  return dir;
}

describe('HTTP app', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    const config = loadConfig({
      STATIC_DIR: webAppFixture(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spar-data-')),
    });
    app = await buildApp(config, { logger: false });
  });
  afterAll(() => app.close());

  it('GET /api/health reports the release', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', version: '1.4.0', build: 106, label: 'Beta' });
  });

  it('serves the web app at / and at every page route, so the client router can take over', async () => {
    for (const url of ['/', '/auth', '/game/abc123', '/profile?id=4&returnTo=%2Fgames']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a long cache life', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('spar');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('answers unknown API paths and missing files with a JSON 404, never the page', async () => {
    for (const url of ['/api/nope', '/api', '/assets/missing.js', '/favicon.png']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found' });
    }
    const post = await app.inject({ method: 'POST', url: '/somewhere' });
    expect(post.statusCode).toBe(404);
  });
});

describe('configuration', () => {
  it('has working defaults with no environment at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(path.isAbsolute(config.staticDir)).toBe(true);
  });

  it('stops with a message naming the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app';
import { loadConfig } from './config';
import { isReleaseFileName } from './desktop-releases';

const temp = (name: string) => mkdtempSync(path.join(tmpdir(), `spar-${name}-`));

/** A release folder as the release manager fills it, plus what must never be served from it. */
function releases(): string {
  const dir = temp('releases');
  const files: Record<string, string | Buffer> = {
    'latest.yml': 'version: 1.5.0\npath: Spar Setup 1.5.0.exe\n',
    'latest-mac.yml': 'version: 1.5.0\npath: Spar-1.5.0-mac.zip\n',
    'latest-linux.yml': 'version: 1.5.0\npath: Spar-1.5.0.AppImage\n',
    'Spar Setup 1.5.0.exe': Buffer.alloc(4096, 1),
    'Spar Setup 1.5.0.exe.blockmap': Buffer.alloc(64, 2),
    'Spar-1.5.0-mac.zip': Buffer.alloc(2048, 3),
    'Spar-1.5.0.dmg': Buffer.alloc(2048, 4),
    'Spar-1.5.0.AppImage': Buffer.from('0123456789abcdefghij'),
    'spar_1.5.0_amd64.deb': Buffer.alloc(1024, 5),
    '.env': 'SECRET=do-not-serve',
    'notes.txt': 'internal notes',
  };
  for (const [name, body] of Object.entries(files)) writeFileSync(path.join(dir, name), body);
  mkdirSync(path.join(dir, 'old'));
  writeFileSync(path.join(dir, 'old', 'latest.yml'), 'version: 1.4.0\n');
  return dir;
}

/** A web build, so the pages' fallback is live and could answer for a path it should not. */
function webBuild(): string {
  const dir = temp('web');
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Spar</title>');
  return dir;
}

describe('the desktop update feed at /desktop/releases/', () => {
  let app: App;
  beforeAll(async () => {
    app = await buildApp(
      loadConfig({ STATIC_DIR: webBuild(), DATA_DIR: temp('data'), DESKTOP_RELEASES_DIR: releases() }),
      { logger: false, sweepIntervalMs: 0 },
    );
  });
  afterAll(() => app.close());

  it('serves the feed files as YAML, revalidated on every check', async () => {
    for (const name of ['latest.yml', 'latest-mac.yml', 'latest-linux.yml']) {
      const res = await app.inject({ url: `/desktop/releases/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type']).toBe('text/yaml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toMatch(/^version: 1\.5\.0\n/);
    }
  });

  it('serves each installer and block map with its own type, cached for a day', async () => {
    const expected: Record<string, string> = {
      'Spar%20Setup%201.5.0.exe': 'application/vnd.microsoft.portable-executable',
      'Spar%20Setup%201.5.0.exe.blockmap': 'application/octet-stream',
      'Spar-1.5.0-mac.zip': 'application/zip',
      'Spar-1.5.0.dmg': 'application/x-apple-diskimage',
      'Spar-1.5.0.AppImage': 'application/vnd.appimage',
      'spar_1.5.0_amd64.deb': 'application/vnd.debian.binary-package',
    };
    for (const [name, type] of Object.entries(expected)) {
      const res = await app.inject({ url: `/desktop/releases/${name}` });
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-type'], name).toBe(type);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const exe = await app.inject({ url: '/desktop/releases/Spar%20Setup%201.5.0.exe' });
    expect(exe.rawPayload.length).toBe(4096);
  });

  it('answers HEAD and byte ranges, as downloads and block maps ask', async () => {
    const head = await app.inject({ method: 'HEAD', url: '/desktop/releases/Spar-1.5.0.AppImage' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('20');
    expect(head.body).toBe('');
    const range = await app.inject({
      url: '/desktop/releases/Spar-1.5.0.AppImage',
      headers: { range: 'bytes=5-9' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 5-9/20');
    expect(range.body).toBe('56789');
  });

  it('lists nothing: the folder itself is a 404, never a listing or the web app', async () => {
    for (const url of ['/desktop/releases/', '/desktop/releases', '/desktop/releases/old/']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      expect(res.body).not.toContain('latest');
    }
  });

  it('serves nothing but release files at the top of the folder', async () => {
    for (const url of [
      '/desktop/releases/.env',
      '/desktop/releases/notes.txt',
      '/desktop/releases/old/latest.yml',
      '/desktop/releases/missing.yml',
      '/desktop/releases/..%2f..%2fetc%2fpasswd',
      '/desktop/releases/%2e%2e/releases/.env',
      '/desktop/releases/old%2flatest.yml',
      '/desktop/releases/..%5c.env',
      '/desktop/releases/latest.yml%00.exe',
    ]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toMatch(/SECRET|internal notes|version: 1\.4\.0|<!doctype/i);
    }
  });

  it('takes only file names of a release', () => {
    expect(isReleaseFileName('Spar Setup 1.5.0.exe')).toBe(true);
    expect(isReleaseFileName('Spar-1.5.0-arm64-mac.zip')).toBe(true);
    expect(isReleaseFileName('latest-linux-arm64.yml')).toBe(true);
    for (const bad of [
      '.latest.yml',
      'a/latest.yml',
      '..yml',
      'x..exe',
      'notes.txt',
      'latest.YML',
      'a'.repeat(201) + '.yml',
    ])
      expect(isReleaseFileName(bad), bad).toBe(false);
  });
});

describe('without DESKTOP_RELEASES_DIR', () => {
  it('serves no feed', async () => {
    const app = await buildApp(loadConfig({ STATIC_DIR: webBuild(), DATA_DIR: temp('data') }), {
      logger: false,
      sweepIntervalMs: 0,
    });
    const res = await app.inject({ url: '/desktop/releases/latest.yml' });
    expect(res.statusCode).toBe(404);
    await app.close();
  });

  it('stops the start when the folder is not there, naming the variable', () => {
    expect(() => loadConfig({ DESKTOP_RELEASES_DIR: path.join(temp('x'), 'absent') })).toThrow(
      /DESKTOP_RELEASES_DIR: .* is not a directory/,
    );
    expect(loadConfig({}).desktopReleasesDir).toBeUndefined();
  });
});

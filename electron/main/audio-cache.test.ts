import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AudioCache, cachedFilePath, cacheUrl } from './audio-cache';

const API = 'https://play.spar.game';
const KEYS = ['click', 'deal', 'play', 'win', 'lose', 'shuffle', 'tick', 'chime'];

function manifest(keys = KEYS) {
  return {
    version: 1,
    lastUpdated: '2025-08-01',
    categories: [
      {
        name: 'ui',
        isDownloaded: true, // what the host claims must not matter
        files: keys.map((key) => ({ key, url: `/sounds/ui/${key}.mp3`, isDownloaded: true, localPath: 'x' })),
      },
    ],
  };
}

/** A fake host: answers after a tick, counts requests and the most ever in flight. */
function fakeHost(options: { failing?: Set<string>; offline?: boolean; manifest?: unknown } = {}) {
  const requests: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const fetch = async (url: string): Promise<Response> => {
    requests.push(url);
    if (options.offline) throw new TypeError('fetch failed');
    if (url.endsWith('/manifest.json')) return Response.json(options.manifest ?? manifest());
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    inFlight--;
    const key = path.basename(url, '.mp3');
    if (options.failing?.has(key)) return new Response('busy', { status: 503 });
    return new Response(`ID3-${key}`);
  };
  return { fetch, requests, maxInFlight: () => maxInFlight, options };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'spar-audio-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cache = (fetch: (url: string) => Promise<Response>) =>
  new AudioCache({ dir, apiOrigin: API, allowedOrigins: [API], fetch });

describe('the offline audio cache', () => {
  it('downloads every file, 3 at a time, and marks each downloaded with a playable cache URL', async () => {
    const host = fakeHost();
    const status = await cache(host.fetch).sync('/sounds/manifest.json');
    expect(host.maxInFlight()).toBe(3);
    expect(host.requests).toContain('https://play.spar.game/sounds/manifest.json');
    expect(host.requests.filter((r) => r.endsWith('.mp3'))).toHaveLength(KEYS.length);
    expect(status.downloading).toBe(false);
    expect(status.files).toHaveLength(KEYS.length);
    for (const file of status.files) {
      expect(file.isDownloaded).toBe(true);
      expect(file.localPath).toBe(`spar-audio://cache/sounds/ui/${file.key}.mp3`);
      expect(await readFile(path.join(dir, 'sounds/ui', `${file.key}.mp3`), 'utf8')).toBe(`ID3-${file.key}`);
    }
  });

  it('resumes after a failure: the next sync fetches only the files still missing', async () => {
    const host = fakeHost({ failing: new Set(['deal', 'win']) });
    const first = await cache(host.fetch).sync('/sounds/manifest.json');
    const missing = first.files.filter((f) => !f.isDownloaded).map((f) => f.key);
    expect(missing.sort()).toEqual(['deal', 'win']);
    expect(first.files.find((f) => f.key === 'deal')!.localPath).toBeNull();
    // Nothing half-written is left where a complete file would be.
    await expect(readFile(path.join(dir, 'sounds/ui/deal.mp3'))).rejects.toThrow();
    const saved = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
    expect(saved.categories[0].isDownloaded).toBe(false);

    host.options.failing = new Set();
    host.requests.length = 0;
    // A new instance, as after a restart: it reads what is on disk.
    const second = await cache(host.fetch).sync('/sounds/manifest.json');
    expect(host.requests.filter((r) => r.endsWith('.mp3')).sort()).toEqual([
      'https://play.spar.game/sounds/ui/deal.mp3',
      'https://play.spar.game/sounds/ui/win.mp3',
    ]);
    expect(second.files.every((f) => f.isDownloaded)).toBe(true);
    const savedAgain = JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8'));
    expect(savedAgain.categories[0].isDownloaded).toBe(true);
  });

  it('keeps serving the last state when offline, also after a restart', async () => {
    await cache(fakeHost().fetch).sync('/sounds/manifest.json');
    const offline = cache(fakeHost({ offline: true }).fetch);
    expect((await offline.status()).files.filter((f) => f.isDownloaded)).toHaveLength(KEYS.length);
    const status = await offline.sync('/sounds/manifest.json');
    expect(status.files.every((f) => f.isDownloaded && f.localPath)).toBe(true);
  });

  it('joins a sync already under way instead of starting a second one', async () => {
    const host = fakeHost();
    const audio = cache(host.fetch);
    const [a, b] = await Promise.all([
      audio.sync('/sounds/manifest.json'),
      audio.sync('/sounds/manifest.json'),
    ]);
    expect(a.files).toHaveLength(KEYS.length);
    expect(b.files).toHaveLength(KEYS.length);
    expect(host.requests.filter((r) => r.endsWith('manifest.json'))).toHaveLength(1);
  });

  it('reports downloading while a sync runs', async () => {
    const audio = cache(fakeHost().fetch);
    const running = audio.sync('/sounds/manifest.json');
    expect((await audio.status()).downloading).toBe(true);
    await running;
    expect((await audio.status()).downloading).toBe(false);
  });

  it('fetches manifests only from the API host and refuses malformed ones', async () => {
    const host = fakeHost();
    await expect(cache(host.fetch).sync('https://evil.example/sounds/manifest.json')).rejects.toThrow(
      /only from/,
    );
    await expect(cache(host.fetch).sync('http://play.spar.game/sounds/manifest.json')).rejects.toThrow(
      /only from/,
    );
    expect(host.requests).toHaveLength(0);
    const bad = manifest();
    bad.categories[0]!.files[0]!.url = '/sounds/../../etc/passwd.mp3';
    await expect(cache(fakeHost({ manifest: bad }).fetch).sync('/sounds/manifest.json')).rejects.toThrow(
      /not a version 1 manifest/,
    );
    await expect(
      cache(fakeHost({ manifest: { ...manifest(), version: 2 } }).fetch).sync('/sounds/manifest.json'),
    ).rejects.toThrow(/not a version 1 manifest/);
  });
});

describe('the spar-audio:// scheme', () => {
  it('maps cache URLs to files inside the cache folder only', async () => {
    await mkdir(path.join(dir, 'sounds/ui'), { recursive: true });
    await writeFile(path.join(dir, 'sounds/ui/click.mp3'), 'x');
    expect(cachedFilePath(dir, cacheUrl('/sounds/ui/click.mp3'))).toBe(path.join(dir, 'sounds/ui/click.mp3'));
    for (const url of [
      'spar-audio://cache/sounds/../../../etc/passwd.mp3',
      'spar-audio://cache/sounds/%2e%2e/%2e%2e/secret.mp3',
      'spar-audio://cache/sounds/..%2f..%2fsecret.mp3',
      'spar-audio://cache/manifest.json',
      'spar-audio://cache/sounds/ui/click.mp3.part',
      'spar-audio://other/sounds/ui/click.mp3',
      'app://spar/sounds/ui/click.mp3',
      'spar-audio://cache/sounds/%E0%A4%A.mp3',
    ])
      expect(cachedFilePath(dir, url), url).toBeNull();
  });
});

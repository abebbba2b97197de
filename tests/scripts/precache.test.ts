import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { measurePrecache, precacheReport, precacheType, precacheUrls } from '../../scripts/precache.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'spar-precache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A built app in a fresh folder: `files` by path, sizes in bytes of filler. */
function fakeBuild(name: string, files: Record<string, string | number>) {
  const dir = path.join(root, name);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), typeof content === 'number' ? 'x'.repeat(content) : content);
  }
  return dir;
}

// As Workbox's generateSW writes it, minified, with a route after the manifest.
const MINIFIED = `define(["./workbox-1"],function(s){"use strict";s.precacheAndRoute([{url:"index.html",revision:"3a1f"},{url:"assets/index-Ab1.js",revision:null},{url:"assets/cinzel-latin.woff2",revision:null},{url:"sounds/ui/click.mp3",revision:"9c"},{url:"assets/decks/default/back.svg",revision:"77"}],{}),s.registerRoute(new s.NavigationRoute(s.createHandlerBoundToURL("index.html")))});`;

describe('precacheUrls', () => {
  it('reads every entry of the minified manifest, and of a pretty-printed one', () => {
    expect(precacheUrls(MINIFIED)).toEqual([
      'index.html',
      'assets/index-Ab1.js',
      'assets/cinzel-latin.woff2',
      'sounds/ui/click.mp3',
      'assets/decks/default/back.svg',
    ]);
    const pretty = `precacheAndRoute([\n  { "url": "index.html", "revision": "1" },\n  { "url": "a.css", "revision": null }\n]);`;
    expect(precacheUrls(pretty)).toEqual(['index.html', 'a.css']);
  });

  it('refuses a worker with no manifest it can read', () => {
    expect(() => precacheUrls('self.addEventListener("fetch", () => {});')).toThrow(/no precache manifest/);
  });

  it('types files by extension', () => {
    expect(
      ['a.html', 'b.js', 'c.css', 'd.woff2', 'e.svg', 'f.mp3', 'manifest.json'].map(precacheType),
    ).toEqual(['html', 'js', 'css', 'font', 'image', 'sound', 'other']);
  });
});

describe('measurePrecache', () => {
  it('counts each precached file once, by its brotli copy where there is one and as stored otherwise', () => {
    const dir = fakeBuild('sizes', {
      'sw.js': MINIFIED,
      'index.html': 900,
      'index.html.br': 120,
      'index.html.gz': 150,
      'assets/index-Ab1.js': 5000,
      'assets/index-Ab1.js.br': 1300,
      'assets/cinzel-latin.woff2': 2100,
      'sounds/ui/click.mp3': 700,
      'assets/decks/default/back.svg': 333,
      // Built but not precached: not counted.
      'assets/manager-Zz9.js': 40_000,
      'assets/manager-Zz9.js.br': 9_000,
    });
    const files = measurePrecache(dir);
    expect(files).toEqual([
      { file: 'index.html', type: 'html', bytes: 120, brotli: true },
      { file: 'assets/index-Ab1.js', type: 'js', bytes: 1300, brotli: true },
      { file: 'assets/cinzel-latin.woff2', type: 'font', bytes: 2100, brotli: false },
      { file: 'sounds/ui/click.mp3', type: 'sound', bytes: 700, brotli: false },
      { file: 'assets/decks/default/back.svg', type: 'image', bytes: 333, brotli: false },
    ]);
    const total = 120 + 1300 + 2100 + 700 + 333;
    const within = precacheReport(files, { limitKb: 5 });
    expect(within.ok).toBe(true);
    expect(within.total).toBe(total);
    expect(within.text.split('\n')).toEqual([
      'Service worker precache: 4.4 KB as sent in 5 files (within the 5 KB budget)',
      '  html     0.1 KB  1 file',
      '  js       1.3 KB  1 file',
      '  font     2.1 KB  1 file',
      '  image    0.3 KB  1 file',
      '  sound    0.7 KB  1 file',
    ]);
    const over = precacheReport(files, { limitKb: 4 });
    expect(over.ok).toBe(false);
    expect(over.text.split('\n')[0]).toBe(
      'Service worker precache: 4.4 KB as sent in 5 files (OVER the 4 KB budget)',
    );
  });

  it('fails when the worker precaches a file the build lacks', () => {
    const dir = fakeBuild('missing', { 'sw.js': MINIFIED, 'index.html': 10 });
    expect(() => measurePrecache(dir)).toThrow(/precaches assets\/index-Ab1\.js, which the build lacks/);
  });
});

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  brotliSize,
  cssReferences,
  drawsLatin,
  measureFirstVisit,
  report,
  summarise,
} from '../../scripts/first-visit.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'spar-first-visit-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A built app in a fresh folder: `files` by path, plus Vite's manifest. */
function fakeBuild(name: string, files: Record<string, string | Buffer>, manifest: object) {
  const dir = path.join(root, name);
  for (const [file, content] of Object.entries({
    ...files,
    '.vite/manifest.json': JSON.stringify(manifest),
  })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

// Text of distinct sizes, so a file counted twice or under the wrong type changes a total.
const text = (label: string, repeat: number) => `/* ${label} */ ${'x'.repeat(repeat)} ${label}`;

const ENTRY_CSS = `
@font-face { font-family: 'Cinzel'; font-weight: 700; src: url(/assets/cinzel-latin.woff2) format('woff2'), url(/assets/cinzel-latin.woff) format('woff'); unicode-range: U+0000-00FF, U+2000-206F; }
@font-face { font-family: 'Cinzel'; font-weight: 700; src: url(/assets/cinzel-cyrillic.woff2) format('woff2'); unicode-range: U+0400-045F; }
@font-face { font-family: 'Logo'; src: url("./logo.woff2") format("woff2"); }
body { background: url(/assets/felt.png) repeat; }
.chip::before { content: ''; background-image: url('data:image/svg+xml,%3Csvg%3E%3C/svg%3E'); }
`;

const APP = {
  'index.html': `<!doctype html><html><head>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="icon" href="/favicon.ico" sizes="32x32" />
    <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
    <script type="module" src="/assets/index.js"></script></head>
    <body><img src="/hero.webp" alt=""></body></html>`,
  'favicon.svg': text('svg icon', 200),
  'favicon.ico': randomBytes(900),
  'apple-touch-icon.png': randomBytes(5000),
  'hero.webp': randomBytes(700),
  'assets/index.js': text('entry', 3000),
  'assets/vendor.js': text('vendor', 5000),
  'assets/home.js': text('home', 1000),
  'assets/ui.js': text('ui', 400),
  'assets/shop.js': text('shop page', 8000),
  'assets/index.css': ENTRY_CSS,
  'assets/home.css': `.hero { background: url(/assets/hero-felt.svg) }`,
  'assets/shop.css': `.shop { background: url(/assets/shop.png) }`,
  'assets/cinzel-latin.woff2': randomBytes(1500),
  'assets/cinzel-latin.woff': randomBytes(2500),
  'assets/cinzel-cyrillic.woff2': randomBytes(1200),
  'assets/logo.woff2': randomBytes(600),
  'assets/felt.png': randomBytes(300),
  'assets/hero-felt.svg': text('felt svg', 100),
  'assets/shop.png': randomBytes(3000),
  'assets/suit.svg': text('imported suit', 150),
};

const MANIFEST = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: ['src/app/pages/home.tsx', 'src/app/pages/shop.tsx'],
    css: ['assets/index.css'],
    assets: ['assets/cinzel-latin.woff2', 'assets/cinzel-latin.woff', 'assets/cinzel-cyrillic.woff2'],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  'src/app/pages/home.tsx': {
    file: 'assets/home.js',
    isDynamicEntry: true,
    imports: ['index.html', '_ui.js'],
    css: ['assets/home.css'],
  },
  '_ui.js': { file: 'assets/ui.js', imports: ['_vendor.js'], assets: ['assets/suit.svg'] },
  'src/app/pages/shop.tsx': {
    file: 'assets/shop.js',
    isDynamicEntry: true,
    imports: ['index.html'],
    css: ['assets/shop.css'],
  },
};

const size = (dir: string, file: string) => brotliSize(readFileSync(path.join(dir, file)));

describe('the first-visit measure', () => {
  const dir = fakeBuild('app', APP, MANIFEST);
  const files = measureFirstVisit(dir, { entries: ['index.html', 'src/app/pages/home.tsx'] });
  const counted = (type: string) =>
    files
      .filter((f) => f.type === type)
      .map((f) => f.file)
      .sort();

  it('counts the HTML, the entry and route chunks with their static imports, and their CSS', () => {
    expect(counted('html')).toEqual(['index.html']);
    expect(counted('js')).toEqual(['assets/home.js', 'assets/index.js', 'assets/ui.js', 'assets/vendor.js']);
    expect(counted('css')).toEqual(['assets/home.css', 'assets/index.css']);
  });

  it("counts the woff2 of each font face that draws Latin text, not a face's woff or other scripts", () => {
    expect(counted('font')).toEqual(['assets/cinzel-latin.woff2', 'assets/logo.woff2']);
  });

  it("counts images of the HTML, the CSS and the chunks' imports, and the largest tab icon only", () => {
    expect(counted('image')).toEqual([
      'assets/felt.png',
      'assets/hero-felt.svg',
      'assets/suit.svg',
      'favicon.ico',
      'hero.webp',
    ]);
  });

  it('gives every file its size at brotli quality 11 and sums them by type', () => {
    for (const file of files) expect(file.bytes).toBe(size(dir, file.file));
    const { byType, total } = summarise(files);
    expect(byType.js.bytes).toBe(
      ['assets/index.js', 'assets/vendor.js', 'assets/home.js', 'assets/ui.js']
        .map((f) => size(dir, f))
        .reduce((a, b) => a + b),
    );
    expect(byType.font).toEqual({
      bytes: size(dir, 'assets/cinzel-latin.woff2') + size(dir, 'assets/logo.woff2'),
      files: 2,
    });
    expect(total).toBe(Object.values(byType).reduce((sum, t) => sum + t.bytes, 0));
    expect(total).toBe(files.reduce((sum, f) => sum + f.bytes, 0));
  });

  it('refuses an entry the manifest does not have', () => {
    expect(() => measureFirstVisit(dir, { entries: ['src/app/pages/gone.tsx'] })).toThrow(
      /not in the manifest/,
    );
  });

  it('prints one summary line and a line per type, and is not ok over the limit', () => {
    const total = summarise(files).total;
    const under = report(files, { route: '/', limitKb: Math.ceil(total / 1024) });
    expect(under.ok).toBe(true);
    const lines = under.text.split('\n');
    expect(lines[0]).toMatch(
      /^First visit to \/: [\d.]+ KB brotli in 14 files \(within the \d+ KB budget\)$/,
    );
    expect(lines.slice(1).map((line) => line.trim().split(/\s+/)[0])).toEqual([
      'html',
      'js',
      'css',
      'font',
      'image',
    ]);
    const over = report(files, { route: '/', limitKb: Math.floor(total / 1024) - 1 });
    expect(over.ok).toBe(false);
    expect(over.text.split('\n')[0]).toMatch(/OVER the \d+ KB budget/);
  });
});

describe('font faces', () => {
  it('keep the faces whose unicode-range reaches Basic Latin or Latin-1', () => {
    expect(drawsLatin('')).toBe(true);
    expect(drawsLatin('U+0000-00FF, U+0131')).toBe(true);
    expect(drawsLatin('U+00E9')).toBe(true);
    expect(drawsLatin('U+00??')).toBe(true);
    expect(drawsLatin('U+0100-02BA, U+1E00-1E9F, U+20A0-20AB')).toBe(false);
    expect(drawsLatin('U+0400-045F')).toBe(false);
    expect(drawsLatin('U+04??')).toBe(false);
  });

  it('take the first woff2 of a src list, else its first url', () => {
    const css = `@font-face { font-family: A; src: local('A'), url(a.woff) format('woff'), url(a.woff2) format('woff2'); }
      @font-face { font-family: B; src: url(b.ttf) format('truetype'), url(b.woff) format('woff'); }`;
    expect(cssReferences(css).fonts).toEqual(['a.woff2', 'b.ttf']);
  });
});

describe('scripts/check-bundle.mjs', () => {
  const run = (dir: string) =>
    spawnSync(process.execPath, [path.resolve('scripts/check-bundle.mjs'), dir], { encoding: 'utf8' });
  const sw = (...urls: string[]) =>
    `precacheAndRoute([${urls.map((u) => `{url:"${u}",revision:null}`).join(',')}]);`;
  const home = (js: Buffer, extra: Record<string, Buffer> = {}) =>
    fakeBuild(
      `check-${js.length}-${Object.keys(extra).length}`,
      {
        'index.html': '<!doctype html><title>Spar</title>',
        'assets/index.js': js,
        ...extra,
        'sw.js': sw('index.html', 'assets/index.js', ...Object.keys(extra)),
      },
      {
        'index.html': { file: 'assets/index.js', isEntry: true, dynamicImports: ['src/app/pages/home.tsx'] },
        'src/app/pages/home.tsx': { file: 'assets/index.js', isDynamicEntry: true },
      },
    );

  it('passes a first visit under 170 KB and fails one over it', () => {
    // Random bytes do not compress, so their brotli size is about their own.
    const pass = run(home(randomBytes(160 * 1024)));
    expect(pass.status).toBe(0);
    expect(pass.stdout).toMatch(/within the 170 KB budget/);
    const fail = run(home(randomBytes(180 * 1024)));
    expect(fail.status).toBe(1);
    expect(fail.stdout.split('\n')[0]).toMatch(
      /^First visit to \/: 18\d\.\d KB brotli in 2 files \(OVER the 170 KB budget\)$/,
    );
  });

  it('fails a precache over 500 KB even when the first visit is within its budget', () => {
    const pass = run(home(randomBytes(100 * 1024), { 'sounds/a.mp3': randomBytes(300 * 1024) }));
    expect(pass.status, pass.stdout).toBe(0);
    expect(pass.stdout).toMatch(
      /^Service worker precache: 40\d\.\d KB as sent in 3 files \(within the 500 KB budget\)$/m,
    );
    const fail = run(home(randomBytes(100 * 1024), { 'sounds/a.mp3': randomBytes(420 * 1024) }));
    expect(fail.status).toBe(1);
    expect(fail.stdout).toMatch(/within the 170 KB budget/);
    expect(fail.stdout).toMatch(
      /^Service worker precache: 52\d\.\d KB as sent in 3 files \(OVER the 500 KB budget\)$/m,
    );
  });

  it('fails a build without a service worker rather than passing it unchecked', () => {
    const dir = home(randomBytes(1024));
    rmSync(path.join(dir, 'sw.js'));
    const result = run(dir);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/sw\.js does not exist/);
  });
});

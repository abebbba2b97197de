import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPageHints, withPageHints } from './page-hints';

/** A build folder holding `manifest` as Vite writes it. */
function buildWith(manifest: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-hints-'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

const MANIFEST = {
  'index.html': {
    file: 'assets/index-E.js',
    isEntry: true,
    imports: ['_react-R.js'],
    css: ['assets/index-E.css'],
  },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_Badge-B.js': { file: 'assets/Badge-B.js', imports: ['_react-R.js'], css: ['assets/Badge-B.css'] },
  '_Card-C.js': { file: 'assets/Card-C.js', imports: ['_Badge-B.js', 'index.html'] },
  'src/app/pages/home.tsx': {
    file: 'assets/home-H.js',
    imports: ['_Card-C.js', '_react-R.js'],
    css: ['assets/home-H.css', 'assets/index-E.css'],
  },
  'src/app/pages/games.tsx': { file: 'assets/games-G.js', imports: ['_Badge-B.js'] },
  'src/app/pages/not-found.tsx': { file: 'assets/not-found-N.js' },
};

describe('page hints', () => {
  it("names a page's chunks and styles, with what they import, and nothing the entry already loads", () => {
    const hints = loadPageHints(buildWith(MANIFEST))!;
    const home = hints('/');
    const hrefs = [...home.matchAll(/<link rel="(\w+)"(?: as="style")? crossorigin href="([^"]+)">/g)].map(
      ([, rel, href]) => `${rel} ${href}`,
    );
    expect(hrefs.sort()).toEqual(
      [
        'modulepreload /assets/home-H.js',
        'modulepreload /assets/Card-C.js',
        'modulepreload /assets/Badge-B.js',
        'preload /assets/home-H.css',
        'preload /assets/Badge-B.css',
      ].sort(),
    );
    expect(home).toContain('as="style"');
    expect(home).not.toContain('react-R');
    expect(home).not.toContain('index-E');
  });

  it('gives each address its own page, and an unknown one the not-found page', () => {
    const hints = loadPageHints(buildWith(MANIFEST))!;
    expect(hints('/games/')).toContain('/assets/games-G.js');
    expect(hints('/games')).not.toContain('home-H');
    expect(hints('/no/such/page')).toBe(
      '<link rel="modulepreload" crossorigin href="/assets/not-found-N.js">',
    );
    // A page the build has no chunk for goes out without hints.
    expect(hints('/shop')).toBe('');
  });

  it('is off when the build has no manifest, or one without an entry', () => {
    expect(loadPageHints(mkdtempSync(path.join(tmpdir(), 'spar-hints-')))).toBeNull();
    expect(loadPageHints(buildWith({ 'src/app/pages/home.tsx': { file: 'assets/home-H.js' } }))).toBeNull();
  });

  it('puts the hints last in the head, and leaves a page without a head as it is', () => {
    const html =
      '<html><head><script type="module" src="/assets/index-E.js"></script></head><body></body></html>';
    const hinted = withPageHints(html, '<link rel="modulepreload" crossorigin href="/assets/home-H.js">');
    expect(hinted.indexOf('home-H.js')).toBeGreaterThan(hinted.indexOf('index-E.js'));
    expect(hinted.indexOf('home-H.js')).toBeLessThan(hinted.indexOf('</head>'));
    expect(withPageHints(html, '')).toBe(html);
    expect(withPageHints('<p>no head</p>', '<link>')).toBe('<p>no head</p>');
  });
});

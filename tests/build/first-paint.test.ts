import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { criticalCss } from '../../build/vite/critical-css';
import {
  deferStylesheets,
  FIRST_PAINT_CSS,
  firstPaintHtml,
  renderLandingPage,
} from '../../build/vite/first-paint';
import { FIRST_PAINT_SCRIPT_SOURCE } from '../../server/src/http/security';
import {
  DEFERRED_STYLESHEET_ATTRIBUTE,
  FIRST_PAINT_SCRIPT,
  PRERENDER_ID,
  PRERENDER_STYLE_ID,
} from '@shared/first-paint';

const root = fileURLToPath(new URL('../../renderer', import.meta.url));
const alias = { '@shared': fileURLToPath(new URL('../../shared', import.meta.url)) };
const indexHtml = readFileSync(`${root}/index.html`, 'utf8');

describe('the rules a page can use', () => {
  const html = '<html data-scheme="dark"><div class="a b"><p class="c">x</p></div></html>';

  it('keeps rules whose classes and attributes the page carries, and what selects no class', () => {
    const css = criticalCss(
      '.a{color:red}.a .c{color:blue}.z{color:green}.a .z,.b{margin:0}body{margin:0}' +
        '[data-scheme=dark] .a{color:white}[data-scheme=light] .a{color:black}.a:not(.z){padding:0}',
      html,
    );
    expect(css).toBe(
      '.a{color:red}.a .c{color:blue}.b{margin:0}body{margin:0}[data-scheme=dark] .a{color:white}.a:not(.z){padding:0}',
    );
  });

  it('leaves out media rules left empty, and custom properties nothing reads, however indirectly', () => {
    const css = criticalCss(
      ':root{--used:1px;--via:var(--deep);--deep:2px;--unused:var(--only-here);--only-here:3px}' +
        '.a{margin:var(--used)}@media (min-width:1px){.z{color:red}}.c{padding:var(--via)}',
      html,
    );
    expect(css).toBe(
      ':root{--used:1px;--via:var(--deep);--deep:2px}.a{margin:var(--used)}.c{padding:var(--via)}',
    );
  });
});

describe('index.html painted from the landing page itself', () => {
  let rendered = '';
  let built = '';
  beforeAll(async () => {
    rendered = await renderLandingPage(root, alias);
    built = firstPaintHtml(indexHtml, rendered, '.mantine-Button-root{color:red}.unused-x{color:blue}');
  }, 60_000);

  it('renders the signed-out landing page, its hero and call to action', () => {
    expect(rendered).toMatch(/<h2[^>]*>.*Spar,.*the West African card game, online\..*<\/h2>/);
    expect(rendered).toContain('Play now');
    expect(rendered).toContain('Sign in');
    expect(rendered).toContain('aria-label="King of spades"');
  });

  it('puts it before the app’s root, with the rules it uses inlined in the head', () => {
    const head = built.slice(0, built.indexOf('</head>'));
    expect(head).toContain(`<style id="${PRERENDER_STYLE_ID}">${FIRST_PAINT_CSS}`);
    expect(head).toContain('.mantine-Button-root{color:red}');
    expect(head).not.toContain('.unused-x');
    // The theme's variables Mantine rendered as a <style> in the markup now come with the rules.
    expect(head).toContain('--mantine-color-spar-5');
    const body = built.slice(built.indexOf('<body>'));
    expect(body).toMatch(
      new RegExp(`<div id="${PRERENDER_ID}">.*West African card game.*</div><div id="root"></div>`, 's'),
    );
    expect(body).not.toContain('<style');
  });

  it('carries exactly the inline script the server’s Content-Security-Policy allows by its hash', () => {
    const scripts = [...built.matchAll(/<script>([^<]*)<\/script>/g)].map(([, text]) => text);
    expect(scripts).toEqual([FIRST_PAINT_SCRIPT]);
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    expect(FIRST_PAINT_SCRIPT_SOURCE).toBe(`'sha256-${hash}'`);
  });
});

describe('the app’s stylesheets, fetched first but not waited for by the first paint', () => {
  const head =
    '<head><link rel="icon" href="/favicon.ico" />' +
    '<link rel="stylesheet" crossorigin href="/assets/Text-1.css">' +
    '<link rel="stylesheet" crossorigin href="/assets/index-2.css"><link rel="manifest" href="/m"></head>';

  it('turns each into a preload and a print-only stylesheet, in place and in their order', () => {
    expect(deferStylesheets(head)).toBe(
      '<head><link rel="icon" href="/favicon.ico" />' +
        '<link rel="preload" as="style" crossorigin href="/assets/Text-1.css">' +
        `<link rel="stylesheet" crossorigin href="/assets/Text-1.css" media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}>` +
        '<link rel="preload" as="style" crossorigin href="/assets/index-2.css">' +
        `<link rel="stylesheet" crossorigin href="/assets/index-2.css" media="print" ${DEFERRED_STYLESHEET_ATTRIBUTE}>` +
        '<link rel="manifest" href="/m"></head>',
    );
  });

  it('is part of the first-paint page, ahead of the inlined rules, with the inline script before it', () => {
    const page =
      head.replace('<head>', '<head><meta charset="UTF-8" />') + '<body><div id="root"></div></body>';
    const built = firstPaintHtml(page, '<p>x</p>', '');
    const deferred = built.indexOf(DEFERRED_STYLESHEET_ATTRIBUTE);
    expect(deferred).toBeGreaterThan(0);
    expect(deferred).toBeLessThan(built.indexOf(`<style id="${PRERENDER_STYLE_ID}">`));
    expect(built).not.toMatch(/<link rel="stylesheet"(?![^>]*media="print")/);
    // An inline script waits for the stylesheets linked before it: it comes first, after the charset.
    expect(built).toContain(
      `<head><meta charset="UTF-8" /><script>${FIRST_PAINT_SCRIPT}</script><link rel="icon"`,
    );
  });
});

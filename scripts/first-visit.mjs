// What a phone downloads on its first visit to the home route, read from Vite's manifest and the
// built files, in brotli bytes. scripts/check-bundle.mjs prints it and fails the build over the
// budget; the rules are in docs/design.md, "Renderer: the first-visit budget".
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import postcss from 'postcss';

export const TYPES = ['html', 'js', 'css', 'font', 'image'];
const IMAGE = /\.(svg|png|jpe?g|gif|webp|avif|ico)$/i;

/** Brotli at quality 11: the server sends the precompressed files at that quality. */
export function brotliSize(bytes) {
  return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
}

/** The chunks a page needs before it runs: each entry and its static imports, recursively. */
export function staticChunks(manifest, entries) {
  const keys = new Set();
  const visit = (key) => {
    if (keys.has(key) || !manifest[key]) return;
    keys.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const entry of entries) {
    if (!manifest[entry]) throw new Error(`${entry} is not in the manifest`);
    visit(entry);
  }
  return [...keys].map((key) => manifest[key]);
}

/** Parses "U+0000-00FF, U+0131, U+04??" into [from, to] pairs. */
export function parseUnicodeRange(value) {
  return value.split(',').map((part) => {
    const token = part.trim().replace(/^u\+/i, '');
    if (token.includes('?')) {
      return [parseInt(token.replaceAll('?', '0'), 16), parseInt(token.replaceAll('?', 'F'), 16)];
    }
    const [from, to = from] = token.split('-');
    return [parseInt(from, 16), parseInt(to, 16)];
  });
}

/**
 * A face is counted unless its unicode-range lies wholly outside Basic Latin and Latin-1
 * (U+0000-00FF): a browser fetches a face only for characters the page draws, and every page
 * draws those, while a Cyrillic or Latin Extended face waits for text that needs it.
 */
export function drawsLatin(unicodeRange) {
  if (!unicodeRange) return true;
  return parseUnicodeRange(unicodeRange).some(([from]) => from <= 0xff);
}

const urlsIn = (value) => [...value.matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)].map((m) => m[2]);

/**
 * The one file of a `src` list a browser fetches: the first woff2 (every browser that runs the
 * app reads woff2), else the first url.
 */
function fetchedSource(src) {
  const sources = src.split(/,(?![^(]*\))/).map((entry) => ({
    url: urlsIn(entry)[0],
    woff2: /format\(\s*['"]?woff2/i.test(entry) || /\.woff2(\?|#|$)/i.test(urlsIn(entry)[0] ?? ''),
  }));
  const usable = sources.filter((source) => source.url);
  return (usable.find((source) => source.woff2) ?? usable[0])?.url;
}

/** Fonts (by the rule of `drawsLatin`) and images a stylesheet makes the browser fetch. */
export function cssReferences(cssText) {
  const fonts = [];
  const images = [];
  postcss.parse(cssText).walkAtRules('font-face', (rule) => {
    let src = '';
    let range = '';
    rule.walkDecls((decl) => {
      if (decl.prop === 'src') src = decl.value;
      if (decl.prop === 'unicode-range') range = decl.value;
    });
    const url = fetchedSource(src);
    if (url && drawsLatin(range)) fonts.push(url);
  });
  postcss.parse(cssText).walkDecls((decl) => {
    if (decl.parent?.type === 'atrule' && decl.parent.name === 'font-face') return;
    for (const url of urlsIn(decl.value)) if (IMAGE.test(url.split(/[?#]/)[0])) images.push(url);
  });
  return { fonts, images };
}

const attribute = (tag, name) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 'i'))?.[2];

/**
 * Images the page itself asks for: every <img src>, and the tab's icon. A browser fetches one of
 * the declared icons, so the largest is counted.
 */
export function htmlImages(html) {
  const images = [...html.matchAll(/<img\b[^>]*>/gi)].map((m) => attribute(m[0], 'src')).filter(Boolean);
  const icons = [...html.matchAll(/<link\b[^>]*>/gi)]
    .filter((m) => (attribute(m[0], 'rel') ?? '').split(/\s+/).includes('icon'))
    .map((m) => attribute(m[0], 'href'))
    .filter(Boolean);
  return { images, icons };
}

const isExternal = (url) => /^(data:|[a-z]+:\/\/|\/\/)/i.test(url);

/** The built file a URL names: absolute URLs from the site root, others from the referrer. */
function fileOf(url, referrer) {
  const clean = decodeURIComponent(url.split(/[?#]/)[0]);
  return clean.startsWith('/') ? clean.slice(1) : path.posix.join(path.posix.dirname(referrer), clean);
}

/**
 * Measures the first visit to a route of the built app in `dir`: the HTML, the chunks of `entries`
 * and their static imports, their CSS, the fonts and images that CSS references, the images the
 * chunks import and the page's own images. Returns each file with its type and brotli size.
 */
export function measureFirstVisit(dir, { html = 'index.html', entries }) {
  const read = (file) => readFileSync(path.join(dir, file));
  const manifest = JSON.parse(read('.vite/manifest.json').toString('utf8'));
  const files = new Map();
  const add = (file, type) => {
    if (!files.has(file)) files.set(file, { file, type, bytes: brotliSize(read(file)) });
  };

  const page = read(html).toString('utf8');
  add(html, 'html');
  const { images, icons } = htmlImages(page);
  for (const url of images.filter((u) => !isExternal(u))) add(fileOf(url, html), 'image');
  const localIcons = icons.filter((u) => !isExternal(u)).map((u) => fileOf(u, html));
  if (localIcons.length > 0) {
    const sized = localIcons.map((file) => ({ file, bytes: brotliSize(read(file)) }));
    add(sized.reduce((a, b) => (b.bytes > a.bytes ? b : a)).file, 'image');
  }

  for (const chunk of staticChunks(manifest, entries)) {
    add(chunk.file, 'js');
    for (const css of chunk.css ?? []) {
      add(css, 'css');
      const refs = cssReferences(read(css).toString('utf8'));
      for (const url of refs.fonts.filter((u) => !isExternal(u))) add(fileOf(url, css), 'font');
      for (const url of refs.images.filter((u) => !isExternal(u))) add(fileOf(url, css), 'image');
    }
    // Fonts among a chunk's assets are its CSS's, counted (or not) above by their unicode-range.
    for (const asset of chunk.assets ?? []) if (IMAGE.test(asset)) add(asset, 'image');
  }
  return [...files.values()];
}

/** Bytes and file counts by type, and the total. */
export function summarise(files) {
  const byType = Object.fromEntries(TYPES.map((type) => [type, { bytes: 0, files: 0 }]));
  for (const { type, bytes } of files) {
    byType[type].bytes += bytes;
    byType[type].files += 1;
  }
  return { byType, total: files.reduce((sum, { bytes }) => sum + bytes, 0) };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One summary line, then a line per type. `ok` is false over `limitKb`. */
export function report(files, { route, limitKb }) {
  const { byType, total } = summarise(files);
  const ok = total <= limitKb * 1024;
  const verdict = ok ? `within the ${limitKb} KB budget` : `OVER the ${limitKb} KB budget`;
  const lines = [`First visit to ${route}: ${kb(total)} brotli in ${files.length} files (${verdict})`];
  for (const type of TYPES) {
    const { bytes, files: count } = byType[type];
    lines.push(`  ${type.padEnd(6)}${kb(bytes).padStart(9)}  ${count} file${count === 1 ? '' : 's'}`);
  }
  return { ok, text: lines.join('\n') };
}

// What the service worker precaches, as the server transfers it: the files of the precache
// manifest in the built `sw.js`, each by its brotli copy where the build wrote one (the server
// sends that to every browser with a service worker) and as stored otherwise (woff2, images and
// sounds are compressed already). scripts/check-bundle.mjs prints it and fails the build over the
// budget; see docs/design.md, "Renderer: installable app (PWA)".
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const PRECACHE_TYPES = ['html', 'js', 'css', 'font', 'image', 'sound', 'other'];

const TYPE_OF = [
  [/\.html$/i, 'html'],
  [/\.m?js$/i, 'js'],
  [/\.css$/i, 'css'],
  [/\.(woff2?|ttf|otf)$/i, 'font'],
  [/\.(svg|png|jpe?g|gif|webp|avif|ico)$/i, 'image'],
  [/\.(mp3|ogg|wav|m4a|webm)$/i, 'sound'],
];

export function precacheType(url) {
  const clean = url.split(/[?#]/)[0];
  return TYPE_OF.find(([pattern]) => pattern.test(clean))?.[1] ?? 'other';
}

/**
 * The URLs of the precache manifest Workbox writes into the worker, entries of the form
 * `{url:"assets/x.js",revision:null}` (minified) or `{"url": "...", "revision": "..."}`. A worker
 * with none is an error: the check must not pass on a manifest it failed to read.
 */
export function precacheUrls(swSource) {
  const entry = /\{\s*"?url"?\s*:\s*"([^"]+)"\s*,\s*"?revision"?\s*:\s*(?:"[^"]*"|null)\s*\}/g;
  const urls = [...new Set([...swSource.matchAll(entry)].map((m) => m[1]))];
  if (urls.length === 0) throw new Error('no precache manifest found in the service worker');
  return urls;
}

/** Each precached file with its type and the bytes the server sends for it; `sw` names the worker. */
export function measurePrecache(dir, { sw = 'sw.js' } = {}) {
  const worker = path.join(dir, sw);
  if (!existsSync(worker)) throw new Error(`${worker} does not exist: is the PWA plugin on?`);
  return precacheUrls(readFileSync(worker, 'utf8')).map((url) => {
    const file = decodeURIComponent(url.split(/[?#]/)[0]).replace(/^\//, '');
    const stored = path.join(dir, file);
    if (!existsSync(stored)) throw new Error(`the service worker precaches ${url}, which the build lacks`);
    const brotli = `${stored}.br`;
    const sent = existsSync(brotli) ? brotli : stored;
    return { file, type: precacheType(file), bytes: statSync(sent).size, brotli: sent === brotli };
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** One summary line, then a line per type present. `ok` is false over `limitKb`. */
export function precacheReport(files, { limitKb }) {
  const total = files.reduce((sum, { bytes }) => sum + bytes, 0);
  const ok = total <= limitKb * 1024;
  const verdict = ok ? `within the ${limitKb} KB budget` : `OVER the ${limitKb} KB budget`;
  const lines = [`Service worker precache: ${kb(total)} as sent in ${files.length} files (${verdict})`];
  for (const type of PRECACHE_TYPES) {
    const ofType = files.filter((f) => f.type === type);
    if (ofType.length === 0) continue;
    const bytes = ofType.reduce((sum, f) => sum + f.bytes, 0);
    lines.push(
      `  ${type.padEnd(6)}${kb(bytes).padStart(9)}  ${ofType.length} file${ofType.length === 1 ? '' : 's'}`,
    );
  }
  return { ok, total, text: lines.join('\n') };
}

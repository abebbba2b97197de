// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the web build, which
// the server hands to clients that accept them. A step of `npm run build:renderer`, after Vite
// and whatever its plugins emit. See docs/operations.md, "Serving the web app".
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Text the server sends as it is stored. Woff2, images and audio are compressed already, and
 * source maps (`.map`) are never served.
 */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|ico)$/i;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

const ENCODERS = {
  '.br': (bytes) =>
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  '.gz': (bytes) => gzipped(bytes, { level: 9 }),
};

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  // Dot folders (Vite's .vite/manifest.json) are the build's own business and never served.
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    );
}

/**
 * Compresses every file of `dir` that COMPRESSIBLE names, keeping each copy that is smaller than
 * its original, small files included: the server compresses on the fly whatever compressible file
 * has no copy, which would cost it CPU on every request. Copies left from an earlier run that no
 * longer pay are removed. Source maps are never compressed: the server does not serve them.
 * Returns what it wrote.
 */
export async function precompress(dir) {
  const files = await filesUnder(dir);
  const originals = files.filter((file) => COMPRESSIBLE.test(file));
  const written = [];
  let before = 0;
  const after = { '.br': 0, '.gz': 0 };
  // zlib's asynchronous calls run on libuv's thread pool, so the files are compressed in parallel.
  await Promise.all(
    originals.map(async (file) => {
      const bytes = await readFile(file);
      before += bytes.length;
      for (const [extension, encode] of Object.entries(ENCODERS)) {
        const copy = file + extension;
        const compressed = await encode(bytes);
        if (compressed.length < bytes.length) {
          await writeFile(copy, compressed);
          after[extension] += compressed.length;
          written.push(copy);
        } else {
          await rm(copy, { force: true });
        }
      }
    }),
  );
  return { files: written.sort(), before, brotli: after['.br'], gzip: after['.gz'] };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = path.resolve(process.argv[2] ?? 'dist/renderer');
  const started = Date.now();
  const result = await precompress(dir);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(
    `precompress: ${result.files.length} copies in ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
      `${kb(result.before)} of text → ${kb(result.brotli)} brotli, ${kb(result.gzip)} gzip`,
  );
}

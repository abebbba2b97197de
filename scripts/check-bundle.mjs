// Prints the JavaScript a first visit to the home route downloads (entry, the home page chunk and
// everything they import statically), gzipped; fails the build above the hard limit.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 170;
const LIMIT_KB = 200;
const dir = 'dist/renderer';
const manifest = JSON.parse(readFileSync(`${dir}/.vite/manifest.json`, 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
collect('index.html');
collect('src/app/pages/home.tsx');

let bytes = 0;
for (const file of files) if (file.endsWith('.js')) bytes += gzipSync(readFileSync(`${dir}/${file}`)).length;
const kb = bytes / 1024;
const verdict =
  kb > LIMIT_KB
    ? `over the ${LIMIT_KB} KB limit`
    : kb > BUDGET_KB
      ? `over the ${BUDGET_KB} KB budget`
      : `within the ${BUDGET_KB} KB budget`;
console.log(`Initial JS for the home route: ${kb.toFixed(1)} KB gzip in ${files.size} files (${verdict})`);
if (kb > LIMIT_KB) process.exit(1);

// Measures what a first visit to the home route downloads (HTML, JS, CSS, fonts, images) in
// brotli bytes, and what the service worker then precaches as sent, and fails the build over
// either budget (docs/design.md, "Renderer: the first-visit budget" and "Renderer: installable app
// (PWA)"). `node scripts/check-bundle.mjs [dir] [--files]`: --files lists every file counted.
import { measureFirstVisit, report } from './first-visit.mjs';
import { measurePrecache, precacheReport } from './precache.mjs';

const LIMIT_KB = 170;
// 462.6 KB when set, 490 until the first paint put the landing page into index.html (6.5 KB): room
// for a release's growth, not for a new kind of file precached unseen.
const PRECACHE_LIMIT_KB = 500;
// The home page's route chunk loads at once on `/`, so it is part of the first visit.
const HOME = 'src/app/pages/home.tsx';

const args = process.argv.slice(2);
const dir = args.find((arg) => !arg.startsWith('--')) ?? 'dist/renderer';
const listFiles = (files) => {
  if (!args.includes('--files')) return;
  for (const { file, type, bytes } of [...files].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${type.padEnd(6)}${file}`);
  }
};

const files = measureFirstVisit(dir, { entries: ['index.html', HOME] });
const firstVisit = report(files, { route: '/', limitKb: LIMIT_KB });
console.log(firstVisit.text);
listFiles(files);

const precached = measurePrecache(dir);
const precache = precacheReport(precached, { limitKb: PRECACHE_LIMIT_KB });
console.log(precache.text);
listFiles(precached);

if (!firstVisit.ok || !precache.ok) process.exit(1);

// Measures what a first visit to the home route downloads (HTML, JS, CSS, fonts, images) in
// brotli bytes and fails the build over the budget (docs/design.md, "Renderer: the first-visit
// budget"). `node scripts/check-bundle.mjs [dir] [--files]`: --files lists every file counted.
import { measureFirstVisit, report } from './first-visit.mjs';

const LIMIT_KB = 170;
// The home page's route chunk loads at once on `/`, so it is part of the first visit.
const HOME = 'src/app/pages/home.tsx';

const args = process.argv.slice(2);
const dir = args.find((arg) => !arg.startsWith('--')) ?? 'dist/renderer';
const files = measureFirstVisit(dir, { entries: ['index.html', HOME] });
const { ok, text } = report(files, { route: '/', limitKb: LIMIT_KB });
console.log(text);
if (args.includes('--files')) {
  for (const { file, type, bytes } of [...files].sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${type.padEnd(6)}${file}`);
  }
}
if (!ok) process.exit(1);

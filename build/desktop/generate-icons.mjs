// Generates the desktop app's icons from the brand art (renderer/public/favicon.svg) into
// dist/desktop/icons (or the folder after --out): icon.png (1024 px), icon.ico (Windows, 16–256 px),
// icon.icns (macOS, 16–1024 px) and png/{n}x{n}.png (Linux), drawn by build/icons/raster.mjs
// (no image library, same bytes on every run). See docs/desktop.md, "Build and package".
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BRAND_ART, icns, ico, png, readSvg, render } from '../icons/raster.mjs';

const outFlag = process.argv.indexOf('--out');
const OUT = path.resolve(outFlag > 0 ? process.argv[outFlag + 1] : 'dist/desktop/icons');

// ---- main ------------------------------------------------------------------------------------

const ICNS_TYPES = { ic11: 32, ic12: 64, ic07: 128, ic08: 256, ic13: 256, ic09: 512, ic14: 512, ic10: 1024 };
const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256];
const LINUX_SIZES = [16, 32, 48, 64, 128, 256, 512];

const svg = readSvg(readFileSync(BRAND_ART, 'utf8'));
const sizes = [...new Set([...ICO_SIZES, ...LINUX_SIZES, ...Object.values(ICNS_TYPES), 1024])];
const pngs = new Map(sizes.map((size) => [size, png(render(svg, size), size)]));

mkdirSync(path.join(OUT, 'png'), { recursive: true });
writeFileSync(path.join(OUT, 'icon.png'), pngs.get(1024));
writeFileSync(path.join(OUT, 'icon.ico'), ico(ICO_SIZES.map((size) => ({ size, data: pngs.get(size) }))));
writeFileSync(
  path.join(OUT, 'icon.icns'),
  icns(Object.entries(ICNS_TYPES).map(([type, size]) => ({ type, data: pngs.get(size) }))),
);
for (const size of LINUX_SIZES) writeFileSync(path.join(OUT, 'png', `${size}x${size}.png`), pngs.get(size));
console.log(
  `generated the desktop icons (${sizes.length} sizes) in ${path.relative(process.cwd(), OUT) || OUT}`,
);

// Generates the web app's icons from the brand art (renderer/public/favicon.svg) into
// renderer/public (or the folder after --out), where Vite copies them into the build:
// favicon.ico (16, 32, 48 px), apple-touch-icon.png (180 px, opaque: iOS fills transparency with
// black), icons/icon-192.png and icons/icon-512.png (the card on transparency, as the favicon) and
// icons/maskable-512.png (the card inside the maskable safe zone, a circle of 40% of the width
// around the centre, on the app's background). See docs/design.md, "Renderer: installable app (PWA)".
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BRAND_ART, ico, png, readSvg, render } from '../icons/raster.mjs';

/** The app's background (theme-color in index.html, Mantine's dark.8 … the manifest's colours). */
export const BACKGROUND = '#0b1613';
const BACKGROUND_RGB = [0x0b, 0x16, 0x13];
/** Share of the width the art takes in the maskable icon: its corners stay inside the safe circle. */
export const MASKABLE_ART = 0.66;
/** And in the apple-touch-icon, which iOS rounds only slightly. */
const TOUCH_ART = 0.84;

/** Every web icon as [path inside the public folder, bytes]. */
export function webIcons(svgText) {
  const svg = readSvg(svgText);
  const drawn = (size, options) => png(render(svg, size, options), size);
  return [
    ['favicon.ico', ico([16, 32, 48].map((size) => ({ size, data: drawn(size) })))],
    ['apple-touch-icon.png', drawn(180, { art: TOUCH_ART, background: BACKGROUND_RGB })],
    ['icons/icon-192.png', drawn(192)],
    ['icons/icon-512.png', drawn(512)],
    ['icons/maskable-512.png', drawn(512, { art: MASKABLE_ART, background: BACKGROUND_RGB })],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const outFlag = process.argv.indexOf('--out');
  const out = path.resolve(outFlag > 0 ? process.argv[outFlag + 1] : 'renderer/public');
  for (const [file, data] of webIcons(readFileSync(BRAND_ART, 'utf8'))) {
    mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
    writeFileSync(path.join(out, file), data);
  }
  console.log(`generated the web app's icons in ${path.relative(process.cwd(), out) || out}`);
}

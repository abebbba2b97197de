// Generates the mobile app's launcher icons, Android adaptive icons and splash screens from the
// brand art (renderer/public/favicon.svg) with @capacitor/assets, into android/ and ios/, where
// they are committed: the native projects open and build in Android Studio and Xcode without this
// step, and a run of `npm run build:mobile` does not rewrite a few hundred images. Rerun
// `npm run assets:mobile` when the art changes (docs/mobile.md, "Icons and splash screens").
//
// The sources @capacitor/assets reads are drawn first by build/icons/raster.mjs into a scratch
// folder: icon-only.png (the card on the app's background, 1024 px), icon-foreground.png and
// icon-background.png (the adaptive icon's layers: the card inside the 66% safe zone on
// transparency, and the plain background) and splash.png / splash-dark.png (the card, small, on
// the background, 2732 px).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BACKGROUND } from '../pwa/generate-icons.mjs';
import { BRAND_ART, png, readSvg, render } from '../icons/raster.mjs';

const BACKGROUND_RGB = [1, 3, 5].map((i) => Number.parseInt(BACKGROUND.slice(i, i + 2), 16));
const ICON = 1024;
const SPLASH = 2732;

/** The source images @capacitor/assets looks for, as [file name, PNG bytes]. */
export function mobileSources(svgText) {
  const svg = readSvg(svgText);
  const drawn = (size, options) => png(render(svg, size, options), size);
  const splash = drawn(SPLASH, { art: 0.22, background: BACKGROUND_RGB });
  return [
    ['icon-only.png', drawn(ICON, { art: 0.84, background: BACKGROUND_RGB })],
    // @capacitor/assets insets the adaptive foreground by 16.7% a side, and launchers show a circle
    // of 61% of the layer: at 0.8 the card's corners stay inside it.
    ['icon-foreground.png', drawn(ICON, { art: 0.8 })],
    ['icon-background.png', png(render({ ...svg, shapes: [] }, ICON, { background: BACKGROUND_RGB }), ICON)],
    ['splash.png', splash],
    ['splash-dark.png', splash],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const sources = mkdtempSync(path.join(tmpdir(), 'spar-mobile-assets-'));
  try {
    for (const [file, data] of mobileSources(readFileSync(BRAND_ART, 'utf8')))
      writeFileSync(path.join(sources, file), data);
    const result = spawnSync(
      'npx',
      [
        'capacitor-assets',
        'generate',
        '--android',
        '--ios',
        '--assetPath',
        path.relative(process.cwd(), sources),
      ],
      { stdio: 'inherit' },
    );
    if (result.status !== 0) {
      console.error('assets:mobile: capacitor-assets generate failed');
      process.exit(result.status ?? 1);
    }
  } finally {
    rmSync(sources, { recursive: true, force: true });
  }
}

// Generates the mobile app's launcher icons, Android adaptive icons and splash screens from the
// brand art (renderer/public/favicon.svg) with @capacitor/assets, into android/ and ios/, where
// they are committed: the native projects open and build in Android Studio and Xcode without this
// step, and a run of `npm run build:mobile` does not rewrite a few hundred images. Rerun
// `npm run assets:mobile` when the art changes (docs/mobile.md, "Icons and splash screens").
//
// The sources @capacitor/assets reads are drawn first by build/icons/raster.mjs into a scratch
// folder: icon-only.png (the card on the app's background, 1024 px), icon-foreground.png and
// icon-background.png (the adaptive icon's layers, which adaptiveLayers() then redraws at their
// real 108 dp size) and splash.png / splash-dark.png (the card, small, on
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

/**
 * An adaptive icon's layers are 108 dp a side, of which launchers show at most the middle 72 dp
 * and mask everything outside a 66 dp circle: the card takes 53% of the layer, so its corners stay
 * inside that circle on every launcher shape.
 */
const FOREGROUND_ART = 0.534;
/** 108 dp in pixels at each density Android picks a mipmap from. */
export const ADAPTIVE_LAYER_SIZES = { ldpi: 81, mdpi: 108, hdpi: 162, xhdpi: 216, xxhdpi: 324, xxxhdpi: 432 };
/** Both layers full-size, so Android scales nothing (the XML insets them by nothing). */
const ADAPTIVE_ICON_XML = `<?xml version="1.0" encoding="utf-8"?>
<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
    <background android:drawable="@mipmap/ic_launcher_background" />
    <foreground android:drawable="@mipmap/ic_launcher_foreground" />
</adaptive-icon>
`;

/**
 * The adaptive icon's layers at 108 dp for every density, as [path under res/, PNG bytes], and its
 * two XML files. @capacitor/assets draws the layers at the legacy icon's 48 dp and insets them in the
 * XML, so Android upscales them 1.5× and the icon looks soft; these replace its output.
 */
export function adaptiveLayers(svgText) {
  const svg = readSvg(svgText);
  const files = [];
  for (const [density, size] of Object.entries(ADAPTIVE_LAYER_SIZES)) {
    files.push([
      `mipmap-${density}/ic_launcher_foreground.png`,
      png(render(svg, size, { art: FOREGROUND_ART }), size),
    ]);
    const background = render({ ...svg, shapes: [] }, size, { background: BACKGROUND_RGB });
    files.push([`mipmap-${density}/ic_launcher_background.png`, png(background, size)]);
  }
  files.push(['mipmap-anydpi-v26/ic_launcher.xml', Buffer.from(ADAPTIVE_ICON_XML)]);
  files.push(['mipmap-anydpi-v26/ic_launcher_round.xml', Buffer.from(ADAPTIVE_ICON_XML)]);
  return files;
}

/** The source images @capacitor/assets looks for, as [file name, PNG bytes]. */
export function mobileSources(svgText) {
  const svg = readSvg(svgText);
  const drawn = (size, options) => png(render(svg, size, options), size);
  const splash = drawn(SPLASH, { art: 0.22, background: BACKGROUND_RGB });
  return [
    ['icon-only.png', drawn(ICON, { art: 0.84, background: BACKGROUND_RGB })],
    // Only so @capacitor/assets runs: adaptiveLayers() below redraws both layers at their real size.
    ['icon-foreground.png', drawn(ICON, { art: FOREGROUND_ART })],
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
    for (const [file, data] of adaptiveLayers(readFileSync(BRAND_ART, 'utf8')))
      writeFileSync(path.join('android/app/src/main/res', file), data);
  } finally {
    rmSync(sources, { recursive: true, force: true });
  }
}

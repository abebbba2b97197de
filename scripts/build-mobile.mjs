// `npm run build:mobile`: the renderer built for the Capacitor app (VITE_NATIVE=capacitor) into
// dist/mobile, then `cap sync` copies it and the plugin list into android/ and ios/. API calls go
// to VITE_API_ORIGIN (default https://play.spar.game). See docs/mobile.md, "Build and run the
// mobile app".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEFAULT_API_ORIGIN = 'https://play.spar.game';
const apiOrigin = process.env.VITE_API_ORIGIN || DEFAULT_API_ORIGIN;
if (!/^https:\/\/[^/\s]+$/.test(apiOrigin.replace(/\/+$/, ''))) {
  console.error(`VITE_API_ORIGIN must be an https origin such as ${DEFAULT_API_ORIGIN}, got "${apiOrigin}"`);
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`build:mobile: ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

// The generated art and sounds the app ships (the deck art is quick; the rest only when missing).
run('node', ['build/decks/generate.mjs']);
if (!existsSync('renderer/public/assets/shop')) run('node', ['build/shop/generate.mjs']);
if (!existsSync('renderer/public/sounds/manifest.json')) run('node', ['build/sounds/generate.mjs']);

// outDir is relative to vite's root (renderer/).
// No source maps inside the app package.
run(
  'npx',
  [
    'vite',
    'build',
    '--outDir',
    '../dist/mobile',
    '--emptyOutDir',
    '--sourcemap',
    'false',
    '--logLevel',
    'warn',
  ],
  {
    VITE_NATIVE: 'capacitor',
    VITE_API_ORIGIN: apiOrigin.replace(/\/+$/, ''),
    // Android push only with Firebase set up: without it the plugin's register() crashes the app.
    VITE_ANDROID_PUSH: existsSync('android/app/google-services.json') ? '1' : '',
  },
);
run('npx', ['cap', 'sync']);
console.log(`built dist/mobile for ${apiOrigin} and synced android/ and ios/`);

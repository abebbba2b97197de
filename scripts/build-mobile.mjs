// `npm run build:mobile`: the renderer built for the Capacitor app (VITE_NATIVE=capacitor) into
// dist/mobile, the version and the link host stamped into the native projects, then `cap sync`
// copies the build and the plugin list into android/ and ios/. API calls go to VITE_API_ORIGIN
// (default https://play.spar.game). Capacitor 8's CLI needs Node 22 or later. See docs/mobile.md,
// "Build and run the mobile app".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { linkHost, stampAndroidLinkHost, stampIosLinkHost, stampIosVersion } from './mobile-native.mjs';

const DEFAULT_API_ORIGIN = 'https://play.spar.game';
const apiOrigin = process.env.VITE_API_ORIGIN || DEFAULT_API_ORIGIN;
if (!/^https:\/\/[^/\s]+$/.test(apiOrigin.replace(/\/+$/, ''))) {
  console.error(`VITE_API_ORIGIN must be an https origin such as ${DEFAULT_API_ORIGIN}, got "${apiOrigin}"`);
  process.exit(1);
}

const [nodeMajor] = process.versions.node.split('.').map(Number);
if (nodeMajor < 22) {
  console.error(
    `build:mobile: Capacitor 8's CLI needs Node 22 or later, this is Node ${process.versions.node}`,
  );
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`build:mobile: ${command} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}

/** The platforms whose Firebase config file is in place. */
function pushPlatforms() {
  return [
    existsSync('android/app/google-services.json') && 'android',
    existsSync('ios/App/App/GoogleService-Info.plist') && 'ios',
  ].filter(Boolean);
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
    // Push only where the release manager put Firebase's config (docs/mobile.md, "Push"): without
    // it the plugin can only refuse, and the app would retry for nothing.
    VITE_PUSH_PLATFORMS: pushPlatforms().join(','),
  },
);

/** Rewrites `file` through `change` when that alters it (the committed text is the default's). */
function stamp(file, change) {
  const before = readFileSync(file, 'utf8');
  const after = change(before);
  if (after !== before) writeFileSync(file, after);
}
const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
const host = linkHost(apiOrigin.replace(/\/+$/, ''));
stamp('ios/App/App.xcodeproj/project.pbxproj', (text) => stampIosVersion(text, version));
stamp('ios/App/App/App.entitlements', (text) => stampIosLinkHost(text, host));
stamp('android/app/src/main/AndroidManifest.xml', (text) => stampAndroidLinkHost(text, host));

run('npx', ['cap', 'sync']);
console.log(
  `built dist/mobile ${version} for ${apiOrigin} (push: ${pushPlatforms().join(', ') || 'none'}) and synced android/ and ios/`,
);

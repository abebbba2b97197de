// `npm run dev`: the server with live reload (tsx watch) on PORT (default 3000) and the Vite dev
// server on http://localhost:5173, which proxies /api and /ws to it. With --desktop
// (`npm run dev:desktop`) the Vite dev server also builds and starts the Electron app on it
// (needs the Electron binary: docs/desktop.md, "Build and package").
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// The generated art and sounds the Vite dev server serves from renderer/public. The deck art is
// quick and redrawn every time; the shop art and the sounds (several seconds) only when missing.
spawnSync('node', ['build/decks/generate.mjs'], { stdio: 'inherit' });
if (!existsSync('renderer/public/assets/shop'))
  spawnSync('node', ['build/shop/generate.mjs'], { stdio: 'inherit' });
if (!existsSync('renderer/public/sounds/manifest.json'))
  spawnSync('node', ['build/sounds/generate.mjs'], { stdio: 'inherit' });

const desktop = process.argv.includes('--desktop');
// `npm install` does not fetch Electron's binary (package.json's allowScripts denies its download
// script, so installs work where GitHub cannot be reached): the desktop app fetches it once here.
if (desktop && !existsSync('node_modules/electron/path.txt')) {
  console.log('Fetching the Electron binary (once)…');
  const fetched = spawnSync('node', ['node_modules/electron/install.js'], { stdio: 'inherit' });
  if (fetched.status !== 0) {
    console.error('Could not fetch the Electron binary; see docs/desktop.md, "Build and package".');
    process.exit(1);
  }
}

const viteArgs = desktop ? ['vite', '--config', 'vite.desktop.config.ts'] : ['vite'];
const children = [
  spawn('npx', ['tsx', 'watch', '--tsconfig', 'tsconfig.server.json', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, STATIC_DIR: process.env.STATIC_DIR ?? 'dist/renderer' },
  }),
  spawn('npx', viteArgs, { stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}

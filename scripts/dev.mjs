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

const viteArgs = process.argv.includes('--desktop')
  ? ['vite', '--config', 'vite.desktop.config.ts']
  : ['vite'];
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

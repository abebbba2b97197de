// `npm start`: refuse a Node older than package.json's engines, build whatever is missing or older
// than its sources, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { requireSupportedNode } from './node-version.mjs';

// Before any of the app's own code loads: an older Node gets one line saying what to do
// (docs/operations.md, "Node.js"), not an error from deep inside a dependency.
requireSupportedNode();
const { runServer } = await import('./run-server.mjs');

const root = path.dirname(path.dirname(new URL(import.meta.url).pathname));
process.chdir(root);

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  if (!statSync(target).isDirectory()) return statSync(target).mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const mtime = newestMtime(path.join(target, entry.name));
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built) || statSync('package.json').mtimeMs > built;
}

function run(script) {
  console.log(`> npm run ${script}`);
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (
  stale('dist/renderer/index.html', [
    'renderer/src',
    'renderer/index.html',
    'shared',
    'build',
    'vite.config.ts',
    'pwa.config.ts',
  ])
)
  run('build:renderer');
if (stale('dist/server/main.js', ['server', 'shared'])) run('build:server');

runServer('dist/server/main.js');

// Typechecks every target with its own tsconfig (shared, server, renderer, electron, tools).
import { spawnSync } from 'node:child_process';

const targets = ['shared', 'server', 'renderer', 'electron', 'tools'];
let ok = true;
for (const target of targets) {
  const result = spawnSync('npx', ['tsc', '-p', `tsconfig.${target}.json`], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`typecheck failed: tsconfig.${target}.json`);
    ok = false;
  }
}
process.exit(ok ? 0 : 1);

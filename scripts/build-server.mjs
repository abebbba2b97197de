// Bundles the server (with shared/) into dist/server/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.server.json',
  logLevel: 'warning',
});
console.log('built dist/server/main.js');

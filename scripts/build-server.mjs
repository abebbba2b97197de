// Bundles the server (with shared/) into dist/server/main.js; npm packages stay external, so a
// server install needs only the production dependencies (tests/build/server-install.test.ts).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/** esbuild's options for the server bundle, written to `outfile`. */
export function serverBuildOptions(outfile = 'dist/server/main.js') {
  return {
    entryPoints: ['server/src/main.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    packages: 'external',
    sourcemap: true,
    tsconfig: 'tsconfig.server.json',
    logLevel: 'warning',
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await build(serverBuildOptions());
  console.log('built dist/server/main.js');
}

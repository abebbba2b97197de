import type { BuildOptions } from 'esbuild';

/** esbuild's options for the server bundle, written to `outfile` (default `dist/server/main.js`). */
export function serverBuildOptions(outfile?: string): BuildOptions;

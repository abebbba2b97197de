/**
 * The desktop build (`npm run build:desktop`, `npm run dev:desktop`): the renderer for Electron
 * plus the main process and the preload, into dist/desktop/{renderer,main,preload}. Packaged, the
 * renderer calls the production host VITE_API_ORIGIN (default https://play.spar.game); in
 * development it calls the Vite dev server, which proxies /api and /ws. See docs/desktop.md.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import electron from 'vite-plugin-electron/simple';
import { mantineCss } from './build/vite/mantine-css';

const shared = fileURLToPath(new URL('./shared', import.meta.url));
const out = (part: string) => fileURLToPath(new URL(`./dist/desktop/${part}`, import.meta.url));
const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig(({ command }) => {
  // Vite hands VITE_* variables of the environment to both the renderer and the main bundle.
  process.env.VITE_NATIVE = 'electron';
  if (command === 'build') process.env.VITE_API_ORIGIN ??= 'https://play.spar.game';
  const alias = { '@shared': shared };
  return {
    root: 'renderer',
    publicDir: 'public',
    plugins: [
      react(),
      mantineCss(),
      electron({
        main: {
          entry: fileURLToPath(new URL('./electron/main/index.ts', import.meta.url)),
          vite: {
            resolve: { alias },
            envDir: fileURLToPath(new URL('.', import.meta.url)),
            // The update feed is baked in (docs/desktop.md, "Updates"): a packaged app never lets
            // its environment choose where its code comes from.
            define: { 'import.meta.env.SPAR_UPDATE_URL': JSON.stringify(process.env.SPAR_UPDATE_URL ?? '') },
            // Everything but electron and Node's own modules is bundled (electron-store, electron-updater
            // and what they use): the package ships no node_modules.
            build: { outDir: out('main'), emptyOutDir: true, sourcemap: true, minify: false },
          },
        },
        preload: {
          input: fileURLToPath(new URL('./electron/preload/index.ts', import.meta.url)),
          vite: {
            resolve: { alias },
            build: {
              outDir: out('preload'),
              emptyOutDir: true,
              // Inline maps only in development: a packaged preload would carry its sources.
              sourcemap: command === 'serve' ? 'inline' : true,
              minify: false,
              // Sandboxed preloads are CommonJS; .cjs because package.json says "type": "module".
              rolldownOptions: { output: { entryFileNames: '[name].cjs' } },
            },
          },
        },
      }),
    ],
    resolve: { alias },
    build: {
      outDir: out('renderer'),
      emptyOutDir: true,
      sourcemap: true,
      chunkSizeWarningLimit: 800,
      // The Firebase messaging plugin's web implementation, never loaded here: see vite.config.ts.
      rolldownOptions: { external: ['firebase/messaging'] },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': `http://localhost:${serverPort}`,
        '/ws': { target: `ws://localhost:${serverPort}`, ws: true },
        '/uploads': `http://localhost:${serverPort}`,
      },
    },
  };
});

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstPaint } from './build/vite/first-paint';
import { mantineCss } from './build/vite/mantine-css';
import { pwaOptions } from './pwa.config.js';

const serverPort = Number(process.env.PORT ?? 3000);
/** The Capacitor build (scripts/build-mobile.mjs) ships its own assets: no manifest, no service worker. */
const native = Boolean(process.env.VITE_NATIVE);
const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

export default defineConfig({
  root: 'renderer',
  publicDir: 'public',
  plugins: [
    react(),
    mantineCss(),
    // The web app's `/` paints from its HTML; a native shell opens its own index.html offline.
    ...(native ? [] : [firstPaint({ alias })]),
    VitePWA({ ...pwaOptions, disable: native }),
  ],
  resolve: { alias },
  build: {
    outDir: '../dist/renderer',
    emptyOutDir: true,
    // Maps are written for error tracking but not named in the bundles, so no browser asks for
    // them; the server does not serve them (docs/design.md, "Renderer: the first-visit budget").
    sourcemap: 'hidden',
    // scripts/check-bundle.mjs reads it to measure the home route's first download.
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The Firebase messaging plugin's web implementation imports the Firebase JS SDK, an
      // optional peer we do not install: inside the app Capacitor runs the native one, and the web
      // build never loads the Capacitor adapter at all, so that import is left unresolved in a
      // chunk nothing loads (docs/mobile.md, "Push").
      external: ['firebase/messaging'],
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${serverPort}`,
      '/ws': { target: `ws://localhost:${serverPort}`, ws: true },
    },
  },
});

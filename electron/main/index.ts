/** Entry of the desktop app's main process (built to dist/desktop/main/index.js). */
import { app } from 'electron';
import { runDesktopApp, builtPaths } from './app';
import { loadConfig } from './config';

runDesktopApp(
  loadConfig({
    // A packaged app never follows the variable: it would let the environment choose the pages.
    devServerUrl: app.isPackaged ? undefined : process.env.VITE_DEV_SERVER_URL,
    apiOrigin: import.meta.env.VITE_API_ORIGIN,
    updateFeedUrl: import.meta.env.SPAR_UPDATE_URL,
  }),
  builtPaths(import.meta.url),
);

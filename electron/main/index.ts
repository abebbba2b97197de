/** Entry of the desktop app's main process (built to dist/desktop/main/index.js). */
import { runDesktopApp, builtPaths } from './app';
import { loadConfig } from './config';

runDesktopApp(
  loadConfig({ devServerUrl: process.env.VITE_DEV_SERVER_URL, apiOrigin: import.meta.env.VITE_API_ORIGIN }),
  builtPaths(import.meta.url),
);

/**
 * Where the desktop app loads its pages from and which host it talks to. Packaged, the renderer
 * is served from the privileged `app://spar/` scheme and calls the production host baked in at
 * build time (VITE_API_ORIGIN); in `npm run dev:desktop` both are the Vite dev server, which
 * proxies /api and /ws. See docs/desktop.md, "Origins".
 */
import { parseFeedUrl } from './updater';

/** The same id as `appId` in electron-builder.yml (Windows ties notifications to it). */
export const APP_ID = 'game.spar.app';
export const APP_SCHEME = 'app';
export const APP_HOST = 'spar';
export const AUDIO_SCHEME = 'spar-audio';
export const AUDIO_HOST = 'cache';
export const DEEP_LINK_SCHEME = 'spar';
export const DEFAULT_API_ORIGIN = 'https://play.spar.game';

export interface DesktopConfig {
  /** The origin the window's pages come from: `app://spar` or the dev server's. */
  productOrigin: string;
  /** The first page to load. */
  startUrl: string;
  /** The host API paths go to (https, or the dev server in development). */
  apiOrigin: string;
  dev: boolean;
  /** The update feed (generic provider) baked into the build from SPAR_UPDATE_URL; '' for none. */
  updateFeedUrl: string;
}

/** The origin of an http(s) URL, or an error naming the variable that held it. */
function httpOrigin(value: string, name: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  return url.origin;
}

export function loadConfig(env: {
  devServerUrl?: string;
  apiOrigin?: string;
  updateFeedUrl?: string;
}): DesktopConfig {
  const updateFeedUrl = parseFeedUrl(env.updateFeedUrl);
  if (env.devServerUrl) {
    const origin = httpOrigin(env.devServerUrl, 'VITE_DEV_SERVER_URL');
    return {
      productOrigin: origin,
      startUrl: `${origin}/`,
      apiOrigin: env.apiOrigin ? httpOrigin(env.apiOrigin, 'VITE_API_ORIGIN') : origin,
      dev: true,
      updateFeedUrl,
    };
  }
  const productOrigin = `${APP_SCHEME}://${APP_HOST}`;
  return {
    productOrigin,
    startUrl: `${productOrigin}/`,
    apiOrigin: httpOrigin(env.apiOrigin || DEFAULT_API_ORIGIN, 'VITE_API_ORIGIN'),
    dev: false,
    updateFeedUrl,
  };
}

/** True when `url` parses and belongs to `origin` exactly (scheme, host and port). */
export function hasOrigin(url: string, origin: string): boolean {
  try {
    const parsed = new URL(url);
    // Custom schemes registered as standard report their origin like http does.
    return parsed.origin === origin || `${parsed.protocol}//${parsed.host}` === origin;
  } catch {
    return false;
  }
}

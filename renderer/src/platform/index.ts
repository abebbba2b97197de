/**
 * What differs between the web, Electron and Capacitor builds, behind one interface. The web
 * build is the default; the native shells set VITE_NATIVE=capacitor|electron at build time.
 */
export interface Platform {
  kind: 'web' | 'electron' | 'capacitor';
  isNative: boolean;
  /** Production host that native builds send API paths to (VITE_API_ORIGIN). */
  apiOrigin: string;
  /** Status-bar height on native, or null where there is none to report. */
  statusBarHeight(): number | null;
  /**
   * Opens a third-party sign-in page: a 500×600 popup on web (returns it, or null when blocked),
   * the system browser on native (returns null). The page comes back to `/oauth-redirect`; on
   * native that page hands over to the app through a `spar://oauth-redirect?…` deep link, which
   * the platform turns into an in-app navigation to the same route (see `onNavigate`).
   */
  openSignInPage(url: string): Window | null;
  /**
   * In-app routes the shell asks for: deep links (`spar://<route>`), notification clicks, the
   * desktop menu. Returns an unsubscribe. The web has none.
   */
  onNavigate(listener: (route: string) => void): () => void;
}

/** The web popup for third-party sign-in: 500×600, centred over the window. */
export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;

function openPopup(url: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - SIGN_IN_POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - SIGN_IN_POPUP.height) / 2));
  return window.open(
    url,
    'spar-sign-in',
    `popup,width=${SIGN_IN_POPUP.width},height=${SIGN_IN_POPUP.height},left=${left},top=${top}`,
  );
}

const kind = (import.meta.env.VITE_NATIVE as Platform['kind'] | undefined) ?? 'web';

export const platform: Platform = {
  kind,
  isNative: kind !== 'web',
  apiOrigin: ((import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '').replace(/\/+$/, ''),
  statusBarHeight: () => null,
  openSignInPage: openPopup,
  onNavigate: () => () => undefined,
};

/** Relative on web; on native a path with one leading slash goes to the production host. */
export function resolveUrl(path: string, target: Platform = platform): string {
  if (target.isNative && path.startsWith('/') && !path.startsWith('//')) return target.apiOrigin + path;
  return path;
}

/** The WebSocket URL for /ws: same host (wss under https) on web, the production host on native. */
export function socketUrl(
  target: Platform = platform,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  if (target.isNative && target.apiOrigin) return `${target.apiOrigin.replace(/^http/, 'ws')}/ws`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

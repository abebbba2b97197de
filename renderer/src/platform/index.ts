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
}

const kind = (import.meta.env.VITE_NATIVE as Platform['kind'] | undefined) ?? 'web';

export const platform: Platform = {
  kind,
  isNative: kind !== 'web',
  apiOrigin: ((import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '').replace(/\/+$/, ''),
  statusBarHeight: () => null,
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

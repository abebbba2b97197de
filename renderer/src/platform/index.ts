import { DESKTOP_BRIDGE_KEY, type DesktopBridge } from '@shared/desktop-bridge';
import { createElectronPlatform } from './electron';
import type { Platform } from './types';
import { createWebPlatform, resolveWith } from './web';

export { SIGN_IN_POPUP } from './types';
export type {
  AppUpdates,
  NativeNotification,
  Platform,
  PushDevice,
  TokenStorage,
  UpdateChannel,
} from './types';

/** The production host native builds call (VITE_API_ORIGIN; scripts/build-mobile.mjs sets a default). */
const apiOrigin = ((import.meta.env.VITE_API_ORIGIN as string | undefined) ?? '').replace(/\/+$/, '');

function desktopBridge(): DesktopBridge | null {
  if (typeof window === 'undefined') return null;
  const bridge = (window as unknown as Record<string, unknown>)[DESKTOP_BRIDGE_KEY];
  return bridge && typeof bridge === 'object' ? (bridge as DesktopBridge) : null;
}

/**
 * Which shell this is, decided once: Electron when the preload put its bridge on `window`,
 * Capacitor in the VITE_NATIVE=capacitor build, the browser otherwise. See docs/mobile.md.
 */
const bridge = desktopBridge();
const desktop = bridge ? createElectronPlatform(bridge, apiOrigin) : null;
const mobile = !desktop && import.meta.env.VITE_NATIVE === 'capacitor';

/**
 * The app's one platform. Its kind is known as the page loads; the Capacitor implementation arrives
 * with `initPlatform()`, which `main.tsx` awaits before the first render (until then it behaves as
 * the browser, with the native kind and flags already set).
 */
export const platform: Platform = desktop
  ? desktop.platform
  : mobile
    ? { ...createWebPlatform(apiOrigin), kind: 'capacitor', isNative: true, hasStatusBar: true }
    : createWebPlatform(apiOrigin);

let ready: Promise<void> | null = null;

/** Loads what the platform needs before the app renders; safe to call more than once. */
export function initPlatform(): Promise<void> {
  ready ??= (async () => {
    if (desktop) await desktop.init();
    else if (mobile) {
      const { createCapacitorPlatform } = await import('./capacitor');
      Object.assign(platform, await createCapacitorPlatform(apiOrigin));
    }
  })();
  return ready;
}

/** Relative on web; on native a path with one leading slash goes to the production host. */
export function resolveUrl(path: string, target: Platform = platform): string {
  return resolveWith(target.apiOrigin, target.isNative, path);
}

/** The WebSocket URL for /ws: same host (wss under https) on web, the production host on native. */
export function socketUrl(
  target: Platform = platform,
  location: Pick<Location, 'protocol' | 'host'> = window.location,
): string {
  if (target.isNative && target.apiOrigin) return `${target.apiOrigin.replace(/^http/, 'ws')}/ws`;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

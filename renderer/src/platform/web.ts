import { SIGN_IN_POPUP, type Platform } from './types';

/** The third-party sign-in popup: 500×600, centred over the window. */
export function openPopup(url: string): Window | null {
  const left = Math.max(0, Math.round(window.screenX + (window.outerWidth - SIGN_IN_POPUP.width) / 2));
  const top = Math.max(0, Math.round(window.screenY + (window.outerHeight - SIGN_IN_POPUP.height) / 2));
  return window.open(
    url,
    'spar-sign-in',
    `popup,width=${SIGN_IN_POPUP.width},height=${SIGN_IN_POPUP.height},left=${left},top=${top}`,
  );
}

/** Prefixes manifest paths with the production host on native builds; relative on web. */
export function resolveWith(apiOrigin: string, isNative: boolean, path: string): string {
  if (isNative && path.startsWith('/') && !path.startsWith('//')) return apiOrigin + path;
  return path;
}

/**
 * The browser: the session in localStorage, no native notifications or push (the page's own
 * dialogs and toasts tell the player), the page's visibility drives the music (lib/audio).
 */
export function createWebPlatform(apiOrigin: string): Platform {
  return {
    kind: 'web',
    isNative: false,
    apiOrigin,
    updateChannel: null,
    hasStatusBar: false,
    statusBarHeight: () => null,
    tokenStorage: null,
    notify: async () => false,
    onNavigate: () => () => undefined,
    openSignInPage: openPopup,
    openExternal: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
    soundSource: (path) => path,
    onAppStateChange: () => () => undefined,
    onResume: () => () => undefined,
    pushDevice: async () => null,
    onPushTokenChange: () => () => {},
    appUpdates: null,
  };
}

import { FirebaseMessaging } from '@capacitor-firebase/messaging';
import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { Capacitor } from '@capacitor/core';
import { Preferences } from '@capacitor/preferences';
import { StatusBar } from '@capacitor/status-bar';
import { SecureStoragePlugin } from 'capacitor-secure-storage-plugin';
import { backButtonAction, closeTopDialog, dialogOpen } from './back-button';
import { deepLinkRoute } from './deep-links';
import { secureTokenStorage, type KeyValueStore } from './secure-token';
import type { Platform, PushDevice } from './types';

/**
 * The mobile app (Capacitor 8). This module is loaded by a dynamic import only in the
 * VITE_NATIVE=capacitor build, so the web bundle carries none of the plugins. Every plugin is used
 * here and nowhere else in the renderer. See docs/mobile.md.
 */

export { TOKEN_KEY } from './secure-token';
/** How long Firebase gets to hand over the FCM token before the attempt counts as failed. */
export const PUSH_REGISTRATION_TIMEOUT_MS = 10_000;

const DEVICE_NAMES = { ios: 'iPhone or iPad', android: 'Android device' } as const;

function pushPlatform(): 'ios' | 'android' | null {
  const os = Capacitor.getPlatform();
  if (os !== 'ios' && os !== 'android') return null;
  // Only where the build found Firebase's config file (scripts/build-mobile.mjs): without it the
  // plugin can only refuse, and the app would retry for nothing.
  const built = String(import.meta.env.VITE_PUSH_PLATFORMS ?? '').split(',');
  return built.includes(os) ? os : null;
}

/** One registration: the permission, then Firebase's FCM token (the kind the server sends to). */
async function registerForPush(os: 'ios' | 'android'): Promise<PushDevice | null> {
  let permission = await FirebaseMessaging.checkPermissions();
  if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale')
    permission = await FirebaseMessaging.requestPermissions();
  // A player who said no is not asked again and not retried: that is an answer, not a failure.
  if (permission.receive !== 'granted') return null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const { token } = await Promise.race([
      FirebaseMessaging.getToken(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error('Push registration timed out')),
          PUSH_REGISTRATION_TIMEOUT_MS,
        );
      }),
    ]);
    if (!token) throw new Error('Firebase answered without a token');
    return { token, platform: os, deviceName: DEVICE_NAMES[os] };
  } finally {
    clearTimeout(timer);
  }
}

const MISSING = /does not exist/i;

/** Capacitor Preferences, where releases before 1.4.0 kept the token in plain text. */
const preferencesStore: KeyValueStore = {
  get: async (key) => (await Preferences.get({ key })).value,
  set: (key, value) => Preferences.set({ key, value }),
  remove: (key) => Preferences.remove({ key }),
};

/** The iOS Keychain / Android Keystore; the plugin rejects a missing key, which here is null. */
const secureStore: KeyValueStore = {
  async get(key) {
    try {
      return (await SecureStoragePlugin.get({ key })).value;
    } catch (error) {
      if (error instanceof Error && MISSING.test(error.message)) return null;
      throw error;
    }
  },
  async set(key, value) {
    await SecureStoragePlugin.set({ key, value });
  },
  async remove(key) {
    try {
      await SecureStoragePlugin.remove({ key });
    } catch (error) {
      if (!(error instanceof Error && MISSING.test(error.message))) throw error;
    }
  },
};

/** The store this phone updates the app from; null on an OS with no store build (a browser preview). */
function updateChannel(): 'android' | 'ios' | null {
  const os = Capacitor.getPlatform();
  return os === 'android' || os === 'ios' ? os : null;
}

export async function createCapacitorPlatform(apiOrigin: string): Promise<Platform> {
  let barHeight: number | null = null;
  try {
    const { height } = await StatusBar.getInfo();
    barHeight = Number.isFinite(height) && height >= 0 ? height : null;
  } catch {
    // Not reported (an older OS): the page header falls back to 50 px.
  }

  const navigateListeners = new Set<(route: string) => void>();
  // A link that opened the app arrives before the router listens: it waits for the first listener.
  let pending: string | null = null;
  const deliver = (link: string) => {
    const route = deepLinkRoute(link, apiOrigin);
    if (!route) return;
    // The sign-in page came back: the system browser's sheet has done its job (iOS; Android has none).
    if (route.startsWith('/oauth-redirect')) void Browser.close().catch(() => undefined);
    if (navigateListeners.size === 0) pending = route;
    for (const listener of navigateListeners) listener(route);
  };
  await App.addListener('appUrlOpen', ({ url }) => deliver(url));
  try {
    const launch = await App.getLaunchUrl();
    if (launch?.url) deliver(launch.url);
  } catch {
    // No launch address: the app was opened from its icon.
  }

  const stateListeners = new Set<(active: boolean) => void>();
  await App.addListener('appStateChange', ({ isActive }) => {
    for (const listener of stateListeners) listener(isActive);
  });

  const resumeListeners = new Set<() => void>();
  await App.addListener('resume', () => {
    for (const listener of resumeListeners) listener();
  });

  // Android's back button (iOS has none): docs/mobile.md, "Back button".
  await App.addListener('backButton', ({ canGoBack }) => {
    const action = backButtonAction({ dialogOpen: dialogOpen(document), canGoBack });
    if (action === 'close-dialog') closeTopDialog(window);
    else if (action === 'back') window.history.back();
    else void App.minimizeApp().catch(() => undefined);
  });

  const openInBrowser = (url: string) => void Browser.open({ url }).catch(() => undefined);

  return {
    kind: 'capacitor',
    isNative: true,
    apiOrigin,
    updateChannel: updateChannel(),
    hasStatusBar: true,
    statusBarHeight: () => barHeight,
    tokenStorage: secureTokenStorage(preferencesStore, secureStore),
    // Away from the app the server's push notifications reach the player (docs/mobile.md).
    notify: async () => false,
    onNavigate(listener) {
      navigateListeners.add(listener);
      if (pending !== null) {
        const route = pending;
        pending = null;
        listener(route);
      }
      return () => navigateListeners.delete(listener);
    },
    openSignInPage(url) {
      openInBrowser(url);
      return null;
    },
    openExternal: openInBrowser,
    // The build packs the generated sounds into the app (dist/mobile/sounds): they play offline.
    soundSource: (path) => path,
    onAppStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onResume(listener) {
      resumeListeners.add(listener);
      return () => resumeListeners.delete(listener);
    },
    async pushDevice() {
      const os = pushPlatform();
      return os ? registerForPush(os) : null;
    },
    onPushTokenChange(listener) {
      const os = pushPlatform();
      if (!os) return () => {};
      const handle = FirebaseMessaging.addListener('tokenReceived', ({ token }) => {
        if (token) listener({ token, platform: os, deviceName: DEVICE_NAMES[os] });
      });
      return () => void handle.then((h) => h.remove()).catch(() => undefined);
    },
    // The app stores update the phone app.
    appUpdates: null,
  };
}

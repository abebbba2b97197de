import { App } from '@capacitor/app';
import { Browser } from '@capacitor/browser';
import { Capacitor } from '@capacitor/core';
import { Preferences } from '@capacitor/preferences';
import { PushNotifications } from '@capacitor/push-notifications';
import { StatusBar } from '@capacitor/status-bar';
import { deepLinkRoute } from './deep-links';
import type { Platform, PushDevice } from './types';

/**
 * The mobile app (Capacitor 7). This module is loaded by a dynamic import only in the
 * VITE_NATIVE=capacitor build, so the web bundle carries none of the plugins. Every plugin is used
 * here and nowhere else in the renderer. See docs/mobile.md.
 */

/** Preferences key of the session token: the spec's local settings key. */
export const TOKEN_KEY = 'token';
/** How long the OS gets to answer a push registration before the attempt counts as failed. */
export const PUSH_REGISTRATION_TIMEOUT_MS = 10_000;

const DEVICE_NAMES = { ios: 'iPhone or iPad', android: 'Android device' } as const;

function pushPlatform(): 'ios' | 'android' | null {
  const os = Capacitor.getPlatform();
  // Without Firebase's google-services.json the Android plugin's register() crashes the app instead
  // of failing (ionic-team/capacitor-plugins#2370): build:mobile sets VITE_ANDROID_PUSH only when
  // the file is there. iOS without push set up answers with a registration error, retried as usual.
  if (os === 'android') return import.meta.env.VITE_ANDROID_PUSH === '1' ? 'android' : null;
  return os === 'ios' ? os : null;
}

/** One registration with the OS: resolves with the token or rejects with its error. */
async function registerForPush(os: 'ios' | 'android'): Promise<PushDevice | null> {
  let permission = await PushNotifications.checkPermissions();
  if (permission.receive === 'prompt' || permission.receive === 'prompt-with-rationale')
    permission = await PushNotifications.requestPermissions();
  // A player who said no is not asked again and not retried: that is an answer, not a failure.
  if (permission.receive !== 'granted') return null;
  const handles: { remove(): Promise<void> }[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await new Promise<PushDevice>((resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error('Push registration timed out')),
        PUSH_REGISTRATION_TIMEOUT_MS,
      );
      void Promise.all([
        PushNotifications.addListener('registration', ({ value }) =>
          resolve({ token: value, platform: os, deviceName: DEVICE_NAMES[os] }),
        ),
        PushNotifications.addListener('registrationError', ({ error }) => reject(new Error(error))),
      ])
        .then((added) => {
          handles.push(...added);
          return PushNotifications.register();
        })
        .catch(reject);
    });
  } finally {
    clearTimeout(timer);
    await Promise.all(handles.map((handle) => handle.remove().catch(() => undefined)));
  }
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

  const openInBrowser = (url: string) => void Browser.open({ url }).catch(() => undefined);

  return {
    kind: 'capacitor',
    isNative: true,
    apiOrigin,
    hasStatusBar: true,
    statusBarHeight: () => barHeight,
    tokenStorage: {
      get: async () => (await Preferences.get({ key: TOKEN_KEY })).value,
      set: (token) => Preferences.set({ key: TOKEN_KEY, value: token }),
      clear: () => Preferences.remove({ key: TOKEN_KEY }),
    },
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
    // The app stores update the phone app.
    appUpdates: null,
  };
}

import type { CachedAudioFile, DesktopBridge } from '@shared/desktop-bridge';
import { appRoute } from './deep-links';
import type { Platform } from './types';
import { resolveWith } from './web';

/** Where the server lists the sounds the desktop app keeps offline (the audio manifest, docs/mobile.md). */
export const AUDIO_MANIFEST_PATH = '/sounds/manifest.json';

/**
 * The desktop app: every capability goes through the preload's typed bridge (`window.sparDesktop`,
 * shared/desktop-bridge.ts). Sounds play from the offline cache once the bridge has them; until
 * then, and for files the manifest does not list, from the server. See docs/mobile.md.
 */
export function createElectronPlatform(bridge: DesktopBridge, apiOrigin: string) {
  const cached = new Map<string, string>();
  const remember = (files: readonly CachedAudioFile[]) => {
    for (const file of files) if (file.isDownloaded && file.localPath) cached.set(file.url, file.localPath);
  };
  const platform: Platform = {
    kind: 'electron',
    isNative: true,
    apiOrigin,
    updateChannel: 'desktop',
    hasStatusBar: false,
    statusBarHeight: () => null,
    tokenStorage: bridge.token,
    notify: (notification) => bridge.notify(notification).catch(() => false),
    onNavigate: (listener) =>
      bridge.onNavigate((route) => {
        const safe = typeof route === 'string' ? appRoute(route) : null;
        if (safe) listener(safe);
      }),
    openSignInPage: (url) => {
      void bridge.openExternal(url).catch(() => undefined);
      return null;
    },
    openExternal: (url) => void bridge.openExternal(url).catch(() => undefined),
    soundSource: (path) => cached.get(path) ?? resolveWith(apiOrigin, true, path),
    onAppStateChange: () => () => undefined,
    onResume: (listener) => bridge.onResume(() => listener()),
    pushDevice: async () => null,
    onPushTokenChange: () => () => {},
    appUpdates: bridge.updates,
  };
  return {
    platform,
    /**
     * Reads what the cache already holds, then starts (or resumes) the download in the background;
     * a failure leaves the sounds playing from the server.
     */
    async init(): Promise<void> {
      try {
        remember((await bridge.audio.status()).files);
      } catch {
        return;
      }
      void bridge.audio
        .sync(resolveWith(apiOrigin, true, AUDIO_MANIFEST_PATH))
        .then((status) => remember(status.files))
        .catch(() => undefined);
    },
  };
}

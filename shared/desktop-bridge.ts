/**
 * The desktop app's bridge: exactly what the Electron preload exposes to the renderer as
 * `window.sparDesktop`. There is no generic `invoke(channel)`: each capability is a named function
 * whose arguments the main process validates and whose sender origin it checks.
 * See docs/desktop.md, "Bridge".
 */

/** The native notifications the desktop app raises while its window is not focused. */
export type DesktopNotificationKind = 'match-found' | 'game-invitation' | 'message';

export interface DesktopNotification {
  kind: DesktopNotificationKind;
  title: string;
  body: string;
  /** The in-app route opened when the player clicks the notification, e.g. `/game/12`. */
  route: string;
}

/** One sound of the offline cache, as the main process reports it. */
export interface CachedAudioFile {
  key: string;
  /** The manifest's URL of the file (relative to the product host). */
  url: string;
  isDownloaded: boolean;
  /** A URL the renderer can play (the cache's custom protocol), or null until downloaded. */
  localPath: string | null;
}

export interface AudioCacheStatus {
  files: CachedAudioFile[];
  downloading: boolean;
}

export interface DesktopBridge {
  readonly version: 1;
  /** Secure token storage: encrypted with the OS keychain (safeStorage), kept in electron-store. */
  token: {
    get(): Promise<string | null>;
    set(token: string): Promise<void>;
    clear(): Promise<void>;
  };
  /** Shows a native notification (5000 ms) when the window is not focused; false when not shown. */
  notify(notification: DesktopNotification): Promise<boolean>;
  /** Routes opened from notifications, the menu or `spar://` deep links. Returns an unsubscribe. */
  onNavigate(listener: (route: string) => void): () => void;
  /**
   * The computer woke from sleep (Electron's `powerMonitor` `resume`): the socket tries to
   * reconnect at once. Returns an unsubscribe.
   */
  onResume(listener: () => void): () => void;
  /** The offline audio cache (manifest version 1, downloads 3 at a time into the `audio` folder). */
  audio: {
    /** Starts (or resumes) downloading the manifest's files; resolves with the cache's state. */
    sync(manifestUrl: string): Promise<AudioCacheStatus>;
    status(): Promise<AudioCacheStatus>;
  };
  /** Opens an http(s) URL in the system browser (third-party sign-in, external links). */
  openExternal(url: string): Promise<void>;
}

/** Where the preload puts the bridge on `window`. */
export const DESKTOP_BRIDGE_KEY = 'sparDesktop';

/** A native notification closes after this long. */
export const DESKTOP_NOTIFICATION_TIMEOUT_MS = 5000;
/** The offline audio cache downloads this many files at a time, into this folder of the app's data. */
export const AUDIO_DOWNLOAD_CONCURRENCY = 3;
export const AUDIO_CACHE_FOLDER = 'audio';
/** The audio manifest version the cache reads. */
export const AUDIO_MANIFEST_VERSION = 1;

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

/**
 * What the desktop app's updater is doing (electron/main/updater.ts; docs/desktop.md, "Updates").
 * `disabled`: development, an unpackaged app or a build without a feed URL: it never checks.
 * `idle`: up to date as of the last check (or not checked yet). `available` is brief: the download
 * starts at once. `error` is the last check or download failing; the next check tries again.
 */
export type DesktopUpdateStatus =
  'disabled' | 'idle' | 'checking' | 'available' | 'downloading' | 'downloaded' | 'error';

export interface DesktopUpdateState {
  status: DesktopUpdateStatus;
  /** The running app's version (package.json's at packaging). */
  currentVersion: string;
  /** The feed's newer version, once one is known (from `available` on). */
  version: string | null;
  /** Download progress, 0–100, while `downloading` (100 once `downloaded`). */
  percent: number | null;
  /** Why the updater is off (`disabled`) or what failed (`error`), in one short line. */
  message: string | null;
  /**
   * The server asks for a newer client than this one (`setMinimumVersion` above
   * `currentVersion`): the prompt to update may not be put off.
   */
  required: boolean;
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
  /**
   * The app's own updates (electron-updater, from the feed baked into the build). The app checks
   * on start and every few hours and downloads a newer version by itself; the page shows progress
   * and offers `install()` ("Restart to update") once it is downloaded.
   */
  updates: {
    status(): Promise<DesktopUpdateState>;
    /** Every change of state. Returns an unsubscribe. */
    onChange(listener: (state: DesktopUpdateState) => void): () => void;
    /** Checks the feed now (a running check or download is joined); resolves with the state. */
    check(): Promise<DesktopUpdateState>;
    /**
     * The oldest version the server accepts (MIN_CLIENT_VERSION, x.y.z). Above the running version
     * it makes the update `required` and checks at once; resolves with the state.
     */
    setMinimumVersion(version: string): Promise<DesktopUpdateState>;
    /** Quits, installs the downloaded update and starts the new version; rejects unless `downloaded`. */
    install(): Promise<void>;
  };
}

/** Where the preload puts the bridge on `window`. */
export const DESKTOP_BRIDGE_KEY = 'sparDesktop';

/** A native notification closes after this long. */
export const DESKTOP_NOTIFICATION_TIMEOUT_MS = 5000;
/** The offline audio cache downloads this many files at a time, into this folder of the app's data. */
export const AUDIO_DOWNLOAD_CONCURRENCY = 3;
export const AUDIO_CACHE_FOLDER = 'audio';
/** The desktop app checks its update feed on start and then this often (4 hours). */
export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;
/** A version as the updater and MIN_CLIENT_VERSION write it: x.y.z, with an optional pre-release. */
export const APP_VERSION_PATTERN = /^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,64})?$/;
/** The audio manifest version the cache reads. */
export const AUDIO_MANIFEST_VERSION = 1;

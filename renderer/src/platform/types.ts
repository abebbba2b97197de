import type { DesktopBridge, DesktopNotification } from '@shared/desktop-bridge';
import type { DEVICE_PLATFORMS } from '@shared/protocol';

/** Where a desktop or mobile app gets a newer release: a key of the server's `updateUrls`. */
export type UpdateChannel = 'desktop' | 'android' | 'ios';

/** A native notification: what the desktop bridge shows (title, body and the route a click opens). */
export type NativeNotification = DesktopNotification;

/** Where a native shell keeps the session token (the OS keychain; the phone's Keychain / Keystore). */
export interface TokenStorage {
  get(): Promise<string | null>;
  set(token: string): Promise<void>;
  clear(): Promise<void>;
}

/**
 * The desktop app's own updates (the bridge's `updates`, docs/desktop.md, "Updates"): state,
 * changes, a check, the server's minimum version and "Restart to update".
 */
export type AppUpdates = DesktopBridge['updates'];

/** This device's push token, as `POST /api/device-tokens` takes it. */
export interface PushDevice {
  token: string;
  platform: (typeof DEVICE_PLATFORMS)[number];
  deviceName: string;
}

/**
 * What differs between the web, Electron and Capacitor builds, behind one interface; chosen once at
 * start-up (see docs/mobile.md, "The platform adapter"). Nothing else in the renderer asks which
 * platform it runs on: it asks the adapter for the capability instead.
 */
export interface Platform {
  kind: 'web' | 'electron' | 'capacitor';
  isNative: boolean;
  /** Production host that native builds send API paths to (VITE_API_ORIGIN); '' to stay relative. */
  apiOrigin: string;
  /**
   * Which of the server's update addresses this app is updated from when the server's minimum
   * client version is above it (docs/protocol.md, "Minimum client version"): the desktop download
   * page, the Play Store or the App Store. Null on the web, which the server serves and is
   * therefore always current.
   */
  updateChannel: UpdateChannel | null;
  /** Whether the app draws under a phone's status bar (the page header pads for it). */
  hasStatusBar: boolean;
  /** Status-bar height in px where the shell reports one, else null. */
  statusBarHeight(): number | null;
  /**
   * The shell's own token storage, or null on the web, where the session stays in localStorage
   * under `token` (lib/storage.ts).
   */
  tokenStorage: TokenStorage | null;
  /** Raises a native notification; false when this platform has none or did not show it. */
  notify(notification: NativeNotification): Promise<boolean>;
  /**
   * In-app routes the shell asks for: deep links (`spar://<route>`, the product host's
   * `/oauth-redirect`), notification clicks, the desktop menu. Returns an unsubscribe.
   */
  onNavigate(listener: (route: string) => void): () => void;
  /**
   * Opens a third-party sign-in page: a 500×600 popup on web (returns it, or null when blocked),
   * the system browser on native (returns null). The page comes back to `/oauth-redirect`; on
   * native that page hands over to the app through a deep link, which `onNavigate` delivers.
   */
  openSignInPage(url: string): Window | null;
  /** Opens an http(s) address outside the app (a new tab on web, the system browser on native). */
  openExternal(url: string): void;
  /** The address a sound file (a manifest path like `/sounds/ui/click.mp3`) plays from. */
  soundSource(path: string): string;
  /** Foreground (true) and background (false) changes of a mobile app. Returns an unsubscribe. */
  onAppStateChange(listener: (active: boolean) => void): () => void;
  /**
   * The app came back from being suspended: a phone app resumed (Capacitor `App` `resume`), the
   * computer woke from sleep (Electron `powerMonitor` `resume`). On the web the page's visibility
   * says as much, so this never fires there. Returns an unsubscribe.
   */
  onResume(listener: () => void): () => void;
  /** Asks the OS for this device's push token; null where this platform has no push. */
  pushDevice(): Promise<PushDevice | null>;
  /**
   * Calls `listener` with the device's new push token whenever the push service replaces it (FCM
   * rotates tokens); never where this platform has no push. Returns an unsubscribe.
   */
  onPushTokenChange(listener: (device: PushDevice) => void): () => void;
  /**
   * The app's own updater where the shell has one (the desktop app); null on the web (the service
   * worker updates it, lib/pwa) and on phones (the stores do).
   */
  appUpdates: AppUpdates | null;
}

/** The web popup for third-party sign-in: 500×600, centred over the window. */
export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;

/**
 * The desktop app's main process, wired from the small modules beside this file: one window, one
 * instance, `spar://` deep links, the menu, the privileged schemes, the session's hardening and
 * the bridge's IPC handlers. See docs/desktop.md.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  net,
  Notification,
  powerMonitor,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
} from 'electron';
import Store from 'electron-store';
import { autoUpdater } from 'electron-updater';
import { AUDIO_CACHE_FOLDER } from '@shared/desktop-bridge';
import { IPC } from '../ipc-channels';
import { AudioCache } from './audio-cache';
import type { DesktopConfig } from './config';
import { APP_ID, DEEP_LINK_SCHEME } from './config';
import { contentSecurityPolicy } from './csp';
import { registerIpc } from './ipc';
import type { KeyValueStore } from './kv-store';
import { menuTemplate } from './menu';
import { guardNavigation } from './navigation';
import { createNotifier } from './notifications';
import { PRIVILEGED_SCHEMES, registerAppProtocol, registerAudioProtocol } from './protocols';
import { deepLinkFromArgv, routeFromDeepLink } from './routes';
import { hardenSession } from './session';
import { TokenStore } from './token-store';
import { UpdateController, updaterDisabledReason } from './updater';
import { restoreBounds, saveWindowState } from './window-state';
import { windowOptions } from './window-options';

export interface DesktopPaths {
  /** The built preload (CommonJS). */
  preload: string;
  /** The built renderer served at app://spar/. */
  renderer: string;
}

/** The built layout: dist/desktop/{main,preload,renderer}. */
export function builtPaths(mainUrl: string): DesktopPaths {
  const here = path.dirname(fileURLToPath(mainUrl));
  return { preload: path.join(here, '../preload/index.cjs'), renderer: path.join(here, '../renderer') };
}

function openExternal(url: string): Promise<void> {
  const { protocol: scheme } = new URL(url);
  if (scheme !== 'https:' && scheme !== 'http:')
    return Promise.reject(new Error('only http(s) links open outside'));
  return shell.openExternal(url);
}

/** Returns false when another instance already runs (it gets our deep link instead). */
export function runDesktopApp(config: DesktopConfig, paths: DesktopPaths): boolean {
  // Before ready: only now can schemes get a real origin, fetch and streaming.
  protocol.registerSchemesAsPrivileged(PRIVILEGED_SCHEMES);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  // Started by `electron .` in development the OS must relaunch us with the app's path too.
  if (process.defaultApp && process.argv[1])
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME, process.execPath, [path.resolve(process.argv[1])]);
  else app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

  // Windows shows notifications only for an app with an AppUserModelID (the installer's app id).
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
  const csp = contentSecurityPolicy(config);
  let win: BrowserWindow | null = null;
  // A deep link that launched the app becomes the first page instead of a later navigation.
  let firstRoute = deepLinkFromArgv(process.argv) ?? '/';

  function focus(window: BrowserWindow): void {
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  function navigate(route: string): void {
    if (!win) {
      firstRoute = route;
      if (app.isReady()) createWindow();
      return;
    }
    focus(win);
    const contents = win.webContents;
    if (contents.isLoading()) contents.once('did-finish-load', () => contents.send(IPC.navigate, route));
    else contents.send(IPC.navigate, route);
  }

  const windowStore = new Store({ name: 'window-state' }) as unknown as KeyValueStore;

  function createWindow(): void {
    const displays = screen.getAllDisplays().map((display) => display.workArea);
    const { bounds, maximized } = restoreBounds(windowStore, displays);
    const window = new BrowserWindow(windowOptions(paths.preload, bounds));
    win = window;
    if (maximized) window.maximize();
    window.once('ready-to-show', () => window.show());
    window.on('close', () => saveWindowState(windowStore, window.getNormalBounds(), window.isMaximized()));
    window.on('closed', () => {
      if (win === window) win = null;
    });
    void window.loadURL(new URL(firstRoute, config.startUrl).href);
    firstRoute = '/';
  }

  app.on('second-instance', (_event, argv) => {
    const route = deepLinkFromArgv(argv);
    if (route) navigate(route);
    else if (win) focus(win);
  });
  // macOS delivers deep links as an event, also at launch (before ready).
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const route = routeFromDeepLink(url);
    if (route) navigate(route);
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    guardNavigation(contents, config.productOrigin, (url) => void openExternal(url));
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (!win && app.isReady()) createWindow();
  });

  void app.whenReady().then(() => {
    hardenSession(session.defaultSession, csp);
    const audioDir = path.join(app.getPath('userData'), AUDIO_CACHE_FOLDER);
    if (!config.dev) registerAppProtocol(protocol, net, paths.renderer, csp);
    registerAudioProtocol(protocol, net, audioDir);

    const audio = new AudioCache({
      dir: audioDir,
      apiOrigin: config.apiOrigin,
      allowedOrigins: config.dev ? [config.apiOrigin, config.productOrigin] : [config.apiOrigin],
      fetch: (url) => net.fetch(url),
    });
    const tokens = new TokenStore(new Store({ name: 'session' }) as unknown as KeyValueStore, safeStorage);
    // Updates (docs/desktop.md, "Updates"): only a packaged release build with a feed checks.
    const disabledReason = updaterDisabledReason({
      dev: config.dev,
      isPackaged: app.isPackaged,
      feedUrl: config.updateFeedUrl,
    });
    const updater = disabledReason ? null : autoUpdater;
    // The baked feed; app-update.yml beside the app still gives the Windows publisher to verify.
    // One byte range per request: the Spar server's feed answers no multipart ranges.
    updater?.setFeedURL({ provider: 'generic', url: config.updateFeedUrl, useMultipleRangeRequest: false });
    const updates = new UpdateController({
      updater,
      currentVersion: app.getVersion(),
      disabledReason: disabledReason ?? undefined,
      publish: (state) => win?.webContents.send(IPC.updateState, state),
      setInterval: (run, ms) => setInterval(run, ms),
      clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
    });
    registerIpc(ipcMain, config.productOrigin, {
      token: tokens,
      notify: createNotifier({
        isSupported: () => Notification.isSupported(),
        create: (options) => new Notification(options),
        isWindowFocused: () => win?.isFocused() ?? false,
        openRoute: navigate,
        setTimeout: (run, ms) => setTimeout(run, ms),
        clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      }),
      audio,
      openExternal,
      updates,
    });
    Menu.setApplicationMenu(
      Menu.buildFromTemplate(
        menuTemplate({ isMac: process.platform === 'darwin', dev: config.dev, navigate }),
      ),
    );
    // After sleep the socket is dead or dying: the page reconnects at once rather than on its timer.
    powerMonitor.on('resume', () => win?.webContents.send(IPC.resume));
    createWindow();
    updates.start();
  });
  return true;
}

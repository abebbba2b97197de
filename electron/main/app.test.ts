import { EventEmitter } from 'node:events';
import type { EventEmitter as EmitterClass } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC } from '../ipc-channels';

/** A fake of the electron module: enough of app, BrowserWindow and friends to run the wiring. */
const fake = vi.hoisted(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EventEmitter: Emitter } = require('node:events') as { EventEmitter: typeof EmitterClass };
  class FakeWebContents extends Emitter {
    send = vi.fn();
    loading = false;
    isLoading = () => this.loading;
    setWindowOpenHandler = vi.fn();
  }
  class FakeWindow extends Emitter {
    static all: FakeWindow[] = [];
    webContents = new FakeWebContents();
    loadURL = vi.fn(async () => undefined);
    show = vi.fn();
    focus = vi.fn();
    restore = vi.fn();
    maximize = vi.fn();
    isMinimized = vi.fn(() => true);
    isFocused = vi.fn(() => false);
    isMaximized = vi.fn(() => false);
    getNormalBounds = vi.fn(() => ({ x: 10, y: 10, width: 900, height: 700 }));
    constructor(readonly options: Record<string, unknown>) {
      super();
      FakeWindow.all.push(this);
    }
  }
  const app = Object.assign(new Emitter(), {
    lock: true,
    ready: null as null | (() => void),
    requestSingleInstanceLock: vi.fn(() => app.lock),
    quit: vi.fn(),
    setAsDefaultProtocolClient: vi.fn(),
    isReady: vi.fn(() => false),
    isPackaged: true,
    getVersion: vi.fn(() => '1.4.0'),
    getPath: vi.fn(() => '/tmp/spar-user-data'),
    whenReady: vi.fn(() => new Promise<void>((resolve) => (app.ready = resolve))),
  });
  return {
    FakeWindow,
    app,
    protocol: { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() },
    ipcMain: { handle: vi.fn() },
    Menu: { buildFromTemplate: vi.fn((t: unknown) => t), setApplicationMenu: vi.fn() },
    session: {
      defaultSession: {
        webRequest: { onHeadersReceived: vi.fn() },
        setPermissionRequestHandler: vi.fn(),
        setPermissionCheckHandler: vi.fn(),
      },
    },
    screen: { getAllDisplays: vi.fn(() => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]) },
    shell: { openExternal: vi.fn(async () => undefined) },
    net: { fetch: vi.fn() },
    safeStorage: { isEncryptionAvailable: () => true, encryptString: vi.fn(), decryptString: vi.fn() },
    Notification: Object.assign(vi.fn(), { isSupported: () => true }),
    powerMonitor: new Emitter(),
  };
});

vi.mock('electron', () => ({ ...fake, BrowserWindow: fake.FakeWindow, default: fake }));
/** electron-updater's autoUpdater: records the feed it is given and each check. */
const updater = vi.hoisted(() => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { EventEmitter: Emitter } = require('node:events') as { EventEmitter: typeof EmitterClass };
  return Object.assign(new Emitter(), {
    // Off as a fresh autoUpdater would not be: the test proves the controller turns both on.
    autoDownload: false,
    autoInstallOnAppQuit: false,
    setFeedURL: vi.fn(),
    checkForUpdates: vi.fn(async () => null),
    quitAndInstall: vi.fn(),
  });
});
vi.mock('electron-updater', () => ({ autoUpdater: updater }));
vi.mock('electron-store', () => ({
  default: class {
    private data = new Map<string, unknown>();
    get = (key: string) => this.data.get(key);
    set = (key: string, value: unknown) => this.data.set(key, value);
    delete = (key: string) => this.data.delete(key);
  },
}));

const { runDesktopApp } = await import('./app');
const { loadConfig } = await import('./config');
const PATHS = { preload: '/opt/spar/preload/index.cjs', renderer: '/opt/spar/renderer' };

async function start(argv: string[] = ['/opt/Spar/spar'], updateFeedUrl = '') {
  process.argv = argv;
  const running = runDesktopApp(loadConfig({ apiOrigin: 'https://play.spar.game', updateFeedUrl }), PATHS);
  fake.app.isReady.mockReturnValue(true);
  fake.app.ready?.();
  await new Promise((resolve) => setImmediate(resolve));
  return running;
}

const savedArgv = process.argv;
beforeEach(() => {
  vi.clearAllMocks();
  fake.app.removeAllListeners();
  fake.powerMonitor.removeAllListeners();
  fake.app.lock = true;
  fake.app.ready = null;
  fake.app.isReady.mockReturnValue(false);
  fake.FakeWindow.all = [];
  fake.app.isPackaged = true;
  updater.removeAllListeners();
});
afterEach(() => {
  process.argv = savedArgv;
});

describe('the desktop main process', () => {
  it('quits when another instance already runs', async () => {
    fake.app.lock = false;
    expect(await start()).toBe(false);
    expect(fake.app.quit).toHaveBeenCalledOnce();
    expect(fake.FakeWindow.all).toHaveLength(0);
  });

  it('opens one secure window on the packaged renderer with the preload', async () => {
    expect(await start()).toBe(true);
    expect(fake.protocol.registerSchemesAsPrivileged).toHaveBeenCalledOnce();
    expect(fake.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('spar');
    expect(fake.FakeWindow.all).toHaveLength(1);
    const [win] = fake.FakeWindow.all;
    expect(win!.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      preload: PATHS.preload,
    });
    expect(win!.loadURL).toHaveBeenCalledWith('app://spar/');
    expect(fake.protocol.handle.mock.calls.map(([scheme]) => scheme)).toEqual(['app', 'spar-audio']);
    expect(fake.ipcMain.handle).toHaveBeenCalledTimes(11);
    expect(fake.Menu.setApplicationMenu).toHaveBeenCalledOnce();
    expect(fake.session.defaultSession.setPermissionRequestHandler).toHaveBeenCalledOnce();
  });

  it('checks the baked update feed at start when packaged, and tells the window what it finds', async () => {
    await start(['/opt/Spar/spar'], 'https://play.spar.game/desktop/releases/');
    expect(updater.setFeedURL).toHaveBeenCalledWith({
      provider: 'generic',
      url: 'https://play.spar.game/desktop/releases/',
      useMultipleRangeRequest: false,
    });
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    updater.emit('update-available', { version: '1.5.0' });
    expect(fake.FakeWindow.all[0]!.webContents.send).toHaveBeenCalledWith(
      IPC.updateState,
      expect.objectContaining({ status: 'available', version: '1.5.0', currentVersion: '1.4.0' }),
    );
  });

  it('never checks for updates without a feed or when unpackaged', async () => {
    await start();
    fake.app.removeAllListeners();
    fake.app.isPackaged = false;
    await start(['/opt/Spar/spar'], 'https://play.spar.game/desktop/releases/');
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    expect(updater.checkForUpdates).not.toHaveBeenCalled();
  });

  it('starts on the route of the deep link it was launched with', async () => {
    await start(['/opt/Spar/spar', '--no-sandbox', 'spar://game/12']);
    expect(fake.FakeWindow.all[0]!.loadURL).toHaveBeenCalledWith('app://spar/game/12');
  });

  it('forwards the deep link of a second launch to the window and brings it forward', async () => {
    await start();
    const [win] = fake.FakeWindow.all;
    fake.app.emit('second-instance', {}, ['/opt/Spar/spar', 'spar://messages/conversation/4'], '/');
    expect(win!.restore).toHaveBeenCalled();
    expect(win!.focus).toHaveBeenCalled();
    expect(win!.webContents.send).toHaveBeenCalledWith(IPC.navigate, '/messages/conversation/4');
    fake.app.emit('second-instance', {}, ['/opt/Spar/spar', 'spar://game/<x>'], '/');
    expect(win!.webContents.send).toHaveBeenCalledTimes(1);
  });

  it('opens macOS deep links, waiting for a page still loading', async () => {
    await start();
    const [win] = fake.FakeWindow.all;
    win!.webContents.loading = true;
    const event = { preventDefault: vi.fn() };
    fake.app.emit('open-url', event, 'spar://oauth-redirect?code=abc');
    expect(event.preventDefault).toHaveBeenCalled();
    expect(win!.webContents.send).not.toHaveBeenCalled();
    win!.webContents.emit('did-finish-load');
    expect(win!.webContents.send).toHaveBeenCalledWith(IPC.navigate, '/oauth-redirect?code=abc');
  });

  it('tells the page when the computer wakes from sleep, once it has a window', async () => {
    await start();
    const [win] = fake.FakeWindow.all;
    fake.powerMonitor.emit('resume');
    expect(win!.webContents.send).toHaveBeenCalledWith(IPC.resume);
    win!.emit('closed');
    fake.powerMonitor.emit('resume');
    expect(win!.webContents.send).toHaveBeenCalledTimes(1);
  });

  it('remembers the window bounds on close and refuses webviews in any contents', async () => {
    await start();
    const [win] = fake.FakeWindow.all;
    win!.emit('close');
    win!.emit('closed');
    fake.app.emit('activate');
    expect(fake.FakeWindow.all).toHaveLength(2);
    expect(fake.FakeWindow.all[1]!.options).toMatchObject({ x: 10, y: 10, width: 900, height: 700 });

    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    fake.app.emit('web-contents-created', {}, contents);
    const attach = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', attach);
    expect(attach.preventDefault).toHaveBeenCalled();
    expect(contents.setWindowOpenHandler).toHaveBeenCalled();
  });
});

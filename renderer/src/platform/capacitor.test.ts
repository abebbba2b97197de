// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { headerTopPadding } from '../components/PageHeader';
import { registerPushDevice, deactivatePushDevice, followPushToken, pushRetryDelay } from '../lib/push';
import { ROUTES } from '@shared/protocol/routes.generated';

/** The Capacitor plugins, faked: each records its calls and lets a test play the OS. */
const fake = vi.hoisted(() => {
  type Listener = (event: never) => void;
  const listeners = (): Map<string, Set<Listener>> => new Map();
  const state = {
    os: 'android',
    statusBar: { height: 24 } as { height: number } | Error,
    launchUrl: undefined as string | undefined,
    prefs: new Map<string, string>(),
    /** The Keychain / Keystore; `secureBroken` makes every call fail as a locked keystore would. */
    secure: new Map<string, string>(),
    secureBroken: false,
    permission: 'granted',
    /** What each getToken() call answers: an FCM token, or an error message. */
    registrations: [] as ({ token: string } | { error: string })[],
    appListeners: listeners(),
    messagingListeners: listeners(),
    browserOpened: [] as string[],
    browserClosed: 0,
    minimized: 0,
  };
  const add = (map: Map<string, Set<Listener>>) => async (name: string, listener: Listener) => {
    const set = map.get(name) ?? new Set();
    map.set(name, set);
    set.add(listener);
    return { remove: async () => void set.delete(listener) };
  };
  const emit = (map: Map<string, Set<Listener>>, name: string, event: unknown) => {
    for (const listener of map.get(name) ?? []) listener(event as never);
  };
  return { state, add, emit };
});

vi.mock('@capacitor/core', () => ({ Capacitor: { getPlatform: () => fake.state.os } }));
vi.mock('@capacitor/status-bar', () => ({
  StatusBar: {
    getInfo: async () => {
      if (fake.state.statusBar instanceof Error) throw fake.state.statusBar;
      return { visible: true, overlays: true, ...fake.state.statusBar };
    },
  },
}));
vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    get: async ({ key }: { key: string }) => ({ value: fake.state.prefs.get(key) ?? null }),
    set: async ({ key, value }: { key: string; value: string }) => void fake.state.prefs.set(key, value),
    remove: async ({ key }: { key: string }) => void fake.state.prefs.delete(key),
  },
}));
vi.mock('capacitor-secure-storage-plugin', () => {
  const check = () => {
    if (fake.state.secureBroken) throw new Error('KeyStore is locked');
  };
  return {
    SecureStoragePlugin: {
      get: async ({ key }: { key: string }) => {
        check();
        const value = fake.state.secure.get(key);
        // The plugin's own words for a missing key, on both platforms.
        if (value === undefined) throw new Error('Item with given key does not exist');
        return { value };
      },
      set: async ({ key, value }: { key: string; value: string }) => {
        check();
        fake.state.secure.set(key, value);
        return { value: true };
      },
      remove: async ({ key }: { key: string }) => {
        check();
        if (!fake.state.secure.delete(key)) throw new Error('Item with given key does not exist');
        return { value: true };
      },
    },
  };
});
vi.mock('@capacitor/app', () => ({
  App: {
    addListener: fake.add(fake.state.appListeners),
    getLaunchUrl: async () => (fake.state.launchUrl ? { url: fake.state.launchUrl } : undefined),
    minimizeApp: async () => void fake.state.minimized++,
  },
}));
vi.mock('@capacitor/browser', () => ({
  Browser: {
    open: async ({ url }: { url: string }) => void fake.state.browserOpened.push(url),
    close: async () => void fake.state.browserClosed++,
  },
}));
vi.mock('@capacitor-firebase/messaging', () => ({
  FirebaseMessaging: {
    checkPermissions: async () => ({ receive: fake.state.permission }),
    requestPermissions: async () => ({ receive: fake.state.permission }),
    getToken: async () => {
      const next = fake.state.registrations.shift() ?? { error: 'no answer scripted' };
      if ('error' in next) throw new Error(next.error);
      return { token: next.token };
    },
    addListener: (name: string, listener: never) => fake.add(fake.state.messagingListeners)(name, listener),
  },
}));

const { createCapacitorPlatform } = await import('./capacitor');
const HOST = 'https://play.spar.game';

beforeEach(() => {
  // The build found google-services.json and GoogleService-Info.plist (scripts/build-mobile.mjs).
  vi.stubEnv('VITE_PUSH_PLATFORMS', 'android,ios');
  Object.assign(fake.state, {
    os: 'android',
    statusBar: { height: 24 },
    launchUrl: undefined,
    permission: 'granted',
    registrations: [],
    browserOpened: [],
    browserClosed: 0,
    minimized: 0,
    secureBroken: false,
  });
  fake.state.prefs.clear();
  fake.state.secure.clear();
  fake.state.appListeners.clear();
  document.body.innerHTML = '';
});

describe('capacitor platform: status bar', () => {
  it('pads the page header with the reported height + 5 px', async () => {
    fake.state.statusBar = { height: 24 };
    expect(headerTopPadding(await createCapacitorPlatform(HOST))).toBe(29);
    fake.state.statusBar = { height: 47 };
    expect(headerTopPadding(await createCapacitorPlatform(HOST))).toBe(52);
  });

  it('falls back to 50 px when the status bar reports nothing', async () => {
    fake.state.statusBar = new Error('not implemented on this OS');
    expect(headerTopPadding(await createCapacitorPlatform(HOST))).toBe(50);
    fake.state.statusBar = { height: Number.NaN };
    expect(headerTopPadding(await createCapacitorPlatform(HOST))).toBe(50);
  });
});

describe('capacitor platform: deep-link sign-in', () => {
  it('a spar://oauth-redirect link opens /oauth-redirect with its code and closes the browser sheet', async () => {
    const platform = await createCapacitorPlatform(HOST);
    const routes: string[] = [];
    platform.onNavigate((route) => routes.push(route));
    expect(platform.openSignInPage(`${HOST}/api/auth/google/start`)).toBeNull();
    expect(fake.state.browserOpened).toEqual([`${HOST}/api/auth/google/start`]);
    fake.emit(fake.state.appListeners, 'appUrlOpen', { url: 'spar://oauth-redirect?code=one-time' });
    fake.emit(fake.state.appListeners, 'appUrlOpen', { url: `${HOST}/oauth-redirect?code=two` });
    expect(routes).toEqual(['/oauth-redirect?code=one-time', '/oauth-redirect?code=two']);
    expect(fake.state.browserClosed).toBe(2);
  });

  it('links from other hosts are ignored, and a link that launched the app waits for the router', async () => {
    fake.state.launchUrl = 'spar://oauth-redirect?code=cold-start';
    const platform = await createCapacitorPlatform(HOST);
    fake.emit(fake.state.appListeners, 'appUrlOpen', { url: 'https://evil.example/oauth-redirect?code=x' });
    const routes: string[] = [];
    const off = platform.onNavigate((route) => routes.push(route));
    expect(routes).toEqual(['/oauth-redirect?code=cold-start']);
    off();
    fake.emit(fake.state.appListeners, 'appUrlOpen', { url: 'spar://game/3' });
    expect(routes).toHaveLength(1);
  });

  it('keeps the session token in secure storage and reports foreground, background and resume', async () => {
    const platform = await createCapacitorPlatform(HOST);
    await platform.tokenStorage!.set('session-1');
    expect(fake.state.secure.get('token')).toBe('session-1');
    expect(fake.state.prefs.has('token')).toBe(false);
    expect(await platform.tokenStorage!.get()).toBe('session-1');
    await platform.tokenStorage!.clear();
    expect(await platform.tokenStorage!.get()).toBeNull();
    const states: boolean[] = [];
    platform.onAppStateChange((active) => states.push(active));
    fake.emit(fake.state.appListeners, 'appStateChange', { isActive: false });
    fake.emit(fake.state.appListeners, 'appStateChange', { isActive: true });
    expect(states).toEqual([false, true]);
    let resumed = 0;
    const off = platform.onResume(() => resumed++);
    fake.emit(fake.state.appListeners, 'resume', {});
    off();
    fake.emit(fake.state.appListeners, 'resume', {});
    expect(resumed).toBe(1);
    // The sounds ship inside the app.
    expect(platform.soundSource('/sounds/ui/click.mp3')).toBe('/sounds/ui/click.mp3');
  });
});

describe('capacitor platform: push registration', () => {
  const deps = async (post: (path: string, body: unknown) => Promise<unknown>, random = () => 0.5) => {
    const sleeps: number[] = [];
    return {
      sleeps,
      deps: {
        platform: await createCapacitorPlatform(HOST),
        // The wire path of each call, so the tests say what reaches the server.
        register: (device: unknown) => post(ROUTES.devices.register.path, device),
        deactivate: (token: string) => post(ROUTES.devices.deactivate.path, { token }),
        random,
        sleep: async (ms: number) => void sleeps.push(ms),
      },
    };
  };

  it('waits 1, 2, 4, 8, 16 s plus up to 1 s of jitter between attempts', () => {
    expect([0, 1, 2, 3, 4].map((n) => pushRetryDelay(n, () => 0))).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(pushRetryDelay(0, () => 0.999)).toBe(1999);
    expect(pushRetryDelay(4, () => 0.5)).toBe(16500);
  });

  it('retries failures of the OS and of the server, then registers the token', async () => {
    fake.state.registrations = [{ error: 'SERVICE_NOT_AVAILABLE' }, { token: 'fcm-1' }, { token: 'fcm-1' }];
    let calls = 0;
    const posted: unknown[] = [];
    const { deps: d, sleeps } = await deps(async (path, body) => {
      posted.push({ path, body });
      if (++calls === 1) throw new TypeError('Failed to fetch');
      return { isActive: true };
    });
    expect(await registerPushDevice(d)).toBe(true);
    expect(sleeps).toEqual([1500, 2500]);
    expect(posted.at(-1)).toEqual({
      path: '/api/device-tokens',
      body: { token: 'fcm-1', platform: 'android', deviceName: 'Android device' },
    });
    // Sign-out switches this token off.
    const off: unknown[] = [];
    await deactivatePushDevice({ deactivate: async (token) => void off.push(token) });
    expect(off).toEqual(['fcm-1']);
  });

  it('gives up after 5 retries (6 attempts)', async () => {
    const { deps: d, sleeps } = await deps(
      async () => ({}),
      () => 0,
    );
    expect(await registerPushDevice(d)).toBe(false);
    expect(sleeps).toEqual([1000, 2000, 4000, 8000, 16000]);
    const off: unknown[] = [];
    await deactivatePushDevice({ deactivate: async (token) => void off.push(token) });
    expect(off).toEqual([]);
  });

  it('a refused permission is an answer: no retry, nothing registered', async () => {
    fake.state.permission = 'denied';
    const post = vi.fn(async () => ({}));
    const { deps: d, sleeps } = await deps(post);
    expect(await registerPushDevice(d)).toBe(false);
    expect(sleeps).toEqual([]);
    expect(post).not.toHaveBeenCalled();
  });

  it('a build without Firebase set up asks nothing of the plugin, which could only refuse', async () => {
    vi.stubEnv('VITE_PUSH_PLATFORMS', 'ios');
    fake.state.registrations = [{ token: 'fcm-1' }];
    const post = vi.fn(async () => ({}));
    const { deps: d, sleeps } = await deps(post);
    expect(await registerPushDevice(d)).toBe(false);
    expect(fake.state.registrations).toHaveLength(1);
    expect(sleeps).toEqual([]);
    expect(post).not.toHaveBeenCalled();
  });

  it('iOS registers its FCM token as ios', async () => {
    fake.state.os = 'ios';
    fake.state.registrations = [{ token: 'fcm-ios-1' }];
    const posted: unknown[] = [];
    const { deps: d } = await deps(async (_path, body) => void posted.push(body));
    expect(await registerPushDevice(d)).toBe(true);
    expect(posted).toEqual([{ token: 'fcm-ios-1', platform: 'ios', deviceName: 'iPhone or iPad' }]);
  });

  it('registers the new token when FCM replaces it, once, until it stops following', async () => {
    fake.state.registrations = [{ token: 'fcm-1' }];
    const posted: unknown[] = [];
    const { deps: d } = await deps(async (_path, body) => void posted.push(body));
    expect(await registerPushDevice(d)).toBe(true);
    const stop = followPushToken(d);
    await vi.waitFor(() => expect(fake.state.messagingListeners.get('tokenReceived')?.size).toBe(1));
    fake.emit(fake.state.messagingListeners, 'tokenReceived', { token: 'fcm-2' });
    fake.emit(fake.state.messagingListeners, 'tokenReceived', { token: 'fcm-2' });
    await vi.waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ token: 'fcm-2', platform: 'android', deviceName: 'Android device' });
    stop();
    await vi.waitFor(() => expect(fake.state.messagingListeners.get('tokenReceived')?.size).toBe(0));
    fake.emit(fake.state.messagingListeners, 'tokenReceived', { token: 'fcm-3' });
    // Sign-out switches off the token registered last.
    const off: unknown[] = [];
    await deactivatePushDevice({ deactivate: async (token) => void off.push(token) });
    expect(off).toEqual(['fcm-2']);
    expect(posted).toHaveLength(2);
  });

  it('a new token of a device that never registered (push refused) is not registered behind the player', async () => {
    fake.state.permission = 'denied';
    const post = vi.fn(async () => ({}));
    const { deps: d } = await deps(post);
    expect(await registerPushDevice(d)).toBe(false);
    const stop = followPushToken(d);
    await vi.waitFor(() => expect(fake.state.messagingListeners.get('tokenReceived')?.size).toBe(1));
    fake.emit(fake.state.messagingListeners, 'tokenReceived', { token: 'fcm-2' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(post).not.toHaveBeenCalled();
    stop();
  });

  it('the web platform of a Capacitor build has no push', async () => {
    fake.state.os = 'web';
    fake.state.registrations = [{ token: 'fcm-1' }];
    const post = vi.fn(async () => ({}));
    const { deps: d } = await deps(post);
    expect(await registerPushDevice(d)).toBe(false);
    expect(post).not.toHaveBeenCalled();
  });
});

describe('capacitor platform: the token moves from Preferences to secure storage', () => {
  it('on the first start the Preferences token is moved and deleted from Preferences', async () => {
    fake.state.prefs.set('token', 'old-session');
    const platform = await createCapacitorPlatform(HOST);
    expect(await platform.tokenStorage!.get()).toBe('old-session');
    expect(fake.state.secure.get('token')).toBe('old-session');
    expect(fake.state.prefs.has('token')).toBe(false);
    // The next start finds it in secure storage only.
    expect(await (await createCapacitorPlatform(HOST)).tokenStorage!.get()).toBe('old-session');
  });

  it('a locked keystore keeps the player signed in from Preferences, and the move waits', async () => {
    fake.state.prefs.set('token', 'old-session');
    fake.state.secureBroken = true;
    const platform = await createCapacitorPlatform(HOST);
    expect(await platform.tokenStorage!.get()).toBe('old-session');
    expect(fake.state.prefs.get('token')).toBe('old-session');
    fake.state.secureBroken = false;
    expect(await (await createCapacitorPlatform(HOST)).tokenStorage!.get()).toBe('old-session');
    expect(fake.state.prefs.has('token')).toBe(false);
  });
});

describe('capacitor platform: Android back button', () => {
  const press = (canGoBack: boolean) => fake.emit(fake.state.appListeners, 'backButton', { canGoBack });

  it('closes an open dialog first, as Escape would', async () => {
    await createCapacitorPlatform(HOST);
    document.body.innerHTML = '<section role="dialog" aria-modal="true"></section>';
    const escapes: string[] = [];
    window.addEventListener('keydown', (event) => escapes.push(event.key), { once: true });
    press(true);
    expect(escapes).toEqual(['Escape']);
    expect(fake.state.minimized).toBe(0);
  });

  it('goes back when there is history, and leaves the app when there is none', async () => {
    const platform = await createCapacitorPlatform(HOST);
    const routes: string[] = [];
    platform.onNavigate((route) => routes.push(route));
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    press(true);
    expect(back).toHaveBeenCalledTimes(1);
    expect(fake.state.minimized).toBe(0);
    press(false);
    expect(fake.state.minimized).toBe(1);
    expect(back).toHaveBeenCalledTimes(1);
    expect(routes).toEqual([]);
    back.mockRestore();
  });
});

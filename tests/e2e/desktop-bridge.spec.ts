import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { CachedAudioFile, DesktopNotification, DesktopUpdateState } from '@shared/desktop-bridge';
import { audioManifestSchema } from '@shared/protocol';
import { registerThroughUi, uniqueName } from './helpers';

/**
 * The renderer inside the desktop app: a fake `window.sparDesktop`, shaped as the preload exposes
 * it (shared/desktop-bridge.ts), is injected before any page script runs. Its calls land in this
 * test through an exposed function, so its state outlives reloads as the real main process does.
 */
interface BridgeState {
  token: string | null;
  tokenWrites: (string | null)[];
  notifications: DesktopNotification[];
  syncs: string[];
  files: CachedAudioFile[];
  /** The updater's state the bridge reports, and how often the page asked to install. */
  update: DesktopUpdateState;
  installs: number;
}

/** Where the fake cache serves its files: a host only this test's routes answer. */
const CACHE_ORIGIN = 'https://audio-cache.spar.test';

async function desktopContext(context: BrowserContext, files: CachedAudioFile[] = []): Promise<BridgeState> {
  const state: BridgeState = {
    token: null,
    tokenWrites: [],
    notifications: [],
    syncs: [],
    files,
    update: {
      status: 'idle',
      currentVersion: '1.4.0',
      version: null,
      percent: null,
      message: null,
      required: false,
    },
    installs: 0,
  };
  await context.exposeFunction('__sparBridgeCall', (name: string, arg: unknown) => {
    switch (name) {
      case 'token.get':
        return state.token;
      case 'token.set':
        state.token = arg as string;
        state.tokenWrites.push(state.token);
        return undefined;
      case 'token.clear':
        state.token = null;
        state.tokenWrites.push(null);
        return undefined;
      case 'notify':
        state.notifications.push(arg as DesktopNotification);
        return true;
      case 'audio.status':
        return { files: state.files, downloading: false };
      case 'audio.sync':
        state.syncs.push(arg as string);
        return { files: state.files, downloading: false };
      case 'updates.status':
        return state.update;
      case 'updates.install':
        state.installs++;
        return undefined;
      default:
        return undefined;
    }
  });
  await context.addInitScript(() => {
    type Call = (name: string, arg?: unknown) => Promise<unknown>;
    const call: Call = (name, arg) =>
      (window as unknown as { __sparBridgeCall: Call }).__sparBridgeCall(name, arg);
    // The test decides whether the window is in view: hidden and unfocused while __sparAway is set.
    const away = () => (window as unknown as { __sparAway?: boolean }).__sparAway === true;
    Object.defineProperty(document, 'hidden', { get: away, configurable: true });
    document.hasFocus = () => !away();
    Object.defineProperty(window, 'sparDesktop', {
      value: Object.freeze({
        version: 1,
        token: {
          get: () => call('token.get'),
          set: (token: string) => call('token.set', token),
          clear: () => call('token.clear'),
        },
        notify: (notification: unknown) => call('notify', notification),
        onNavigate: () => () => undefined,
        onResume: () => () => undefined,
        audio: { status: () => call('audio.status'), sync: (url: string) => call('audio.sync', url) },
        openExternal: (url: string) => call('openExternal', url),
        // The test pushes the updater's new states through window.__sparUpdate, as main would.
        updates: {
          status: () => call('updates.status'),
          onChange: (listener: (state: unknown) => void) => {
            (window as unknown as { __sparUpdate: (state: unknown) => void }).__sparUpdate = listener;
            return () => undefined;
          },
          check: () => call('updates.status'),
          setMinimumVersion: () => call('updates.status'),
          install: () => call('updates.install'),
        },
      }),
    });
  });
  return state;
}

test('the session token goes to the bridge, never to localStorage, and survives a reload', async ({
  browser,
}) => {
  const context = await browser.newContext();
  const bridge = await desktopContext(context);
  const page = await context.newPage();
  const name = uniqueName('desk');
  await registerThroughUi(page, name);
  expect(bridge.token).toMatch(/\S{20,}/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // The bridge's token is the session: the server knows it.
  const res = await page.request.get('/api/auth/user', {
    headers: { authorization: `Bearer ${bridge.token}` },
  });
  expect(((await res.json()) as { username: string }).username).toBe(name);

  await page.reload();
  await expect(page.getByRole('link', { name })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect.poll(() => bridge.token).toBeNull();
  expect(bridge.tokenWrites.at(-1)).toBeNull();
  await context.close();
});

test('a match found while the window is hidden raises a native notification', async ({ browser }) => {
  test.setTimeout(60_000);
  const desktop = await browser.newContext();
  const bridge = await desktopContext(desktop);
  const web = await browser.newContext();
  const [a, b] = [await desktop.newPage(), await web.newPage()];
  const [nameA, nameB] = [uniqueName('deskq'), uniqueName('webq')];
  await registerThroughUi(a, nameA);
  await registerThroughUi(b, nameB);
  for (const page of [a, b]) {
    await page.goto('/games');
    await expect(page.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();
  }
  const quick = async (page: Page) => {
    await page.getByRole('radiogroup', { name: 'Quick table size' }).getByText('1 v 1').click();
    await page.getByRole('button', { name: 'Quick' }).click();
  };
  await quick(a);
  await expect(a.getByText(/Searching for/)).toBeVisible();
  expect(bridge.notifications).toEqual([]);
  await a.evaluate(() => ((window as unknown as { __sparAway: boolean }).__sparAway = true));
  await quick(b);
  await expect.poll(() => bridge.notifications.length).toBe(1);
  expect(bridge.notifications[0]).toEqual({
    kind: 'match-found',
    title: 'Match found',
    body: `${nameB} is waiting. Accept within 30 seconds.`,
    route: '/games',
  });
  // In view, the match dialog itself tells the player.
  await a.evaluate(() => ((window as unknown as { __sparAway: boolean }).__sparAway = false));
  await expect(a.getByRole('dialog')).toContainText('Match found!');
  await desktop.close();
  await web.close();
});

test('sounds play from the offline cache the bridge reports', async ({ browser, request }) => {
  const manifest = audioManifestSchema.parse(await (await request.get('/sounds/manifest.json')).json());
  const files: CachedAudioFile[] = manifest.categories.flatMap((category) =>
    category.files.map((file) => ({
      key: file.key,
      url: file.url,
      isDownloaded: true,
      localPath: `${CACHE_ORIGIN}/${category.name}/${file.key}.mp3`,
    })),
  );
  const context = await browser.newContext();
  const bridge = await desktopContext(context, files);
  const fromCache: string[] = [];
  const fromServer: string[] = [];
  await context.route(`${CACHE_ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    fromCache.push(url.pathname);
    const body = await (await request.get(`/sounds${url.pathname}`)).body();
    await route.fulfill({
      status: 200,
      body,
      headers: { 'content-type': 'audio/mpeg', 'access-control-allow-origin': '*' },
    });
  });
  const page = await context.newPage();
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.pathname.startsWith('/sounds/') && url.pathname.endsWith('.mp3')) fromServer.push(url.pathname);
  });
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  // The app preloads its common sounds at the player's first gesture (no audio before one): from
  // the cache's URLs, none from the server.
  await page.keyboard.press('Shift');
  await expect
    .poll(() => fromCache.sort())
    .toEqual(expect.arrayContaining(['/gameplay/card-deal.mp3', '/ui/click.mp3']));
  expect(fromServer).toEqual([]);
  expect(bridge.syncs).toEqual(['/sounds/manifest.json']);
  await context.close();
});

test('the desktop app shows the update download, then Restart to update installs it', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const bridge = await desktopContext(context);
  bridge.update = { ...bridge.update, status: 'downloading', version: '1.5.0', percent: 42 };
  const page = await context.newPage();
  await page.goto('/');
  const prompt = page.getByRole('status', { name: 'Update' });
  await expect(prompt.getByText('Downloading Spar 1.5.0… 42%')).toBeVisible();
  await expect(prompt.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute(
    'aria-valuenow',
    '42',
  );
  await page.evaluate(() =>
    (window as unknown as { __sparUpdate: (state: unknown) => void }).__sparUpdate({
      status: 'downloaded',
      currentVersion: '1.4.0',
      version: '1.5.0',
      percent: 100,
      message: null,
      required: false,
    }),
  );
  await expect(prompt.getByText('Spar 1.5.0 is ready')).toBeVisible();
  await prompt.getByRole('button', { name: 'Restart to update' }).click();
  await expect.poll(() => bridge.installs).toBe(1);
  await context.close();
});

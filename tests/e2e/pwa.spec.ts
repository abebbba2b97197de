import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIResponse, type Page, type Request } from '@playwright/test';
import { uniqueName } from './helpers';

/** Pages open offline as fast as online, but this machine may be busy with other suites. */
const expectSoon = expect.configure({ timeout: 15_000 });

/** The build the e2e server serves (scripts/start.mjs; STATIC_DIR's default). */
const DIST = path.resolve('dist/renderer');

/** Width and height from a PNG's IHDR. */
async function pngSize(res: APIResponse): Promise<[number, number]> {
  const body = await res.body();
  expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [body.readUInt32BE(16), body.readUInt32BE(20)];
}

/** Waits until the service worker is active and controls the page (its precache is then complete). */
async function controlledBySpar(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated', undefined, {
    timeout: 20_000,
  });
}

test.describe('installable app', () => {
  test('the manifest and its icons are served and valid', async ({ page, request }) => {
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBe('/manifest.webmanifest');
    const res = await request.get(manifestHref!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await res.json()) as Record<string, unknown> & {
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      id: '/',
      name: 'Spar',
      short_name: 'Spar',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b1613',
      background_color: '#0b1613',
    });
    expect(manifest.description).toEqual(expect.any(String));
    // The theme colour is the page's own.
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(manifest.theme_color);
    expect(manifest.icons.map((i) => [i.sizes, i.purpose])).toEqual([
      ['192x192', 'any'],
      ['512x512', 'any'],
      ['512x512', 'maskable'],
    ]);
    for (const icon of manifest.icons) {
      const file = await request.get(icon.src);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()['content-type']).toBe(icon.type);
      expect((await pngSize(file)).join('x')).toBe(icon.sizes);
    }

    const touch = await request.get('/apple-touch-icon.png');
    expect(touch.headers()['content-type']).toBe('image/png');
    expect(await pngSize(touch)).toEqual([180, 180]);
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
      '/apple-touch-icon.png',
    );
    const favicon = await request.get('/favicon.ico');
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
    const ico = await favicon.body();
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([1, 3]);
  });

  test('after a first visit the app opens offline, signed in, from the service worker alone', async ({
    page,
    context,
  }) => {
    // Signing up, installing the worker and four pages offline, on a machine other suites share.
    test.setTimeout(180_000);
    const name = uniqueName('offline');
    const res = await page.request.post('/api/auth/register', {
      data: { username: name, password: 'correct horse' },
    });
    const { token } = (await res.json()) as { token: string };
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.reload();
    await expectSoon(page.getByRole('link', { name })).toBeVisible();
    await controlledBySpar(page);

    // The precache holds the shell, the default deck's dealt cards and the sound manifest; no cache
    // holds anything from /api or /ws.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys())
        for (const request of await (await caches.open(key)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(cached).toContain('/index.html');
    expect(cached).toContain('/sounds/manifest.json');
    expect(cached).toContain('/sounds/gameplay/card-play.mp3');
    expect(cached).toContain('/assets/decks/default/K_spades.svg');
    expect(cached).toContain('/assets/decks/default/back.svg');
    expect(cached.some((url) => /\.js$/.test(url))).toBe(true);
    expect(cached.filter((url) => /^\/(api|ws)(\/|$)/.test(url))).toEqual([]);

    const requests: Request[] = [];
    context.on('request', (r) => requests.push(r));
    await context.setOffline(true);

    await page.goto('/');
    await expectSoon(page.getByRole('link', { name })).toBeVisible();
    await page.goto('/games');
    await expectSoon(page.getByRole('heading', { name: 'Play Spar' })).toBeVisible();
    await expectSoon(page.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    await page.goto('/profile');
    await expectSoon(page.getByText("You're offline")).toBeVisible();
    await expectSoon(
      page.getByText("Your profile needs a connection. It will load when you're back online."),
    ).toBeVisible();
    await page.goto('/shop');
    await expectSoon(
      page.getByText("The shop needs a connection. It will load when you're back online."),
    ).toBeVisible();
    // Signed in all along: the session was not ended, and no error toast came up.
    expect(await page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await expectSoon(page.locator('[role="alert"]')).toHaveCount(0);

    // Every page and asset came from the service worker; only API calls went out, and failed.
    // A chunk still loading when the test moves to the next page is aborted by that navigation:
    // it has no answer from anyone. Any other request without the worker's answer reached out.
    const fromNetwork = [];
    for (const r of requests) {
      const response = await r.response();
      const aborted = !response && r.failure()?.errorText === 'net::ERR_ABORTED';
      if (!aborted && !response?.fromServiceWorker()) fromNetwork.push(new URL(r.url()).pathname);
    }
    expect(fromNetwork.filter((p) => !/^\/(api|ws)(\/|$)/.test(p))).toEqual([]);
    expect(requests.filter((r) => r.isNavigationRequest()).length).toBeGreaterThanOrEqual(4);

    // Back online, the online-only page loads by itself.
    await context.setOffline(false);
    await expectSoon(page.getByRole('heading', { name: 'Shop' })).toBeVisible();
  });

  test('/api is never answered from a cache', async ({ page, context }) => {
    await page.goto('/');
    await controlledBySpar(page);
    const response = page.waitForResponse((r) => r.url().endsWith('/api/health'));
    await page.evaluate(() => fetch('/api/health'));
    expect((await response).fromServiceWorker()).toBe(false);
    await context.setOffline(true);
    const offline = await page.evaluate(() =>
      fetch('/api/health').then(
        (r) => `answered ${r.status}`,
        () => 'failed',
      ),
    );
    expect(offline).toBe('failed');
    await context.setOffline(false);
  });
});

/** Files a new build changes, moved aside and put back after the test. */
const BUILD_FILES = ['index.html', 'sw.js'].flatMap((f) => [f, `${f}.br`, `${f}.gz`]);

/**
 * The update test runs in a browser of its own. In the suite's shared browser, after other tests
 * have used it, Chromium left build B's worker "installed" however often it was told to skip
 * waiting (a SKIP_WAITING posted straight to it changed nothing), while in a fresh browser the same
 * steps pass every time: what is tested is the app's update flow, not the browser's history.
 */
const updateTest = test.extend({
  page: async ({ playwright, browserName, launchOptions, baseURL }, use) => {
    const browser = await playwright[browserName].launch(launchOptions);
    const context = await browser.newContext({ baseURL });
    await use(await context.newPage());
    await browser.close();
  },
});

updateTest.describe('updates', () => {
  const saved = new Map<string, Buffer>();
  const consoleLines: string[] = [];
  updateTest.beforeEach(({ page }) => {
    consoleLines.length = 0;
    page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`));
  });
  updateTest.afterEach(async ({ page }, testInfo) => {
    // A failure says where the update stood: the workers, and which index.html the precache holds.
    if (testInfo.status !== testInfo.expectedStatus) {
      const state = await page
        .evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const cached = await Promise.all(
            (await caches.keys()).map(async (name) => {
              const cache = await caches.open(name);
              const keys = (await cache.keys()).filter((r) => r.url.includes('index.html'));
              return Promise.all(
                keys.map(
                  async (r) =>
                    `${name} ${r.url} B=${(await (await cache.match(r))!.text()).includes('spar-build')}`,
                ),
              );
            }),
          );
          return {
            controller: navigator.serviceWorker.controller?.scriptURL ?? null,
            active: registration?.active?.state ?? null,
            waiting: registration?.waiting?.state ?? null,
            installing: registration?.installing?.state ?? null,
            cached: cached.flat(),
          };
        })
        .catch((error: unknown) => String(error));
      console.log('update test state:', JSON.stringify(state), '\nconsole:\n' + consoleLines.join('\n'));
    }
    for (const [file, data] of saved) writeFileSync(path.join(DIST, file), data);
    saved.clear();
  });

  /**
   * Serves "build B": index.html with a marker, and the service worker whose precache lists the new
   * index.html's revision, exactly as the next `vite build` of a changed page writes them.
   * Precompressed copies of the two, which would still be A, are moved aside.
   */
  function serveNextBuild(marker: string) {
    for (const file of BUILD_FILES) {
      const at = path.join(DIST, file);
      if (existsSync(at)) saved.set(file, readFileSync(at));
    }
    for (const file of BUILD_FILES.filter((f) => /\.(br|gz)$/.test(f) && saved.has(f)))
      renameSync(path.join(DIST, file), path.join(DIST, `${file}.aside`));
    const html = saved
      .get('index.html')!
      .toString()
      .replace('</head>', `<meta name="spar-build" content="${marker}" /></head>`);
    const revision = createHash('md5').update(html).digest('hex');
    const sw = saved.get('sw.js')!.toString();
    const entry = /\{url:"index\.html",revision:"[0-9a-f]+"\}/;
    expect(sw).toMatch(entry);
    writeFileSync(path.join(DIST, 'index.html'), html);
    writeFileSync(path.join(DIST, 'sw.js'), sw.replace(entry, `{url:"index.html",revision:"${revision}"}`));
    return () => {
      for (const file of BUILD_FILES.filter((f) => /\.(br|gz)$/.test(f) && saved.has(f)))
        renameSync(path.join(DIST, `${file}.aside`), path.join(DIST, file));
    };
  }

  updateTest(
    'a new build offers "A new version of Spar is available", and Reload runs it',
    async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/games');
      await controlledBySpar(page);
      expect(await page.locator('meta[name="spar-build"]').count()).toBe(0);

      const putBack = serveNextBuild('B');
      try {
        // The reload still runs build A from the precache, and finds B's worker waiting.
        await page.reload();
        const prompt = page.getByText('A new version of Spar is available');
        await expect(prompt).toBeVisible({ timeout: 20_000 });
        expect(await page.locator('meta[name="spar-build"]').count()).toBe(0);
        await page.getByRole('button', { name: 'Reload' }).click();
        await expect(page.locator('meta[name="spar-build"]')).toHaveAttribute('content', 'B', {
          timeout: 30_000,
        });
        await expect(prompt).toHaveCount(0);
        await expect(page.getByRole('heading', { name: 'Play Spar' })).toBeVisible();
      } finally {
        putBack();
      }
    },
  );
});

/**
 * The web app as a phone on mobile data meets it (issue #39, "Measured like a phone"). Starts the
 * production server as `npm start` does (building first if anything is stale) on a fresh SQLite
 * folder, and drives Debian's Chromium through Playwright with the DevTools protocol's throttling:
 * 1.6 Mbps down, 750 kbps up, 150 ms round trip, CPU 4× slower. Prints, for a cold visit (fresh
 * context, empty cache) and a warm one (same context, second visit) of `/` and `/games`: bytes over
 * the network by kind, the service worker's background precache, Largest Contentful Paint and the
 * time until the signed-in home page's Ranked button is clickable; then the time from /games to a
 * practice table ready to play, and the /ws bytes one player receives in a whole game against one
 * bot. A bare static page, served from this process and loaded the same way, is the baseline each
 * time is divided by; its LCP and the signed-out visitor's are medians of five cold loads. Bytes are also checked in CI (tests/e2e/budgets.spec.ts); times only here.
 * Targets: first visit ≤ 170 KB (HTML, JS, CSS, fonts, images), repeat visit ≤ 20 KB, ≤ 30 KB over
 * /ws per player per game, cold LCP ≤ 2.5 s, and a signed-out visitor's cold LCP ≤ 2× the bare
 * page's. See docs/benchmarks.md,
 * "bench:web".
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  request as apiRequest,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import {
  formatVisit,
  formatSocket,
  kb,
  noFrames,
  PageTally,
  playPracticeGame,
  registerPlayer,
  serviceWorkerActive,
  ServiceWorkerTally,
  signInContext,
  sumVisit,
  type Transfer,
  type VisitBytes,
} from '../e2e/web-measure';
import { precacheUrls } from '../../scripts/precache.mjs';
import { TARGET_SCORE } from '@shared/constants';

const FIRST_VISIT_BUDGET = 170 * 1024;
const REPEAT_VISIT_BUDGET = 20 * 1024;
const SOCKET_PER_GAME_BUDGET = 30 * 1024;
const LCP_LIMIT_MS = 2500;
const LCP_RATIO_LIMIT = 2;
/** Cold loads whose median is the bare page's and the signed-out visitor's LCP. */
const COLD_SAMPLES = 5;
const PHONE = { width: 390, height: 844 };

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The addresses the build's service worker precaches (its manifest in sw.js), read once built. */
let PRECACHED = new Set<string>();
function readPrecacheList(): void {
  const sw = readFileSync(path.join(ROOT, 'dist/renderer/sw.js'), 'utf8');
  PRECACHED = new Set(precacheUrls(sw).map((url: string) => new URL(url, 'http://app/').pathname));
}

/** The bare page: one block of text, nothing else to fetch. */
const BARE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head>
<body><p>Spar is a trick-taking card game from West Africa: five cards each, and only the last trick scores.</p></body></html>`;

/**
 * Marks, in the page's own clock (ms since its navigation started), when the Ranked button can be
 * clicked and when a practice table is ready (the hand's five cards shown, one playable) after the
 * last click: watched from inside the page, so Playwright's polling adds nothing to the times.
 * Plain JavaScript in a string: tsx would wrap a function's inner names in a helper the page lacks.
 */
const WATCH_MARKS = `(() => {
  const marks = {};
  window.__benchMarks = marks;
  const shown = (el) => el.getClientRects().length > 0;
  const check = () => {
    if (marks.ranked === undefined) {
      const ranked = Array.from(document.querySelectorAll('button')).find(
        (b) => b.textContent.trim() === 'Ranked' && !b.disabled && shown(b),
      );
      if (ranked) marks.ranked = performance.now();
    }
    if (marks.clickAt !== undefined && marks.table === undefined) {
      const cards = Array.from(document.querySelectorAll('[role="group"][aria-label="Your hand"] button'));
      if (cards.length === 5 && cards.some((c) => !c.disabled && shown(c))) marks.table = performance.now();
    }
  };
  document.addEventListener('click', () => {
    marks.clickAt = performance.now();
    marks.table = undefined;
  }, true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

type Marks = { ranked?: number; clickAt?: number; table?: number };
const readMarks = (page: Page) =>
  page.evaluate(() => (window as unknown as { __benchMarks: Marks }).__benchMarks);

/** The page's Largest Contentful Paint so far, in ms since its navigation started. */
function largestContentfulPaint(page: Page): Promise<number | null> {
  return page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? null)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
        setTimeout(() => resolve(null), 2000);
      }),
  );
}

interface Visit {
  bytes: VisitBytes;
  lcp: number | null;
  ranked?: number;
  precache?: VisitBytes;
}

/**
 * Loads `url` in a new throttled page of `context` and waits until `ready` holds and the network
 * is quiet. With `precache`, then waits for the service worker (if any) to fill its cache and
 * counts that apart.
 */
async function visit(
  context: BrowserContext,
  worker: ServiceWorkerTally,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  precache: boolean,
): Promise<{ page: Page; tally: PageTally; result: Visit }> {
  const page = await context.newPage();
  const tally = await PageTally.attach(page);
  await tally.throttleLikeAPhone();
  worker.reset();
  await page.goto(url, { timeout: 120_000 });
  await ready(page);
  // The heading font is asked for only once a heading is laid out, which can be after the page is
  // ready and the network quiet: a first visit downloads it all the same.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await tally.settle(1000, 120_000);
  await worker.settle(1000);
  const { transfers, socket } = tally.collected();
  // The worker's precache can start while the page is still loading (once the page's `load` has
  // fired): it is counted apart, whenever it happens; what the worker fetches for the page is the visit's.
  const isPrecache = (t: Transfer) => PRECACHED.has(new URL(t.url).pathname);
  const result: Visit = {
    bytes: sumVisit([...transfers, ...worker.collected().filter((t) => !isPrecache(t))], socket),
    lcp: await largestContentfulPaint(page),
  };
  if (precache && (await serviceWorkerActive(page))) {
    await worker.settle(2000, 300_000);
    result.precache = sumVisit(worker.collected().filter(isPrecache), noFrames());
  }
  return { page, tally, result };
}

/**
 * The page's own asset requests that its service worker answered (it took control during the cold
 * visit, and had precached the file by then): the bytes its precache paid for those files.
 */
function precachedForPage(result: Visit): { files: number; bytes: number; bodies: number } {
  const assetKinds = new Set(['document', 'script', 'stylesheet', 'font', 'image']);
  const answered = new Set(
    result.bytes.transfers
      .filter((t) => t.source === 'service worker' && assetKinds.has(t.kind))
      .map((t) => new URL(t.url).pathname),
  );
  const paid = (result.precache?.transfers ?? []).filter((t) => answered.has(new URL(t.url).pathname));
  return {
    files: paid.length,
    bytes: paid.reduce((sum, t) => sum + t.bytes, 0),
    bodies: paid.reduce((sum, t) => sum + t.bytes - (t.headerBytes ?? 0), 0),
  };
}

const seconds = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`;
const ratio = (ms: number | null | undefined, base: number | null) =>
  ms === null || ms === undefined || !base ? '' : ` (${(ms / base).toFixed(2)}× the bare page)`;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const medianLcp = (samples: Visit[]) => {
  const times = samples.map((sample) => sample.lcp).filter((lcp): lcp is number => lcp !== null);
  return times.length === samples.length ? median(times) : null;
};
const samplesOf = (samples: Visit[]) => `: ${samples.map((sample) => seconds(sample.lcp)).join(', ')}`;
const verdicts: { ok: boolean; text: string }[] = [];
const verdict = (ok: boolean, text: string) => verdicts.push({ ok, text });

function printVisit(title: string, result: Visit, bareLcp: number | null): void {
  console.log(`\n${title}`);
  console.log(formatVisit(result.bytes));
  console.log(`  LCP ${seconds(result.lcp)}${ratio(result.lcp, bareLcp)}`);
  if (result.ranked !== undefined)
    console.log(`  Ranked clickable ${seconds(result.ranked)}${ratio(result.ranked, bareLcp)}`);
  if (result.precache)
    console.log(
      `  background precache: ${kb(result.precache.total)} in ${result.precache.transfers.length} responses`,
    );
  else console.log('  background precache: none (no service worker)');
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = http.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // One node on the embedded database, whatever this shell has.
      DATABASE_URL: '',
      // Games to the rules' target, whatever this shell has: the /ws budget is per such game.
      GAME_TARGET_SCORE: String(TARGET_SCORE),
      REDIS_URL: '',
      // The bot answers at once: its thinking time changes no byte, only how long the game lasts.
      BOT_DELAY_MS: '60',
    },
  });
  // A build can take minutes on a busy machine.
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function run(browser: Browser, origin: string, bareUrl: string): Promise<void> {
  // The baseline: the bare page, cold, under the same throttling, on the visitor's phone screen.
  // A single cold paint varies by a third from one load to the next: the page's times are the
  // median of COLD_SAMPLES loads, each in a fresh context.
  const bareSamples: Visit[] = [];
  for (let i = 0; i < COLD_SAMPLES; i++) {
    const bareContext = await browser.newContext({ viewport: PHONE });
    const bare = await visit(
      bareContext,
      new ServiceWorkerTally(bareContext),
      bareUrl,
      (page) => page.getByText('Spar is').waitFor(),
      false,
    );
    await bareContext.close();
    bareSamples.push(bare.result);
  }
  const bareLcp = medianLcp(bareSamples);
  console.log(
    `\nbare static page, cold: ${kb(bareSamples[0]!.bytes.total)}, LCP ${seconds(bareLcp)}${samplesOf(bareSamples)}`,
  );

  const api = await apiRequest.newContext({ baseURL: origin });
  const token = await registerPlayer(api, `bench_web_${Date.now().toString(36).slice(-6)}`);
  await api.dispose();
  const signedIn = async () => {
    const context = await browser.newContext({ baseURL: origin, viewport: PHONE });
    await context.addInitScript({ content: WATCH_MARKS });
    await signInContext(context, token);
    return { context, worker: new ServiceWorkerTally(context) };
  };
  const rankedReady = async (page: Page) => {
    await page.waitForFunction(
      () => (window as unknown as { __benchMarks: Marks }).__benchMarks.ranked,
      null,
      {
        timeout: 120_000,
      },
    );
  };

  // Home: cold, then the same context again.
  const home = await signedIn();
  const homeCold = await visit(home.context, home.worker, '/', rankedReady, true);
  homeCold.result.ranked = (await readMarks(homeCold.page)).ranked;
  await homeCold.page.close();
  const homeWarm = await visit(home.context, home.worker, '/', rankedReady, false);
  homeWarm.result.ranked = (await readMarks(homeWarm.page)).ranked;
  await home.context.close();
  printVisit('home /, cold (first visit)', homeCold.result, bareLcp);
  printVisit('home /, warm (second visit, same context)', homeWarm.result, bareLcp);

  // Home as a visitor with no account first gets it: painted from the HTML itself (docs/design.md,
  // "Renderer: the first paint"), which a stored session hides; ready once the app has taken over.
  const visitorSamples: Visit[] = [];
  for (let i = 0; i < COLD_SAMPLES; i++) {
    const visitorContext = await browser.newContext({ baseURL: origin, viewport: PHONE });
    const visitor = await visit(
      visitorContext,
      new ServiceWorkerTally(visitorContext),
      '/',
      (page) => page.locator('#first-paint').waitFor({ state: 'detached', timeout: 120_000 }),
      false,
    );
    await visitorContext.close();
    visitorSamples.push(visitor.result);
  }
  const visitor = { result: { ...visitorSamples[0]!, lcp: medianLcp(visitorSamples) } };
  printVisit(
    `home /, cold, signed out (first visit; LCP the median of ${COLD_SAMPLES}${samplesOf(visitorSamples)})`,
    visitor.result,
    bareLcp,
  );

  // /games: cold, warm, and from the warm page a practice game played to the end.
  const easyReady = (page: Page) => page.getByRole('button', { name: 'easy' }).waitFor({ timeout: 120_000 });
  const games = await signedIn();
  const gamesCold = await visit(games.context, games.worker, '/games', easyReady, true);
  await gamesCold.page.close();
  const gamesWarm = await visit(games.context, games.worker, '/games', easyReady, false);
  printVisit('/games, cold (first visit)', gamesCold.result, bareLcp);
  printVisit('/games, warm (second visit, same context)', gamesWarm.result, bareLcp);

  let table: Marks = {};
  const socket = await playPracticeGame(gamesWarm.page, gamesWarm.tally, {
    timeoutMs: 15 * 60_000,
    onTable: async () => {
      await gamesWarm.page.waitForFunction(
        () => (window as unknown as { __benchMarks: Marks }).__benchMarks.table,
        null,
        { timeout: 120_000 },
      );
      table = await readMarks(gamesWarm.page);
    },
  });
  await games.context.close();
  const tableMs = table.table! - table.clickAt!;
  console.log(`\npractice game against one bot (warm /games), played to the end:`);
  console.log(`  click on a level to the table ready to play: ${seconds(tableMs)}${ratio(tableMs, bareLcp)}`);
  console.log(formatSocket(socket));

  const coldLcp = homeCold.result.lcp;
  console.log('\ntargets:');
  const firstVisit = homeCold.result.bytes;
  // A file the page asked for after the service worker had precached it cost the precache's bytes.
  const viaWorker = precachedForPage(homeCold.result);
  verdict(
    firstVisit.assetBodies + viaWorker.bodies <= FIRST_VISIT_BUDGET,
    `first visit of home (HTML, JS, CSS, fonts, images, as sent) ${kb(firstVisit.assetBodies + viaWorker.bodies)}` +
      ` ≤ 170 KB (${kb(firstVisit.assets + viaWorker.bytes)} with the responses' headers;` +
      ` ${viaWorker.files} of the files by way of the service worker's precache)`,
  );
  verdict(
    homeWarm.result.bytes.total <= REPEAT_VISIT_BUDGET,
    `repeat visit of home ${kb(homeWarm.result.bytes.total)} ≤ 20 KB over the network`,
  );
  verdict(socket.wire <= SOCKET_PER_GAME_BUDGET, `/ws per player per game ${kb(socket.wire)} ≤ 30 KB`);
  verdict(coldLcp !== null && coldLcp <= LCP_LIMIT_MS, `cold LCP of home ${seconds(coldLcp)} ≤ 2.5 s`);
  // The first paint from the HTML is the signed-out page: the ratio is held by the visitor's cold
  // visit; a signed-in player's waits for the app, which draws their own page.
  const visitorLcp = visitor.result.lcp;
  verdict(
    visitorLcp !== null && bareLcp !== null && visitorLcp <= LCP_RATIO_LIMIT * bareLcp,
    `cold LCP of home, signed out ${seconds(visitorLcp)} ≤ 2× the bare page's${ratio(visitorLcp, bareLcp)}`,
  );
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-web-'));
  const bareServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(BARE_HTML);
  });
  await new Promise<void>((resolve) => bareServer.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}/`;
  // The browser's launch flags are the end-to-end suite's; its data folder is this run's.
  process.env.E2E_DATA_DIR = dataDir;
  const { default: config } = await import('../../playwright.config');
  const port = await freePort();
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer(port, dataDir);
    readPrecacheList();
    browser = await chromium.launch(config.use?.launchOptions);
    await run(browser, `http://127.0.0.1:${port}`, bareUrl);
  } finally {
    await browser?.close();
    server?.kill('SIGTERM');
    bareServer.close();
    if (server && server.exitCode === null) await new Promise((resolve) => server!.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  for (const { ok, text } of verdicts) console.log(`  ${ok ? 'met   ' : 'MISSED'}  ${text}`);
  process.exit(verdicts.every((v) => v.ok) ? 0 : 1);
}

await main();

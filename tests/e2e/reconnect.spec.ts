import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { hand, uniqueName } from './helpers';

/**
 * The socket that comes back (docs/design.md, "The socket that comes back"), in Chromium. The
 * page's clock is Playwright's, so the 20 reconnect attempts (about 8 minutes of backoff) run in a
 * few seconds. A server that cannot be reached is played by pointing new sockets at a closed port
 * (`__sparUnreachable`), which refuses them before they open, as a server that is down does.
 */

// Generous waits: the runner may share its cores, and a slow step here is not what is tested.
test.describe.configure({ timeout: 240_000 });
const slow = expect.configure({ timeout: 20_000 });

declare global {
  interface Window {
    __sparUnreachable?: boolean;
    __sparSockets?: number;
    __sparClosed?: number;
  }
}

/** Counts every socket the page opens, and sends them nowhere while `__sparUnreachable` is set. */
async function unreachableSwitch(context: BrowserContext) {
  await context.addInitScript(() => {
    const Real = window.WebSocket;
    window.__sparSockets = 0;
    window.__sparClosed = 0;
    window.WebSocket = class extends Real {
      constructor(url: string | URL, protocols?: string | string[]) {
        window.__sparSockets! += 1;
        super(window.__sparUnreachable ? 'ws://127.0.0.1:9/ws' : url, protocols);
        this.addEventListener('close', () => (window.__sparClosed! += 1));
      }
    };
  });
}

const connection = (page: Page, name: string | RegExp) =>
  page.getByRole('status', {
    name:
      typeof name === 'string' ? `Connection: ${name}` : new RegExp(`^Connection: ${name.source.slice(1)}`),
  });

/**
 * A player signed up through the API, whose session the context's pages start with, and a page
 * whose clock the test drives, installed before it loads anything.
 */
async function signedInWithClock(context: BrowserContext): Promise<Page> {
  const res = await context.request.post('/api/auth/register', {
    data: { username: uniqueName('recon'), password: 'correct horse' },
  });
  expect(res.ok()).toBe(true);
  const { token } = (await res.json()) as { token: string };
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.clock.install();
  return page;
}
const sockets = (page: Page) => page.evaluate(() => window.__sparSockets ?? 0);

/** Every socket the page made has closed: the client has scheduled its next attempt, or given up. */
const allClosed = (page: Page) =>
  page.waitForFunction(() => window.__sparClosed === window.__sparSockets, undefined, { timeout: 20_000 });

/** Runs the page's clock through the backoff until the client stops trying. */
async function exhaustAttempts(page: Page) {
  for (let i = 0; i < 30 && !(await connection(page, "Can't reach Spar").isVisible()); i++) {
    // A refused socket closes in real time, and only then is the next attempt scheduled.
    await allClosed(page);
    await page.clock.fastForward(35_000);
  }
  await slow(connection(page, "Can't reach Spar")).toBeVisible();
}

/** The frames of the page's sockets to /ws, as JSON, in order. */
function recordFrames(page: Page) {
  const sent: { type: string; [key: string]: unknown }[] = [];
  const received: { type: string; [key: string]: unknown }[] = [];
  page.on('websocket', (ws) => {
    ws.on('framesent', (frame) => sent.push(JSON.parse(String(frame.payload))));
    ws.on('framereceived', (frame) => received.push(JSON.parse(String(frame.payload))));
  });
  return { sent, received };
}

test('a practice game survives the socket dropping for longer than the 20 attempts; the held card goes out with its seq', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  await unreachableSwitch(context);
  const page = await signedInWithClock(context);
  const frames = recordFrames(page);
  await page.goto('/games');
  await page.getByRole('button', { name: 'easy' }).click();
  await slow(page).toHaveURL(/\/game\//);
  const gameUrl = page.url();
  const card = hand(page).locator('button:not([disabled])').first();
  await slow(card).toBeVisible();
  const cardName = (await card.getAttribute('aria-label'))!;
  const lastSeq = () =>
    frames.received
      .filter((m) => m.type === 'GAME_STATE' || m.type === 'GAME_UPDATE')
      .map((m) => (m.type === 'GAME_STATE' ? (m.game as { seq: number }).seq : (m.seq as number)))
      .at(-1)!;
  const seqBefore = lastSeq();

  // The network goes: the header says so at once, and the client makes no attempt while it is gone.
  await context.setOffline(true);
  await slow(connection(page, 'Offline')).toBeVisible();
  const before = await sockets(page);
  await page.clock.fastForward(120_000);
  expect(await sockets(page)).toBe(before);

  // A card tapped now is held, shown waiting, not lost.
  await hand(page).getByRole('button', { name: cardName }).click();
  await slow(hand(page).getByRole('button', { name: `${cardName}, waiting to send` })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/screens/phone-reconnect-offline.png' });

  // The network returns but Spar cannot be reached: Reconnecting…, then, after the 20 attempts,
  // Can't reach Spar with Retry, and no more attempts however long it waits.
  await page.evaluate(() => (window.__sparUnreachable = true));
  await context.setOffline(false);
  await slow(connection(page, 'Reconnecting…')).toBeVisible();
  await exhaustAttempts(page);
  const gaveUpAt = await sockets(page);
  // The one made when the network returned, and the 20 reconnects after it.
  expect(gaveUpAt - before).toBe(21);
  await page.clock.fastForward(600_000);
  await allClosed(page);
  expect(await sockets(page)).toBe(gaveUpAt);
  await slow(hand(page).getByRole('button', { name: `${cardName}, waiting to send` })).toBeVisible();
  await page.screenshot({ path: 'test-results/e2e/screens/phone-reconnect-unreachable.png' });

  // Retry, with Spar reachable again: the game resumes, and the held card goes out with the seq it
  // was tapped on. The server decides: played, or (when the turn timer played for the player
  // meanwhile, the game having moved on) refused as stale, which the player is told.
  await page.evaluate(() => (window.__sparUnreachable = false));
  await connection(page, "Can't reach Spar").getByRole('button', { name: 'Retry' }).click();
  await slow(page.getByRole('status', { name: /^Connection:/ })).toHaveCount(0);
  await slow(hand(page).getByRole('button', { name: /waiting to send/ })).toHaveCount(0);
  const plays = frames.sent.filter((m) => m.type === 'GAME_PLAY');
  expect(plays).toEqual([expect.objectContaining({ seq: seqBefore })]);
  const refusals = frames.received.filter((m) => m.type === 'ERROR');
  if (refusals.length === 0) {
    await slow(hand(page).getByRole('button', { name: cardName })).toHaveCount(0);
  } else {
    expect(refusals).toEqual([expect.objectContaining({ code: 'STALE_STATE', ref: 'GAME_PLAY' })]);
    await slow(page.getByText('Card not played')).toBeVisible();
  }
  // The game goes on from where the server has it: the same game, not over, the player's hand back.
  expect(page.url()).toBe(gameUrl);
  await slow(page.getByTestId('hand-progress')).toHaveText(/^Hand \d+ · trick \d\/5$/);
  expect(await page.getByRole('heading', { name: /^(You won!|You lost)$/ }).count()).toBe(0);
  const resumed = frames.received.filter((m) => m.type === 'GAME_STATE').at(-1)!;
  expect((resumed.game as { seq: number }).seq).toBeGreaterThanOrEqual(seqBefore);
  await context.close();
});

test('after the attempts ran out, the network coming back reconnects at once, and so does showing the page', async ({
  browser,
}) => {
  const context = await browser.newContext();
  await unreachableSwitch(context);
  const page = await signedInWithClock(context);
  await page.goto('/');
  await slow(connection(page, /^Connected/)).toBeVisible();

  await page.evaluate(() => (window.__sparUnreachable = true));
  await context.setOffline(true);
  await slow(connection(page, 'Offline')).toBeVisible();
  await context.setOffline(false);
  await exhaustAttempts(page);

  // No Retry and no clock: the network coming back is enough.
  await page.evaluate(() => (window.__sparUnreachable = false));
  await context.setOffline(true);
  await context.setOffline(false);
  await slow(connection(page, /^Connected/)).toBeVisible();

  // Gone again and given up; this time the page being shown again brings it back.
  await page.evaluate(() => (window.__sparUnreachable = true));
  await context.setOffline(true);
  await context.setOffline(false);
  await exhaustAttempts(page);
  await page.evaluate(() => {
    window.__sparUnreachable = false;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await slow(connection(page, /^Connected/)).toBeVisible();
  await context.close();
});

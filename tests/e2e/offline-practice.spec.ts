import { expect, test, type Page } from '@playwright/test';
import { hand, playToTheEnd, registerThroughUi, uniqueName } from './helpers';

/**
 * Practice on the device (docs/design.md, "Offline practice"): the network goes after /games has
 * opened (no service worker here, so nothing is reloaded offline), and a whole game against the
 * bots is played with no request to /api and no frame on /ws.
 */

/** Every request for /api or /ws and every frame sent on a socket, from the moment it is called. */
function watchTraffic(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api') || url.pathname.startsWith('/ws')) seen.push(request.url());
  });
  // The app's own socket keeps trying to come back while offline (lib/socket.ts); those attempts
  // reach nothing. What counts is that nothing is said on a socket.
  page.on('websocket', (socket) =>
    socket.on('framesent', (frame) => seen.push(`frame ${String(frame.payload)}`)),
  );
  // The worker's own requests (none expected once it is running).
  page.on('worker', (worker) => seen.push(`worker ${worker.url()}`));
  return seen;
}

async function openGamesThenGoOffline(page: Page) {
  await registerThroughUi(page, uniqueName('offp'));
  // Bots think for 60 ms, as the server's do in this suite (playwright.config.ts, BOT_DELAY_MS).
  await page.evaluate(() => sessionStorage.setItem('practice-bot-delay-ms', '60'));
  await page.goto('/games');
  // /games starts the practice worker: wait for it before the network goes.
  await expect.poll(() => page.workers().length, { timeout: 20_000 }).toBe(1);
  await page.context().setOffline(true);
  await expect(page.getByText(/No network: practice is played on this device/)).toBeVisible();
  // The queues need the server: offline they are off, and say why.
  await expect(page.getByRole('button', { name: 'Ranked' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Quick' })).toBeDisabled();
  await expect(page.getByText('Matchmaking needs a connection')).toBeVisible();
}

async function playWholeGame(page: Page, players: number, level: string) {
  await expect(page).toHaveURL(`/practice?bots=${players - 1}&level=${level}`);
  // The table says what the game is: in full on a wide screen, by name on a phone.
  await expect(
    page
      .getByTestId('toolbar-middle')
      .getByText(/^offline practice$|^Offline practice · unrated · no rewards$/),
  ).toBeVisible();
  await expect(page.getByTestId('hand-progress')).toBeVisible();
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  // The bots' seats: one per bot (its "bot" badge, or its level where a phone's side seat is
  // narrow), named as the server names them.
  await expect(page.getByText('bot', { exact: true }).or(page.getByLabel(`${level} bot`))).toHaveCount(
    players - 1,
  );
  await expect(page.getByLabel(new RegExp(`^\\S+ \\(${level}\\) holds \\d cards?$`))).toHaveCount(
    players - 1,
  );
  await playToTheEnd([page]);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Offline practice · unrated · no rewards')).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Replay' })).toHaveCount(0);
  await expect(dialog.getByText(/Rating|Earned/)).toHaveCount(0);
}

test('offline: a practice game against 2 bots runs on the device to the end, and Play again deals a new one', async ({
  page,
}) => {
  test.setTimeout(420_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await openGamesThenGoOffline(page);
  const traffic = watchTraffic(page);

  await page.getByText('2 bots', { exact: true }).click();
  await page.getByRole('button', { name: 'easy' }).click();
  await playWholeGame(page, 3, 'easy');
  expect(traffic).toEqual([]);

  // Play again: a new game of the same practice, at once and still with no request.
  await page.getByRole('button', { name: 'Play again' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  await expect(page.getByText('Hand 1 · trick 1/5')).toBeVisible();
  // Resigning ends it at once.
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  await expect(page.getByRole('heading', { name: 'You lost' })).toBeVisible();
  await expect(page.getByText('By resignation')).toBeVisible();
  expect(traffic).toEqual([]);
});

test('offline: a two-seat practice game against 1 bot', async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openGamesThenGoOffline(page);
  const traffic = watchTraffic(page);
  await page.getByRole('button', { name: 'medium' }).click();
  await playWholeGame(page, 2, 'medium');
  expect(traffic).toEqual([]);
});

test('online with the server unreachable, practice falls back to the device', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerThroughUi(page, uniqueName('offr'));
  await page.evaluate(() => sessionStorage.setItem('practice-bot-delay-ms', '60'));
  await page.goto('/games');
  await expect.poll(() => page.workers().length, { timeout: 20_000 }).toBe(1);
  // The server stops answering practice starts: the request fails as it would with no route to it.
  await page.route('**/api/games/practice', (route) => route.abort('connectionrefused'));
  await page.getByRole('button', { name: 'hard' }).click();
  await expect(page).toHaveURL('/practice?bots=1&level=hard');
  await expect(page.getByText('The server cannot be reached')).toBeVisible();
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  // On a small phone the toast sits over the felt, covering no seat (the top one least of all).
  await page.setViewportSize({ width: 360, height: 640 });
  await expect
    .poll(() =>
      page.evaluate(() => {
        const toast = document.querySelector('[aria-live="polite"] [role="status"]');
        if (!toast) return ['no toast'];
        const t = toast.getBoundingClientRect();
        return Array.from(document.querySelectorAll('[data-testid="seat"], [data-testid="seat-name"]'))
          .map((seat) => seat.getBoundingClientRect())
          .filter((s) => t.left < s.right && s.left < t.right && t.top < s.bottom && s.top < t.bottom)
          .map((s) => `toast over the seat at ${Math.round(s.left)},${Math.round(s.top)}`);
      }),
    )
    .toEqual([]);
  await page.screenshot({ path: 'test-results/e2e/screens/small-phone-practice-toast.png' });
});

test('a practice worker that cannot be fetched says so, and Retry starts a new one', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // The worker's script fails to arrive, as when the network drops before it was ever loaded.
  let reachable = false;
  await page.route('**/assets/local-game.worker-*.js', (route) =>
    reachable ? route.continue() : route.abort('internetdisconnected'),
  );
  await page.goto('/practice?bots=1&level=easy');
  await expect(page.getByRole('heading', { name: 'Practice could not start' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText('Dealing…')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to home' })).toBeVisible();
  reachable = true;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(hand(page).getByRole('button')).toHaveCount(5, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Practice could not start' })).toHaveCount(0);
});

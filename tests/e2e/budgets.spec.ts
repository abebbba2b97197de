/**
 * The byte budgets of a phone on mobile data (docs/benchmarks.md, "bench:web"). Bytes do not
 * depend on the machine's speed, so they are checked here, unthrottled; the times are only
 * measured by `npm run bench:web`. The first visit's 170 KB is checked at build time by
 * scripts/check-bundle.mjs.
 */
import { expect, test } from '@playwright/test';
import { uniqueName } from './helpers';
import {
  formatSocket,
  formatVisit,
  kb,
  PageTally,
  playPracticeGame,
  registerPlayer,
  serviceWorkerActive,
  ServiceWorkerTally,
  signInContext,
  sumVisit,
} from './web-measure';

const REPEAT_VISIT_BUDGET = 20 * 1024;

test('budget: a repeat visit of the signed-in home page moves at most 20 KB over the network', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  await signInContext(context, await registerPlayer(context.request, uniqueName('bud_home')));
  const worker = new ServiceWorkerTally(context);

  // The first visit, and the service worker's precache after it when there is one.
  const first = await context.newPage();
  const firstTally = await PageTally.attach(first);
  await first.goto('/');
  await expect(first.getByRole('button', { name: 'Ranked' })).toBeEnabled({ timeout: 30_000 });
  await firstTally.settle();
  if (await serviceWorkerActive(first)) await worker.settle();
  await first.close();
  worker.reset();

  // The same player opens the app again.
  const page = await context.newPage();
  const tally = await PageTally.attach(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Ranked' })).toBeEnabled({ timeout: 30_000 });
  await tally.settle();
  await worker.settle(500);
  const { transfers, socket } = tally.collected();
  const visit = sumVisit([...transfers, ...worker.collected()], socket);
  test.info().annotations.push({ type: 'repeat visit', description: kb(visit.total) });
  expect(visit.total, `repeat visit over the network:\n${formatVisit(visit)}`).toBeLessThanOrEqual(
    REPEAT_VISIT_BUDGET,
  );
  await context.close();
});

/**
 * The budget for /ws is 30 KB per player per game to 10 points. With protocol 2's implied updates
 * (docs/protocol.md, "Game updates are deltas") a GAME_UPDATE averaged ~220–233 bytes, so a long
 * game (over ~135 updates) went over; protocol 3's compact events (a trick's winner, a hand, a deal
 * and the next turn's seat left to the rules, the turn sent as its deadline) bring it to ~152 (173–177 measured
 * here in games whose client also rejoined often, a fault since fixed, after each rejoin of which
 * the next update names the spectators again: docs/benchmarks.md, "bench:web"). A game's total depends on its random deal (docs/benchmarks.md, "bench:web", whose run prints the
 * verdict); the size of a frame does not, so this test holds the frames to what they are now: a
 * change that fattens GAME_UPDATE, or a client that stops getting compact updates, fails here.
 * The suite's games end at 4 points: four such games averaged 155–178 bytes an update, the
 * shortest (two hands, 33 frames) the most.
 */
const GAME_UPDATE_AVERAGE_CEILING = 190;

test('a whole two-player practice game: /ws bytes per player, and GAME_UPDATE frames no larger than today', async ({
  page,
}) => {
  // A whole game (to 4 points in this suite: playwright.config.ts): about half a minute on an idle
  // machine, a few on one shared by several suites.
  test.setTimeout(600_000);
  await signInContext(page.context(), await registerPlayer(page.request, uniqueName('bud_ws')));
  const tally = await PageTally.attach(page);
  await page.goto('/games');
  const socket = await playPracticeGame(page, tally, { timeoutMs: 540_000 });
  const updates = socket.byType.GAME_UPDATE ?? { frames: 0, bytes: 0 };
  const figure = `${kb(socket.wire)} in ${socket.frames} frames (a game to the suite's 4 points; the 30 KB budget, for a game to 10, is bench:web's); GAME_UPDATE ${Math.round(updates.bytes / Math.max(1, updates.frames))} bytes on average`;
  test.info().annotations.push({ type: '/ws per game', description: figure });
  // Printed too, for docs/benchmarks.md's record of several games.
  console.log(`/ws per game: ${figure}\n${formatSocket(socket)}`);
  expect(socket.deflate, 'the socket is not compressed by default').toBe(false);
  expect(updates.frames, formatSocket(socket)).toBeGreaterThan(10);
  expect(updates.bytes / updates.frames, formatSocket(socket)).toBeLessThanOrEqual(
    GAME_UPDATE_AVERAGE_CEILING,
  );
});

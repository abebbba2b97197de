import { expect, test, type Page } from '@playwright/test';
import { cutShort, hand, registerThroughUi, toolbarProblems, uniqueName } from './helpers';

const SHOTS = 'test-results/e2e/screens';

/**
 * The face-up cards a page shows outside the table's trick, the hand result and dialogs: for a
 * spectator that would be a card still in someone's hand.
 */
function strayFaces(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('img'))
      .filter(
        (img) =>
          / of (hearts|diamonds|clubs|spades)$/.test(img.alt) &&
          // Played cards show on the table, in a won trick sweeping to its winner, the hand's result
          // and dialogs; nowhere else.
          !img.closest(
            '[aria-label="Cards on the table"], [data-testid="collected-trick"], [role="status"], [role="dialog"]',
          ),
      )
      .map((img) => img.alt),
  );
}

async function shoot(page: Page, name: string) {
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
    [360, 640],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    expect.soft(await cutShort(page), `${name} at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('a third user watches a live game to the end without seeing a hand, then replays it', async ({
  browser,
}) => {
  test.setTimeout(720_000);
  const names = [uniqueName('wa_a'), uniqueName('wa_b'), uniqueName('wa_eye')];
  const pages: Page[] = [];
  for (const name of names) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await registerThroughUi(page, name);
    pages.push(page);
  }
  const [a, b, eye] = pages as [Page, Page, Page];

  await eye.goto('/watch');
  await expect(eye.getByText('No live games right now')).toBeVisible();

  for (const page of [a, b]) {
    await page.goto('/games');
    await expect(page.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();
  }
  await a.getByRole('button', { name: 'Ranked' }).click();
  await expect(a.getByText(/Searching for a ranked opponent/)).toBeVisible();
  await b.getByRole('button', { name: 'Ranked' }).click();
  await a.getByRole('button', { name: 'Accept' }).click();
  await b.getByRole('button', { name: 'Accept' }).click();
  await expect(a).toHaveURL(/\/game\//);
  await expect(hand(a).getByRole('button')).toHaveCount(5);
  const gameId = a.url().split('/game/')[1]!;

  // The watch page finds the game by itself and plays it in its featured table.
  const featured = eye.getByRole('region', { name: 'Featured game' }).or(eye.getByLabel('Featured game'));
  await expect(featured).toBeVisible({ timeout: 15_000 });
  await expect(featured.getByText(`${names[0]} vs ${names[1]}`)).toBeVisible();
  await expect(featured.getByLabel('Cards on the table')).toBeVisible();
  // The header counts from the room the preview joined, this viewer included.
  await expect(featured.getByLabel('1 watching')).toBeVisible();
  expect(await hand(eye).count()).toBe(0);
  await shoot(eye, 'watch');
  // The whole featured table shows above the bottom tabs, the bottom player's cards too, without
  // scrolling: on the smallest phone drawn smaller to fit.
  for (const [width, height] of [
    [1440, 900],
    [390, 844],
    [360, 640],
  ] as const) {
    await eye.setViewportSize({ width, height });
    const lowest = () =>
      featured.evaluate((frame) =>
        Math.max(
          ...Array.from(
            frame.querySelectorAll('[aria-label$=" cards"]'),
            (el) => el.getBoundingClientRect().bottom,
          ),
        ),
      );
    await expect
      .poll(lowest, { message: `the featured table at ${width} px` })
      .toBeLessThanOrEqual(height - 64);
    expect(
      await eye.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      `sideways scrolling at ${width} px`,
    ).toBe(0);
  }
  await eye.setViewportSize({ width: 1440, height: 900 });

  await featured.getByRole('link', { name: 'Watch' }).click();
  await expect(eye).toHaveURL(`/game/${gameId}`);
  await expect(eye.getByText('watching', { exact: true })).toBeVisible();
  await shoot(eye, 'spectator-room');
  // The players are told at once, before anyone plays: their tables count the watcher.
  for (const page of [a, b]) await expect(page.getByLabel('1 watching')).toBeVisible();

  // The players play on; the spectator never has a hand nor sees a card before it is played.
  let checks = 0;
  // A time limit, not a count of rounds, as in helpers.ts `playToTheEnd`: rounds take longer on a
  // busy machine (in CI 600 of them ended at hand 13).
  const until = Date.now() + 9 * 60_000;
  for (let step = 0; Date.now() < until; step++) {
    const over = await Promise.all(
      [a, b].map((p) => p.getByRole('heading', { name: /^(You won!|You lost)$/ }).isVisible()),
    );
    if (over.every(Boolean)) break;
    for (const page of [a, b]) {
      const card = hand(page).locator('button:not([disabled])').first();
      if (await card.isVisible().catch(() => false))
        await card.click({ timeout: 1000 }).catch(() => undefined);
    }
    if (step % 4 === 0) {
      expect(await hand(eye).count()).toBe(0);
      expect(await strayFaces(eye)).toEqual([]);
      checks++;
    }
    if (step === 6) {
      // Both toolbars, the spectator's with its extra badge, fit a phone without cutting a badge.
      for (const [page, who] of [
        [a, 'player'],
        [eye, 'spectator'],
      ] as const) {
        await expect(page.getByLabel('1 watching')).toBeVisible();
        for (const [width, height] of [
          [360, 640],
          [390, 844],
          [1440, 900],
        ] as const) {
          await page.setViewportSize({ width, height });
          await expect.poll(() => toolbarProblems(page), `${who}'s toolbar at ${width} px`).toEqual([]);
        }
      }
    }
    await a.waitForTimeout(60);
  }
  expect(checks).toBeGreaterThan(8);

  const dialog = eye.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: / wins$/ })).toBeVisible();
  // The dialog's lines that are only a number are the scores, as standings (the winner first); the
  // replay gives them in seat order, so the two are compared as sets.
  const finalScores = (await dialog.innerText())
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^\d+$/.test(line))
    .map(Number)
    .sort((x, y) => x - y);
  expect(finalScores).toHaveLength(2);

  await dialog.getByRole('link', { name: 'Replay' }).click();
  await expect(eye).toHaveURL(`/game/${gameId}/replay`);
  // The first deal shows both hands in full.
  for (const name of names.slice(0, 2))
    await expect(eye.getByRole('group', { name: `${name}'s hand` }).locator('img')).toHaveCount(5);
  await eye.getByRole('button', { name: 'Next card' }).click();
  await expect(eye.getByLabel('Cards on the table').locator('img')).toHaveCount(1);
  await eye.getByRole('button', { name: 'Next card' }).click();
  await expect(eye.getByLabel('Cards on the table').locator('img')).toHaveCount(2);
  await eye.getByRole('button', { name: 'Previous card' }).click();
  await expect(eye.getByLabel('Cards on the table').locator('img')).toHaveCount(1);
  await eye.getByRole('button', { name: 'Play' }).click();
  await expect(eye.getByText(/played/).first()).toBeVisible();
  await eye.getByRole('button', { name: 'Pause' }).click();
  await shoot(eye, 'replay-mid');

  // Step card by card to the very end.
  const next = eye.getByRole('button', { name: 'Next card' });
  for (let i = 0; i < 400 && (await next.isEnabled()); i++) await next.click();
  const replayScores = async () =>
    (/Final score (\d+)–(\d+)/.exec((await eye.getByTestId('replay-final').textContent()) ?? '') ?? [])
      .slice(1)
      .map(Number)
      .sort((x, y) => x - y);
  await expect.poll(replayScores).toEqual(finalScores);
  await shoot(eye, 'replay-final');

  for (const page of pages) await page.context().close();
});

import { expect, test, type Page } from '@playwright/test';
import {
  cutShort,
  hand,
  playEachToTheEnd,
  registerThroughUi,
  seatProblems,
  tableAtRest,
  uniqueName,
} from './helpers';

const SHOTS = 'test-results/e2e/screens';

test('a 4-seat practice table, you and three bots, played to the end', async ({ page }) => {
  test.setTimeout(360_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page, uniqueName('four'));
  await page.goto('/games');
  await page.getByRole('radiogroup', { name: 'Quick table size' }).getByText('4 players').click();
  await page.getByRole('radiogroup', { name: 'Practice opponents' }).getByText('2 bots').click();
  await page.screenshot({ path: `${SHOTS}/phone-games-hub-pickers.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  const picker = page.getByRole('radiogroup', { name: 'Practice opponents' });
  await picker.getByText('3 bots').click();
  await expect(picker.getByRole('radio', { name: '3 bots' })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/desktop-games-hub-pickers.png`, fullPage: true });
  await page.getByRole('button', { name: 'medium' }).click();
  await expect(page).toHaveURL(/\/game\//);
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  // Three bots sit at the table with you, each a persona of its own ("Kofi (medium)").
  // (Counted by their seats' hands: the trick also labels the cards the bots played.)
  const bots = page.getByLabel(/^\p{L}+ \(medium\) holds \d cards?$/u);
  await expect(bots).toHaveCount(3);
  const botNames = await bots.evaluateAll((seats) =>
    seats.map((s) => s.getAttribute('aria-label')!.split(' (')[0]),
  );
  expect(new Set(botNames).size).toBe(3);
  await tableAtRest(page);
  await page.screenshot({ path: `${SHOTS}/desktop-table-4-seats.png` });
  expect.soft(await seatProblems(page), 'the 4-seat table at 1440 px').toEqual([]);
  // The same table on a tablet and on a small phone.
  for (const [width, height, name] of [
    [820, 1180, 'tablet'],
    [360, 640, 'small-phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await tableAtRest(page);
    await page.screenshot({ path: `${SHOTS}/${name}-table-4-seats.png` });
    expect.soft(await seatProblems(page), `the 4-seat table at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await playEachToTheEnd([page], 320_000);
  await expect(page.getByRole('dialog')).toContainText(/You won!|You lost/);
});

test('three players queue Quick for a table of 3, all accept, and play it to the end', async ({
  browser,
}) => {
  test.setTimeout(660_000);
  const pages: Page[] = [];
  // The last player is on a phone.
  for (const [i, name] of [uniqueName('q3_a'), uniqueName('q3_b'), uniqueName('q3_c')].entries()) {
    const viewport = i === 2 ? { width: 390, height: 844 } : { width: 1440, height: 900 };
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await registerThroughUi(page, name);
    await page.goto('/games');
    await expect(page.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();
    pages.push(page);
  }
  for (const page of pages) {
    await page.getByRole('radiogroup', { name: 'Quick table size' }).getByText('3 players').click();
    await page.getByRole('button', { name: 'Quick' }).click();
    await expect(
      page.getByText('Searching for a 3-player quick table…').or(page.getByText('Match found!')),
    ).toBeVisible();
  }
  const dialog = pages[0]!.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'Opponents' }).getByRole('listitem')).toHaveCount(2);
  await expect(dialog).toContainText('3-player table');
  await pages[0]!.screenshot({ path: `${SHOTS}/desktop-match-dialog-3.png` });
  await expect(pages[2]!.getByRole('dialog')).toContainText('3-player table');
  await pages[2]!.screenshot({ path: `${SHOTS}/phone-match-dialog-3.png` });
  expect(await cutShort(pages[2]!, '[role="dialog"]')).toEqual([]);
  await pages[0]!.getByRole('button', { name: 'Accept' }).click();
  await expect(pages[0]!.getByText('Waiting for the other players...')).toBeVisible();
  for (const page of pages.slice(1)) await page.getByRole('button', { name: 'Accept' }).click();
  for (const page of pages) {
    await expect(page).toHaveURL(/\/game\//);
    await expect(hand(page).getByRole('button')).toHaveCount(5);
  }
  expect(new Set(pages.map((p) => p.url())).size).toBe(1);
  for (const page of pages) {
    await tableAtRest(page);
    const width = page.viewportSize()!.width;
    expect.soft(await seatProblems(page), `the 3-seat table at ${width} px`).toEqual([]);
  }
  await playEachToTheEnd(pages, 600_000);
  const won = await Promise.all(pages.map((p) => p.getByRole('heading', { name: 'You won!' }).isVisible()));
  expect(won.filter(Boolean)).toHaveLength(1);
  for (const page of pages) await page.context().close();
});

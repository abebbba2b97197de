import { expect, test, type Page } from '@playwright/test';
import { registerThroughUi, uniqueName } from './helpers';

const SHOTS = 'test-results/e2e/screens';

function hand(page: Page) {
  return page.getByRole('group', { name: 'Your hand' });
}

/** Each player clicks a playable card whenever they have one, until all see the game-over dialog. */
async function playToTheEnd(pages: Page[]) {
  for (let step = 0; step < 1500; step++) {
    const over = await Promise.all(
      pages.map((p) => p.getByRole('heading', { name: /^(You won!|You lost)$/ }).isVisible()),
    );
    if (over.every(Boolean)) return;
    for (const page of pages) {
      const card = hand(page).locator('button:not([disabled])').first();
      if (await card.isVisible().catch(() => false))
        await card.click({ timeout: 1000 }).catch(() => undefined);
    }
    await pages[0]!.waitForTimeout(60);
  }
  throw new Error('the game did not end');
}

test('a 4-seat practice table, you and three bots, played to the end', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerThroughUi(page, uniqueName('four'));
  await page.goto('/games');
  const picker = page.getByRole('radiogroup', { name: 'Practice opponents' });
  await picker.getByText('3 bots').click();
  await expect(picker.getByRole('radio', { name: '3 bots' })).toBeChecked();
  await page.screenshot({ path: `${SHOTS}/desktop-games-hub-pickers.png`, fullPage: true });
  await page.getByRole('button', { name: 'medium' }).click();
  await expect(page).toHaveURL(/\/game\//);
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  // Three bots sit at the table with you.
  await expect(page.getByText('Bot (medium)')).toHaveCount(3);
  await page.screenshot({ path: `${SHOTS}/desktop-table-4-seats.png` });
  await playToTheEnd([page]);
  await expect(page.getByRole('dialog')).toContainText(/You won!|You lost/);
});

test('three players queue Quick for a table of 3, all accept, and play it to the end', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const pages: Page[] = [];
  for (const name of [uniqueName('q3_a'), uniqueName('q3_b'), uniqueName('q3_c')]) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
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
  await pages[0]!.getByRole('button', { name: 'Accept' }).click();
  await expect(pages[0]!.getByText('Waiting for the other players...')).toBeVisible();
  for (const page of pages.slice(1)) await page.getByRole('button', { name: 'Accept' }).click();
  for (const page of pages) {
    await expect(page).toHaveURL(/\/game\//);
    await expect(hand(page).getByRole('button')).toHaveCount(5);
  }
  expect(new Set(pages.map((p) => p.url())).size).toBe(1);
  await playToTheEnd(pages);
  const won = await Promise.all(pages.map((p) => p.getByRole('heading', { name: 'You won!' }).isVisible()));
  expect(won.filter(Boolean)).toHaveLength(1);
  for (const page of pages) await page.context().close();
});

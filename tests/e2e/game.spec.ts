import { expect, test, type Page } from '@playwright/test';
import { cutShort, hand, playToTheEnd, registerThroughUi, tableAtRest, uniqueName } from './helpers';

const SHOTS = 'test-results/e2e/screens';

/** One card on the table as `page` sees it, the first of a trick. */
const oneCardOnTable = async (page: Page) =>
  (await page.getByLabel('Cards on the table').locator('img').count()) === 1;

/** The hand's result over the felt. */
const handResultShown = (page: Page) => page.getByText(/wins? the hand/).isVisible();

/**
 * A screenshot of the table at rest while `showing` holds: checked now and again once the
 * table's animations have ended (a bot may play meanwhile). Says whether it took it.
 */
async function shotAtRest(page: Page, showing: (page: Page) => Promise<boolean>, path: string) {
  if (!(await showing(page))) return false;
  await tableAtRest(page);
  if (!(await showing(page))) return false;
  await page.screenshot({ path });
  return true;
}

async function finalScore(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return (await dialog.innerText()).replace(/\s+/g, ' ');
}

test('two players queue Ranked, accept, and play a whole game by clicking cards', async ({ browser }) => {
  test.setTimeout(240_000);
  const pages: Page[] = [];
  for (const name of [uniqueName('rk_a'), uniqueName('rk_b')]) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await registerThroughUi(page, name);
    await page.goto('/games');
    await expect(page.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();
    pages.push(page);
  }
  const [a, b] = pages as [Page, Page];
  await a.screenshot({ path: `${SHOTS}/desktop-games-hub.png`, fullPage: true });
  await a.getByRole('button', { name: 'Ranked' }).click();
  await expect(a.getByText(/Searching for a ranked opponent/)).toBeVisible();
  await b.getByRole('button', { name: 'Ranked' }).click();
  await a.getByRole('button', { name: 'Accept' }).click();
  await b.getByRole('button', { name: 'Accept' }).click();
  await expect(a).toHaveURL(/\/game\//);
  await expect(b).toHaveURL(/\/game\//);
  await expect(hand(a).getByRole('button')).toHaveCount(5);

  let tookMidTrick = false;
  let tookResult = false;
  await playToTheEnd(pages, async () => {
    if (!tookMidTrick)
      tookMidTrick = await shotAtRest(a, oneCardOnTable, `${SHOTS}/desktop-table-mid-trick.png`);
    if (!tookResult) tookResult = await shotAtRest(a, handResultShown, `${SHOTS}/desktop-hand-result.png`);
  });
  expect(tookMidTrick).toBe(true);
  expect(tookResult).toBe(true);
  const [scoreA, scoreB] = [await finalScore(a), await finalScore(b)];
  await a.waitForTimeout(600); // the dialog's entrance transition
  await a.screenshot({ path: `${SHOTS}/desktop-game-over.png` });
  // Both see the same final score, and one of them won.
  const numbers = (text: string) => text.match(/\d+/g)!.slice(0, 2).join('-');
  expect(numbers(scoreA)).toBe(numbers(scoreB));
  expect([scoreA.includes('You won!'), scoreB.includes('You won!')].filter(Boolean)).toHaveLength(1);
  expect(scoreA).toMatch(/Rating \d+/);
  for (const page of pages) await page.context().close();
});

test('a practice game against the easy bot, played to the end on a phone, with a reload mid-game', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page, uniqueName('prac'));
  await page.goto('/games');
  await page.screenshot({ path: `${SHOTS}/phone-games-hub.png`, fullPage: true });
  await page.getByRole('button', { name: 'easy' }).click();
  await expect(page).toHaveURL(/\/game\//);
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  const url = page.url();

  // Play a few cards, then reload: the game continues where it was.
  for (let i = 0; i < 4; i++) {
    const card = hand(page).locator('button:not([disabled])').first();
    await card.click();
    await page.waitForTimeout(300);
  }
  await tableAtRest(page);
  const before = await page.getByText(/Hand \d+ · trick \d\/5/).innerText();
  await page.screenshot({ path: `${SHOTS}/phone-table.png` });
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(page.getByText(/Hand \d+ · trick \d\/5/)).toHaveText(before);
  // Keyboard only: focus a playable card and press Enter.
  const playable = hand(page).locator('button:not([disabled])').first();
  await expect(playable).toBeVisible();
  await playable.focus();
  await page.keyboard.press('Enter');

  let tookMidTrick = false;
  let tookResult = false;
  await playToTheEnd([page], async () => {
    if (!tookMidTrick)
      tookMidTrick = await shotAtRest(page, oneCardOnTable, `${SHOTS}/phone-table-mid-trick.png`);
    if (!tookResult) tookResult = await shotAtRest(page, handResultShown, `${SHOTS}/phone-hand-result.png`);
  });
  expect(tookMidTrick).toBe(true);
  expect(tookResult).toBe(true);
  await page.waitForTimeout(600); // the dialog's entrance transition
  await page.screenshot({ path: `${SHOTS}/phone-game-over.png` });
  expect(await cutShort(page, '[role="dialog"]')).toEqual([]);
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Back to games' })).toBeVisible();
});

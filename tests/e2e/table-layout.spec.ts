import { expect, test, type Page } from '@playwright/test';
import { toolbarProblems, uniqueName } from './helpers';

const SHOTS = 'test-results/e2e/table-layout';
const VIEWPORTS = [
  { name: 'small-phone', width: 360, height: 640 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 768, height: 1024 },
  { name: 'laptop', width: 1280, height: 720 },
  { name: 'desktop', width: 1440, height: 900 },
];

/** Signs up with an email, so the account waits for verification and the reminder shows. */
async function registerWithEmail(page: Page, username: string): Promise<void> {
  await page.goto('/auth');
  await page.getByText('Create account', { exact: true }).first().click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Every card of the hand, the trick and the status line, as the browser lays them out. */
async function measure(page: Page) {
  return page.evaluate(() => {
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const hand = document.querySelector('[aria-label="Your hand"]');
    const trick = document.querySelector('[aria-label="Cards on the table"]');
    const status = document.querySelector('[data-testid="table-status"]');
    return {
      hand: Array.from(hand?.querySelectorAll('button') ?? [], box),
      trick: Array.from(trick?.querySelectorAll('img') ?? [], box),
      status: status ? box(status) : null,
      scroll: document.documentElement.scrollHeight - window.innerHeight,
      scrollX: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

test('a 2-player practice table fits every viewport: the whole hand on screen, the status clear of every card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerWithEmail(page, uniqueName('layout'));
  await page.goto('/games');
  // The account is unverified: the reminder shows on the hub, and the room keeps the whole window.
  await expect(page.getByRole('region', { name: 'Verification Required' })).toBeVisible();
  await page.getByRole('button', { name: 'easy' }).click();
  await expect(page).toHaveURL(/\/game\//);
  const hand = page.getByRole('group', { name: 'Your hand' });
  await expect(hand.getByRole('button')).toHaveCount(5);

  for (const size of VIEWPORTS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Wait for a card in the middle (ours or the bot's), and for the cards to settle.
    const played = page.getByLabel('Cards on the table').locator('img');
    await expect(async () => {
      if ((await played.count()) === 0) {
        const card = hand.locator('button:not([disabled])').first();
        if (await card.isVisible()) await card.click({ timeout: 1000 });
      }
      expect(await played.count()).toBeGreaterThan(0);
    }).toPass({ timeout: 15_000 });
    await page.waitForTimeout(700);
    await expect(page.getByRole('region', { name: 'Verification Required' })).toHaveCount(0);

    const m = await measure(page);
    const where = `${size.width}×${size.height}`;
    expect(m.hand.length, where).toBeGreaterThan(0);
    expect(m.scroll, `${where}: no vertical scrolling`).toBeLessThanOrEqual(0);
    expect(m.scrollX, `${where}: no horizontal scrolling`).toBeLessThanOrEqual(0);
    for (const card of m.hand) {
      expect(card.x, `${where}: card left edge`).toBeGreaterThanOrEqual(0);
      expect(card.y, `${where}: card top edge`).toBeGreaterThanOrEqual(0);
      expect(card.x + card.width, `${where}: card right edge`).toBeLessThanOrEqual(size.width);
      expect(card.y + card.height, `${where}: card bottom edge`).toBeLessThanOrEqual(size.height);
      if (size.width < 768) expect(card.width, `${where}: card width`).toBeGreaterThanOrEqual(48);
    }
    expect(m.status, where).not.toBeNull();
    for (const card of [...m.hand, ...m.trick])
      expect(overlap(m.status!, card), `${where}: status over a card`).toBe(false);
    for (const card of m.trick)
      for (const mine of m.hand) expect(overlap(card, mine), `${where}: trick over the hand`).toBe(false);
    expect(await toolbarProblems(page), `${where}: toolbar`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/${size.name}-${size.width}x${size.height}.png` });
  }
});

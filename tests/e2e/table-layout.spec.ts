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
    // Drawn widths, before the fan turns them.
    const width = (el: Element | null | undefined) => (el instanceof HTMLElement ? el.offsetWidth : 0);
    return {
      hand: Array.from(hand?.querySelectorAll('button') ?? [], box),
      trick: Array.from(trick?.querySelectorAll('img') ?? [], box),
      handCardWidth: width(hand?.querySelector('button')),
      trickCardWidth: width(trick?.querySelector('img')),
      status: status ? box(status) : null,
      scroll: document.documentElement.scrollHeight - window.innerHeight,
      scrollX: document.documentElement.scrollWidth - window.innerWidth,
    };
  });
}

test('a 2-player practice table fits every viewport, its cards grow on a desktop, and "1" plays a card with the focus kept on the hand', async ({
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
  const cardWidths = new Map<number, { hand: number; trick: number }>();

  for (const size of VIEWPORTS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    // Measure with a card in the middle (ours or the bot's) and cards in the hand, once they have
    // settled. A trick is swept away a moment after its last card, and on our lead nobody plays
    // another until we do, so the measure is taken again, playing a card when it is ours to play,
    // until both are there.
    const played = page.getByLabel('Cards on the table').locator('img');
    let m: Awaited<ReturnType<typeof measure>> | undefined;
    await expect(async () => {
      if ((await played.count()) === 0) {
        const card = hand.locator('button:not([disabled])').first();
        if (await card.isVisible()) await card.click({ timeout: 1000 });
      }
      expect(await played.count()).toBeGreaterThan(0);
      await page.waitForTimeout(700);
      m = await measure(page);
      // Not between hands either: the hand's result shows over an empty hand until the next deal.
      expect(m.trick.length).toBeGreaterThan(0);
      expect(m.hand.length).toBeGreaterThan(0);
    }).toPass({ timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Verification Required' })).toHaveCount(0);
    if (!m) throw new Error('never measured');

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
    cardWidths.set(size.width, { hand: m.handCardWidth, trick: m.trickCardWidth });
  }

  // A desktop's felt is no longer mostly empty: its cards are far larger than a phone's.
  const phone = cardWidths.get(390)!;
  const desktop = cardWidths.get(1440)!;
  expect(desktop.hand, 'hand card at 1440 against 390').toBeGreaterThanOrEqual(phone.hand * 1.4);
  expect(desktop.trick, 'trick card at 1440 against 390').toBeGreaterThan(phone.trick);

  // From the keyboard: "1" plays the first playable card, and the focus stays on the hand's cards.
  const first = hand.locator('button:not([disabled])').first();
  await expect(first).toBeVisible({ timeout: 15_000 });
  const label = (await first.getAttribute('aria-label'))!;
  await page.keyboard.press('1');
  await expect(hand.getByRole('button', { name: label, exact: true })).toHaveCount(0);
  const focused = () =>
    page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'body';
      if (el.closest('[aria-label="Your hand"]') && el.tagName === 'BUTTON') return 'card';
      return el.getAttribute('aria-label') === 'Your hand' ? 'hand' : el.tagName;
    });
  // At once, the focus is on a card or (while the bot plays) the hand, never the page.
  expect(['card', 'hand']).toContain(await focused());
  // Once it is our turn again it is on a playable card, and each playable card shows its key.
  await expect.poll(focused, { timeout: 15_000 }).toBe('card');
  await expect(page.locator(':focus')).toBeEnabled();
  await expect(hand.getByTestId('key-hint').first()).toHaveText('1');
  await page.screenshot({ path: `${SHOTS}/desktop-keyboard.png` });
});

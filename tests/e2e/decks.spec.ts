import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  buyCoinsThroughTestCheckout,
  clampedText,
  cutShort,
  registerThroughUi,
  tableAtRest,
  uniqueName,
} from './helpers';

const SHOTS = 'test-results/e2e/screens';

/** "1,200" → 1200. */
const parse = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
const shown = (n: number) => n.toLocaleString('en');
const decks = (page: Page) => page.getByTestId('deck-item');
const deckNames = async (page: Page) =>
  (await decks(page).evaluateAll((items) =>
    items.map((item) => item.getAttribute('aria-label')),
  )) as string[];
const coinPriced = (scope: Locator | Page) =>
  scope.getByTestId('deck-price').getByRole('img', { name: 'coins', exact: true });

async function openDecks(page: Page) {
  await page.goto('/shop');
  await page.getByRole('tab', { name: 'Decks' }).click();
  await expect(decks(page).first()).toBeVisible();
  // The address keeps the tab, so a reload or the back button comes back to it.
  await expect(page).toHaveURL(/\/shop\?tab=decks$/);
}

/** 500-odd coins through the built-in test checkout, as a player would get them. */
async function buyCoins(page: Page): Promise<number> {
  const grant = await buyCoinsThroughTestCheckout(page);
  await expect(page.getByTestId('balance-regular')).toHaveText(shown(grant));
  return grant;
}

test('a player buys a premium deck, makes it their default and plays a practice game with its cards', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page, uniqueName('deck'));
  const coins = await buyCoins(page);

  await page.getByRole('tab', { name: 'Decks' }).click();
  await page.getByRole('tab', { name: 'Premium' }).click();
  await page.getByRole('combobox', { name: 'Membership' }).selectOption('premium');
  // The dearest premium deck the coins cover.
  let chosen: { name: string; price: number } | null = null;
  for (const item of await decks(page).all()) {
    const price = parse(await item.getByTestId('deck-price').textContent());
    if ((await coinPriced(item).count()) === 1 && price <= coins && (!chosen || price > chosen.price))
      chosen = { name: (await item.getAttribute('aria-label'))!, price };
  }
  expect(chosen, 'a premium deck the coins cover').not.toBeNull();
  const { name, price } = chosen!;
  const card = page.getByRole('article', { name });
  const folder = /\/assets\/decks\/([^/]+)\/A13\.svg$/.exec(
    (await card.getByTestId('deck-preview-card').first().getAttribute('src'))!,
  )![1]!;
  expect(folder).not.toBe('default');

  // An exclusive deck costs gems, and this player has none: confirm stays disabled.
  await page.getByRole('combobox', { name: 'Membership' }).selectOption('exclusive');
  await decks(page).first().getByRole('button', { name: /^Buy / }).click();
  let dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  await expect(dialog.getByText(/^You need [\d,]+ gems more to buy this deck\.$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Buy for / })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  // The premium deck, with the coins.
  await page.getByRole('combobox', { name: 'Membership' }).selectOption('premium');
  await card.getByRole('button', { name: `Buy ${name}` }).click();
  dialog = page.getByRole('dialog', { name: 'Confirm purchase' });
  const confirm = dialog.getByRole('button', { name: `Buy for ${shown(price)} coins` });
  await expect(confirm).toBeEnabled();
  await page.waitForTimeout(400); // the dialog's entrance transition
  await page.screenshot({ path: `${SHOTS}/decks-phone-confirm.png` });
  expect.soft(await cutShort(page), 'confirm dialog').toEqual([]);
  await confirm.click();
  await expect(page.getByText('Purchase Successful')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('balance-regular')).toHaveText(shown(coins - price));
  await expect(card.getByText('Owned')).toBeVisible();

  await card.getByRole('button', { name: `Set ${name} as default` }).click();
  await expect(card.getByText('Default', { exact: true })).toBeVisible();
  await expect(card.getByText('In use')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/decks-phone-owned-default.png` });
  expect.soft(await cutShort(page), 'owned default deck').toEqual([]);
  // Only one deck is the default: the system deck gave way.
  await page.getByRole('combobox', { name: 'Membership' }).selectOption('all');
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page.getByText('Default', { exact: true })).toHaveCount(1);

  // A reload reads the same from the server.
  await openDecks(page);
  await expect(page.getByRole('article', { name }).getByText('Default', { exact: true })).toBeVisible();

  // A practice game: the hand, and then the trick, are drawn from that deck's folder.
  await page.goto('/games');
  await page.getByRole('button', { name: 'easy' }).click();
  await expect(page).toHaveURL(/\/game\//);
  const hand = page.getByRole('group', { name: 'Your hand' });
  await expect(hand.getByRole('button')).toHaveCount(5);
  const art = hand.getByRole('img');
  await expect(art.first()).toHaveAttribute('src', new RegExp(`^/assets/decks/${folder}/[^/]+\\.svg$`));
  const sources = await art.evaluateAll((imgs) =>
    imgs.map((img) => ({
      src: img.getAttribute('src'),
      loaded: (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
    })),
  );
  expect(sources).toHaveLength(5);
  for (const { src, loaded } of sources) {
    expect(src).toMatch(
      new RegExp(`^/assets/decks/${folder}/(6|7|8|9|10|J|Q|K|A)_(hearts|diamonds|clubs|spades)\\.svg$`),
    );
    expect(loaded, `${src} loads`).toBe(true);
  }
  // The opponent's backs too.
  const backs = page
    .getByLabel(/holds \d+ cards$/)
    .first()
    .getByRole('img');
  await expect(backs.first()).toHaveAttribute('src', `/assets/decks/${folder}/back.svg`);
  await tableAtRest(page);
  await page.screenshot({ path: `${SHOTS}/decks-phone-table.png` });
  expect(errors).toEqual([]);
});

test('deck filters, tabs and the grid / list toggle on a phone and a desktop', async ({ page }) => {
  // Three sizes, each with a page load, filters and screenshots: ~35 s on a quiet machine, over a
  // minute beside other work.
  test.setTimeout(120_000);
  await registerThroughUi(page, uniqueName('dfil'));
  for (const size of [
    { name: 'small-phone', width: 360, height: 640 },
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1440, height: 900 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.evaluate(() => localStorage.removeItem('deck-view'));
    await openDecks(page);
    const all = await deckNames(page);
    expect(all).toHaveLength(24);
    await expect(page.getByTestId('deck-list')).toHaveAttribute('data-view', 'grid');
    await page.waitForTimeout(400); // let the images and entrance settle for the picture
    await page.screenshot({ path: `${SHOTS}/decks-${size.name}-grid.png` });
    expect.soft(await cutShort(page), `grid at ${size.width}px`).toEqual([]);
    // Every deck's name shows whole, on a phone's half-width card too.
    expect.soft(await clampedText(page, '[data-testid="deck-list"]'), `grid at ${size.width}px`).toEqual([]);

    // Tabs: premium holds premium and exclusive decks, free only free ones.
    await page.getByRole('tab', { name: 'Premium' }).click();
    const premium = await deckNames(page);
    await page.getByRole('tab', { name: 'Free' }).click();
    const free = await deckNames(page);
    expect(premium.length).toBeGreaterThan(0);
    expect(free.length).toBeGreaterThan(0);
    expect([...premium, ...free].sort()).toEqual([...all].sort());
    await page.getByRole('combobox', { name: 'Membership' }).selectOption('exclusive');
    await expect(page.getByText('No decks match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(decks(page)).toHaveCount(24);

    // Membership and type.
    await page.getByRole('combobox', { name: 'Membership' }).selectOption('exclusive');
    const exclusive = await deckNames(page);
    expect(exclusive.length).toBeGreaterThan(0);
    expect(exclusive.every((name) => premium.includes(name))).toBe(true);
    for (const item of await decks(page).all())
      await expect(
        item.getByTestId('deck-price').getByRole('img', { name: 'gems', exact: true }),
      ).toBeVisible();
    await page.getByRole('combobox', { name: 'Membership' }).selectOption('all');
    await page.getByRole('combobox', { name: 'Deck type' }).selectOption('pixel');
    expect(await deckNames(page)).toEqual(['Pixel City']);
    await page.getByRole('combobox', { name: 'Deck type' }).selectOption('all');

    // Name search.
    await page.getByRole('textbox', { name: 'Search decks' }).fill('  of  ');
    const matching = all.filter((name) => name.toLowerCase().includes('of'));
    await expect(decks(page)).toHaveCount(matching.length);
    expect(await deckNames(page)).toEqual(matching);
    await page.screenshot({ path: `${SHOTS}/decks-${size.name}-search.png` });
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(decks(page)).toHaveCount(24);

    // The list view, remembered across a reload.
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(page.getByTestId('deck-list')).toHaveAttribute('data-view', 'list');
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/decks-${size.name}-list.png` });
    expect.soft(await cutShort(page), `list at ${size.width}px`).toEqual([]);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Decks' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('deck-list')).toHaveAttribute('data-view', 'list');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `decks at ${size.width}px`).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(page.getByTestId('deck-list')).toHaveAttribute('data-view', 'grid');
  }
});

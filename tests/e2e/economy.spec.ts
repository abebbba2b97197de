import { expect, test, type Locator, type Page } from '@playwright/test';
import { clampedText, cutShort, registerThroughUi, uniqueName } from './helpers';

/** "1,200" → 1200. */
const parse = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));
const shown = (n: number) => n.toLocaleString('en');

async function amountOf(locator: Locator): Promise<number> {
  return parse(await locator.textContent());
}

async function screenshots(page: Page) {
  for (const size of [
    { name: 'small-phone', width: 360, height: 640 },
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1440, height: 900 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const [path, name] of [
      ['/games', 'games'],
      ['/shop', 'shop'],
    ] as const) {
      await page.goto(path);
      await expect(
        page
          .getByTestId('balance-regular')
          .or(page.getByRole('region', { name: 'Daily reward' }))
          .first(),
      ).toBeVisible();
      await page.waitForTimeout(400); // let entrance animations settle for the picture
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${size.width}px`).toBeLessThanOrEqual(0);
      expect.soft(await cutShort(page), `${path} at ${size.width}px`).toEqual([]);
      // What a pack holds and why it is worth its price is read whole before paying.
      expect.soft(await clampedText(page, '[data-testid="pack"]'), `${path} at ${size.width}px`).toEqual([]);
      await page.screenshot({
        path: `test-results/e2e/screens/economy-${size.name}-${name}.png`,
        fullPage: true,
      });
    }
  }
}

test('economy: claim the daily reward, buy a coin pack through the test checkout and an avatar; balance and histories agree', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await registerThroughUi(page, uniqueName('econ'));

  // The daily reward, on the games hub.
  await page.goto('/games');
  const daily = page.getByRole('region', { name: 'Daily reward' });
  await expect(daily.getByText('0 day streak')).toBeVisible();
  await daily.getByRole('button', { name: 'Claim' }).click();
  await expect(page.getByText('Daily Reward Claimed')).toBeVisible();
  await expect(daily.getByRole('button', { name: 'Claimed' })).toBeDisabled();
  await expect(daily.getByText('1 day streak')).toBeVisible();
  await expect(daily.getByText(/^Next reward in /)).toBeVisible();
  const claimText =
    (await page.getByText(/^\+[\d,]+ (coins?|gems?)\. Day 1 of your streak\.$/).textContent()) ?? '';
  const dailyAmount = parse(claimText.split('.')[0]!);
  const dailyCoins = /coins?\./.test(claimText) ? dailyAmount : 0;
  expect(dailyAmount).toBeGreaterThan(0);

  // The shop shows it in the balance.
  await page.goto('/shop');
  const coins = page.getByTestId('balance-regular');
  await expect(coins).toHaveText(shown(dailyCoins));

  // A coin pack through the built-in test provider.
  const pack = page
    .getByTestId('pack')
    .filter({ has: page.getByRole('img', { name: 'coins', exact: true }) })
    .first();
  const grant = await amountOf(pack.getByTestId('pack-grant'));
  expect(grant).toBeGreaterThan(0);
  const packName = ((await pack.getByRole('button', { name: /^Buy / }).getAttribute('aria-label')) ?? '')
    .replace(/^Buy /, '')
    .replace(/ for .*$/, '');
  // Buy asks first; the payment is opened only by Pay.
  await pack.getByRole('button', { name: /^Buy / }).click();
  const confirmPayment = page.getByRole('dialog', { name: 'Confirm payment' });
  await confirmPayment.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\/[^/?]+$/);
  await expect(page.getByText('Test payment — no real money moves').first()).toBeVisible();
  // The checkout fits a small phone and a desktop: nothing clipped, no sideways scrolling.
  const viewport = page.viewportSize();
  for (const [width, height] of [
    [360, 640],
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    const fit = await page.evaluate(() => {
      const main = document.querySelector('main')!.getBoundingClientRect();
      return {
        left: main.left,
        right: main.right,
        width: window.innerWidth,
        scrollX: document.documentElement.scrollWidth - window.innerWidth,
      };
    });
    expect(fit.left, `checkout at ${width} px: left edge`).toBeGreaterThanOrEqual(0);
    expect(fit.right, `checkout at ${width} px: right edge`).toBeLessThanOrEqual(fit.width);
    expect(fit.scrollX, `checkout at ${width} px: sideways scrolling`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/e2e/screens/test-checkout-${width}x${height}.png` });
  }
  if (viewport) await page.setViewportSize(viewport);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page.getByText(`${shown(grant)} coins added to your balance.`)).toBeVisible();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(coins).toHaveText(shown(dailyCoins + grant));
  await expect(page.getByRole('status', { name: 'Pending payments' })).toHaveCount(0);

  // An avatar bought with those coins: the first one priced in coins that the balance covers.
  await page.getByRole('tab', { name: 'Avatars' }).click();
  const priced = page
    .getByTestId('shop-item')
    .filter({ has: page.getByTestId('item-price').getByRole('img', { name: 'coins', exact: true }) });
  await expect(priced.first()).toBeVisible();
  let chosen: { card: Locator; price: number } | null = null;
  for (const card of await priced.all()) {
    const price = await amountOf(card.getByTestId('item-price'));
    if (price <= dailyCoins + grant) {
      chosen = { card, price };
      break;
    }
  }
  expect(chosen, 'an avatar the balance covers').not.toBeNull();
  const { card, price } = chosen!;
  const buy = card.getByRole('button', { name: /^Buy / });
  const avatarName = ((await buy.getAttribute('aria-label')) ?? '').replace(/^Buy /, '');
  await buy.click();
  const confirm = page.getByRole('dialog', { name: 'Confirm purchase' });
  await confirm.getByRole('button', { name: /^Buy for / }).click();
  await expect(page.getByText('Purchase Successful')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(card.getByText('Owned').first()).toBeVisible();
  await expect(coins).toHaveText(shown(dailyCoins + grant - price));

  // Both histories.
  const purchases = page.getByRole('region', { name: 'Purchase history' });
  await expect(purchases.getByTestId('purchase-row').filter({ hasText: avatarName })).toHaveCount(1);
  // The coin pack paid with money is there too.
  await expect(purchases.getByTestId('purchase-row').filter({ hasText: packName })).toHaveCount(1);
  const ledger = page.getByRole('region', { name: 'Transaction history' });
  await expect(ledger.getByTestId('transaction-row')).toHaveCount(3);
  await expect(ledger.getByTestId('transaction-row').filter({ hasText: `+${shown(grant)}` })).toHaveCount(1);
  await expect(ledger.getByTestId('transaction-row').filter({ hasText: `−${shown(price)}` })).toHaveCount(1);
  await expect(
    ledger
      .getByTestId('transaction-row')
      .filter({ hasText: `+${shown(dailyAmount)}` })
      .first(),
  ).toBeVisible();

  // A reload reads the same from the server.
  await page.reload();
  await expect(coins).toHaveText(shown(dailyCoins + grant - price));

  await screenshots(page);
  expect(errors).toEqual([]);
});

test('a pack payment left unpaid can be cancelled from the shop, and leaving the test checkout ends it', async ({
  page,
}) => {
  // Three trips to the checkout and back.
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  await registerThroughUi(page, uniqueName('cancel'));
  await page.goto('/shop');
  const coins = page.getByTestId('balance-regular');
  await expect(coins).toHaveText('0');
  const pack = page.getByTestId('pack').first();
  const name = (await pack.getByRole('button', { name: /^Buy / }).getAttribute('aria-label'))!
    .replace(/^Buy /, '')
    .replace(/ for .*$/, '');

  // Cancel in the confirmation opens no payment at all.
  await pack.getByRole('button', { name: /^Buy / }).click();
  const confirmPayment = page.getByRole('dialog', { name: 'Confirm payment' });
  await confirmPayment.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmPayment).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Pending payments' })).toHaveCount(0);

  // Pay, then leave the checkout without paying: back in the shop the payment waits, with Cancel.
  await pack.getByRole('button', { name: /^Buy / }).click();
  await confirmPayment.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\/[^/?]+$/);
  await page.goto('/shop');
  const strip = page.getByRole('status', { name: 'Pending payments' });
  await expect(strip.getByText(`${name}: waiting for the payment to be confirmed`)).toBeVisible();
  await strip.getByRole('button', { name: `Cancel the payment for ${name}` }).click();
  await expect(page.getByText('Payment Cancelled')).toBeVisible();
  await expect(page.getByText('Nothing was charged.')).toBeVisible();
  await expect(strip).toHaveCount(0);
  await expect(coins).toHaveText('0');

  // Leaving through the test checkout's own Cancel ends the payment as well.
  await pack.getByRole('button', { name: /^Buy / }).click();
  await confirmPayment.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\/[^/?]+$/);
  await page.getByRole('button', { name: 'Cancel and go back' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Pending payments' })).toHaveCount(0);
  await expect(coins).toHaveText('0');
  await expect(
    page.getByRole('region', { name: 'Purchase history' }).getByTestId('purchase-row'),
  ).toHaveCount(0);
  expect(errors).toEqual([]);
});

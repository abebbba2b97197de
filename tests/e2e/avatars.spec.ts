import { expect, test, type Page } from '@playwright/test';
import { buyCoinsThroughTestCheckout, cutShort, registerThroughUi, tableAtRest, uniqueName } from './helpers';

const SHOTS = 'test-results/e2e/screens';

/** Buys the first avatar priced in coins; returns its name and picture. */
async function buyAvatar(page: Page): Promise<{ name: string; imageUrl: string }> {
  await page.getByRole('tab', { name: 'Avatars' }).click();
  const card = page
    .getByTestId('shop-item')
    .filter({ has: page.getByTestId('item-price').getByRole('img', { name: 'coins', exact: true }) })
    .first();
  const buy = card.getByRole('button', { name: /^Buy / });
  const name = ((await buy.getAttribute('aria-label')) ?? '').replace(/^Buy /, '');
  const imageUrl = (await card.getByRole('img', { name }).getAttribute('src')) ?? '';
  await buy.click();
  await page
    .getByRole('dialog', { name: 'Confirm purchase' })
    .getByRole('button', { name: /^Buy for / })
    .click();
  await expect(page.getByText('Purchase Successful')).toBeVisible();
  await expect(card.getByText('Owned').first()).toBeVisible();
  return { name, imageUrl };
}

async function noSidewaysScroll(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
}

test('a player buys an avatar, picks it on the profile, and sees it there and at a practice table', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  const username = uniqueName('ava');
  const mine = page.getByRole('img', { name: `${username}'s avatar` });
  await registerThroughUi(page, username);
  await buyCoinsThroughTestCheckout(page);
  // The profile's link to more avatars opens the shop at its Avatars tab, kept over a reload.
  await page.goto('/profile');
  await page.getByRole('link', { name: 'More in the shop' }).click();
  await expect(page).toHaveURL(/\/shop\?tab=avatars$/);
  const avatarsTab = page.getByRole('tab', { name: 'Avatars' });
  await expect(avatarsTab).toHaveAttribute('aria-selected', 'true');
  await page.reload();
  await expect(avatarsTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('shop-item').first()).toBeVisible();
  const avatar = await buyAvatar(page);
  expect(avatar.imageUrl).toMatch(/^\/assets\/shop\/avatars\/.+\.svg$/);

  // The profile shows the initials until the bought avatar is picked.
  await page.goto('/profile');
  const picker = page.getByRole('region', { name: 'Avatar' });
  await expect(picker.getByRole('radio', { name: 'Initials' })).toHaveAttribute('aria-checked', 'true');
  await expect(mine).toHaveCount(0);
  await picker.getByRole('radio', { name: avatar.name }).click();
  await expect(page.getByText('Avatar saved')).toBeVisible();
  await expect(picker.getByRole('radio', { name: avatar.name })).toHaveAttribute('aria-checked', 'true');
  await expect(mine).toHaveAttribute('src', avatar.imageUrl);
  // It loaded: a broken picture would have been swapped for the initials.
  await expect.poll(() => mine.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Kept on the server: a reload shows it too.
  await page.reload();
  await expect(mine).toHaveAttribute('src', avatar.imageUrl);
  await expect(picker.getByRole('radio', { name: avatar.name })).toHaveAttribute('aria-checked', 'true');
  for (const size of [
    { name: 'small-phone', width: 360, height: 640 },
    { name: 'phone', width: 390, height: 844 },
    { name: 'desktop', width: 1440, height: 900 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    await noSidewaysScroll(page, `profile at ${size.width}px`);
    expect.soft(await cutShort(page), `profile at ${size.width}px`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/avatars-${size.name}-profile.png`, fullPage: true });
  }

  // The home page's account corner shows it too.
  await page.goto('/');
  await expect(page.getByRole('link', { name: username }).locator('img')).toHaveAttribute(
    'src',
    avatar.imageUrl,
  );

  // At a practice table: the player's seat shows the avatar, the bot's its initials.
  await page.goto('/games');
  await page.getByRole('button', { name: 'easy' }).click();
  await expect(page).toHaveURL(/\/game\//);
  await expect(page.getByRole('group', { name: 'Your hand' }).getByRole('button')).toHaveCount(5);
  await expect(mine).toHaveAttribute('src', avatar.imageUrl);
  await expect.poll(() => mine.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The bot is one of the named personas ("Abena (easy)"), shown by its initials.
  await expect(page.getByRole('img', { name: /\(easy\)'s avatar$/ })).toHaveCount(0);
  const botName = (await page
    .getByText(/^\p{L}+ \(easy\)$/u)
    .first()
    .textContent())!;
  await expect(page.getByText(botName.slice(0, 2).toUpperCase(), { exact: true })).toBeVisible();
  for (const size of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: 'phone', width: 390, height: 844 },
    { name: 'small-phone', width: 360, height: 640 },
  ]) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(300);
    await noSidewaysScroll(page, `table at ${size.width}px`);
    await tableAtRest(page);
    expect.soft(await cutShort(page), `table at ${size.width}px`).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/avatars-${size.name}-table.png` });
  }

  // Back to the initials, and the profile shows them again.
  await page.goto('/profile');
  await picker.getByRole('radio', { name: 'Initials' }).click();
  await expect(picker.getByRole('radio', { name: 'Initials' })).toHaveAttribute('aria-checked', 'true');
  await expect(mine).toHaveCount(0);
  expect(errors).toEqual([]);
});

import { expect, test, type Page } from '@playwright/test';
import { cutShort, registerThroughUi, uniqueName } from './helpers';

const SHOTS = 'test-results/e2e/polish';
const SIZES = [
  { name: 'small-phone', width: 360, height: 640 },
  { name: 'phone', width: 390, height: 844 },
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

const banner = (page: Page) => page.getByRole('region', { name: 'Verification Required' });

test('the verification reminder is one slim line, stays out of the game room, and can be dismissed for the session', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await registerWithEmail(page, uniqueName('verify'));
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Please check your email to verify your account');
  expect((await banner(page).boundingBox())!.height).toBeLessThanOrEqual(44);

  // Never in the game room.
  await page.goto('/games');
  await expect(banner(page)).toBeVisible();
  await page.getByRole('button', { name: 'easy' }).click();
  await expect(page).toHaveURL(/\/game\//);
  // The hand's group is a frame for absolutely placed cards: its cards are what shows.
  await expect(page.getByRole('group', { name: 'Your hand' }).getByRole('button').first()).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  // Dismissed: gone on every page, and after a reload, for as long as the tab lives.
  await page.goto('/');
  await banner(page).getByRole('button', { name: 'Dismiss the verification reminder' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/games');
  await expect(page.getByRole('button', { name: 'Ranked' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Ranked' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);

  // A new tab is a new session: the reminder is back there.
  const other = await page.context().newPage();
  await other.goto('/');
  await expect(banner(other)).toBeVisible();
});

test('a signed-in player is sent on from /auth, and the home page names the ways to play', async ({
  page,
}) => {
  await registerThroughUi(page, uniqueName('home'));
  await page.goto('/auth');
  await expect(page).toHaveURL('/');
  await page.goto(`/auth?returnTo=${encodeURIComponent('/profile')}`);
  await expect(page).toHaveURL('/profile');
  await expect(page.getByLabel('Password')).toHaveCount(0);

  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Play now' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ranked' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Practice' })).toHaveAttribute('href', '/games');
  await expect(page.getByRole('link', { name: /All games/ })).toHaveAttribute('href', '/games');
  await expect(page.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();

  // Quick is a named queue: it says which one it searches, and can be left.
  await page.getByRole('button', { name: 'Quick' }).click();
  await expect(page.getByText('Searching for a quick opponent…')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Ranked' })).toBeVisible();
  await page.getByRole('link', { name: 'Practice' }).click();
  await expect(page).toHaveURL('/games');
  await expect(page.getByRole('button', { name: 'easy' })).toBeVisible();
});

test('names and inputs show exactly what was typed: "2x4" is not turned into "2×4"', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const name = uniqueName('b_2x4');
  await page.goto('/auth');
  await page.getByText('Create account', { exact: true }).first().click();
  const input = page.getByLabel('Username');
  await input.fill(name);
  expect(await input.evaluate((el) => getComputedStyle(el).fontFeatureSettings)).toBe('"calt" 0');
  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');

  const nameplate = page.getByRole('link', { name });
  await expect(nameplate).toBeVisible();
  const shown = await nameplate.evaluate((el, typed) => {
    const label = Array.from(el.querySelectorAll('span')).find((s) => s.textContent === typed)!;
    const widthWith = (calt: string) => {
      const probe = label.cloneNode(true) as HTMLElement;
      probe.style.fontFeatureSettings = calt;
      probe.style.position = 'absolute';
      probe.style.visibility = 'hidden';
      label.after(probe); // beside it, so it inherits the same size and weight
      const width = probe.getBoundingClientRect().width;
      probe.remove();
      return width;
    };
    return {
      settings: getComputedStyle(label).fontFeatureSettings,
      width: label.getBoundingClientRect().width,
      plain: widthWith('"calt" 0'),
    };
  }, name);
  expect(shown.settings).toBe('"calt" 0');
  // As shown, it matches the plain letters. The UI font is the device's own: San Francisco has the
  // alternate that draws "2x4" as "2×4", but the test machine's font has none to tell apart.
  expect(shown.width).toBeCloseTo(shown.plain, 1);
  await nameplate.screenshot({ path: `${SHOTS}/username-2x4.png` });
});

test('screens: home with the reminder, landing and a game room at 360, 390 and 1440 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const visitor = await browser.newPage();
  for (const size of SIZES) {
    await visitor.setViewportSize({ width: size.width, height: size.height });
    await visitor.goto('/');
    await expect(visitor.getByRole('button', { name: 'Play now' })).toBeVisible();
    await visitor.waitForTimeout(1200); // the fan's deal animation
    // The whole fan is inside the hero at every width: nothing of it is clipped.
    const fan = visitor.getByLabel('A hand of Spar cards');
    const hero = await fan.evaluate((el) => {
      const box = el.closest('[class*="hero"]')!.getBoundingClientRect();
      const cards = Array.from(el.querySelectorAll('img, [role="img"]')).map((c) =>
        c.getBoundingClientRect(),
      );
      return {
        left: Math.min(...cards.map((c) => c.left)) - box.left,
        right: box.right - Math.max(...cards.map((c) => c.right)),
      };
    });
    expect(hero.left, `${size.width} px: fan's left edge`).toBeGreaterThanOrEqual(0);
    expect(hero.right, `${size.width} px: fan's right edge`).toBeGreaterThanOrEqual(0);
    await visitor.screenshot({ path: `${SHOTS}/${size.name}-landing.png`, fullPage: true });
    expect.soft(await cutShort(visitor), `landing at ${size.width} px`).toEqual([]);
  }
  await visitor.close();

  const page = await browser.newPage();
  await registerWithEmail(page, uniqueName('shots'));
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/');
    await expect(banner(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ranked' })).toBeVisible();
    await page.waitForTimeout(1200);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${size.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${size.name}-home.png`, fullPage: true });
    expect.soft(await cutShort(page), `home at ${size.width} px`).toEqual([]);
    // The reminder's message shows whole at every width (on a phone on a line of its own).
    await expect(
      banner(page).getByText('Please check your email to verify your account').filter({ visible: true }),
    ).toHaveCount(1);
    const cut = await banner(page).evaluate((el) =>
      Array.from(el.querySelectorAll('p'))
        .filter((text) => text.getClientRects().length > 0 && text.scrollWidth > text.clientWidth + 1)
        .map((text) => text.textContent),
    );
    expect.soft(cut, `reminder at ${size.width} px`).toEqual([]);
  }
  await page.goto('/games');
  await page.screenshot({ path: `${SHOTS}/desktop-games.png` });
  await page.getByRole('button', { name: 'easy' }).click();
  await expect(page).toHaveURL(/\/game\//);
  // The hand's group is a frame for absolutely placed cards: its cards are what shows.
  await expect(page.getByRole('group', { name: 'Your hand' }).getByRole('button').first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.waitForTimeout(500);
    await expect(banner(page)).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/${size.name}-game-room.png` });
    expect.soft(await cutShort(page), `game room at ${size.width} px`).toEqual([]);
  }
  await page.close();
});

import { expect, test } from '@playwright/test';
import { cutShort, registerThroughUi, uniqueName } from './helpers';

/** Screenshots of every page at phone and desktop size, kept in test-results/e2e/screens. */
const PAGES = [
  '/',
  '/auth',
  '/profile',
  '/shop',
  '/watch',
  '/games',
  '/messages',
  '/privacy-policy',
  '/terms-of-service',
  '/game/abc123',
];
const SIZES = [
  { name: 'small-phone', width: 360, height: 640 },
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

for (const size of SIZES) {
  test(`every page at ${size.width}×${size.height} renders without errors, sideways scrolling or cut labels`, async ({
    page,
  }) => {
    // Ten pages, each with a full-page screenshot, and three shop tabs: 22–34 s on CI's two cores.
    test.setTimeout(90_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.setViewportSize({ width: size.width, height: size.height });
    await registerThroughUi(page, uniqueName(`shot${size.width}`));
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      await page.waitForTimeout(400); // let entrance animations settle for the picture
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
      expect.soft(await cutShort(page), `${path} at ${size.width} px`).toEqual([]);
      const name = path === '/' ? 'home' : path.slice(1).replace(/\//g, '-');
      await page.screenshot({ path: `test-results/e2e/screens/${size.name}-${name}.png`, fullPage: true });
    }
    // The shop's other tabs, whose cards have buttons of their own.
    await page.goto('/shop');
    for (const tab of ['Avatars', 'Sound packs', 'Decks']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel').getByRole('button').first()).toBeVisible();
      await page.waitForTimeout(400);
      expect.soft(await cutShort(page), `/shop, ${tab}, at ${size.width} px`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

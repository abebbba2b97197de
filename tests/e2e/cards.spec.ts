import { expect, test, type Page } from '@playwright/test';
import { ART_RANKS, FOUR_COLOUR_SUITS } from '@shared/decks';
import { SUITS } from '@shared/game';
import { registerThroughUi, uniqueName } from './helpers';

/**
 * Contact sheets of the generated card art, served by the app as players get it: every rank of two
 * deck styles in all four suits at 160 px and 48 px wide (the largest and smallest sizes the table
 * draws), and the four-colour set. Each sheet is attached to the test report to be looked at.
 */
const DECKS = ['default', 'rome'];

function sheet(deck: string): string {
  const row = (width: number, suit: string, folder = '') =>
    `<div class="row">${ART_RANKS.map(
      (rank) =>
        `<img alt="${rank} of ${suit}" src="/assets/decks/${deck}/${folder}${rank}_${suit}.svg" width="${width}" height="${Math.round(width * 1.4)}">`,
    ).join('')}</div>`;
  return `<!doctype html><html><head><style>
    body { margin: 8px; background: #0d4a35; font: 14px sans-serif; color: #fff; }
    .row { display: flex; gap: 6px; margin: 6px 0; }
  </style></head><body>
    <h2>${deck}</h2>
    ${SUITS.map((suit) => row(160, suit)).join('')}
    ${SUITS.map((suit) => row(48, suit)).join('')}
    <h3>Four-colour</h3>
    ${FOUR_COLOUR_SUITS.map((suit) => row(48, suit, 'four-colour/')).join('')}
    <div class="row"><img alt="back" src="/assets/decks/${deck}/back.svg" width="80" height="112">
    ${['A13', 'B13', 'C13', 'D13'].map((name) => `<img alt="${name}" src="/assets/decks/${deck}/${name}.svg" width="80" height="112">`).join('')}</div>
  </body></html>`;
}

async function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const images = Array.from(document.images);
    await Promise.all(images.map((img) => img.decode().catch(() => undefined)));
    return images.filter((img) => !img.complete || img.naturalWidth === 0).map((img) => img.src);
  });
}

for (const deck of DECKS) {
  test(`every rank of the ${deck} deck, at 160 px and 48 px, in both suit colourings`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 2200, height: 900 });
    await page.route('**/contact-sheet', (route) =>
      route.fulfill({ contentType: 'text/html', body: sheet(deck) }),
    );
    await page.goto('/contact-sheet');
    expect(await page.locator('img').count()).toBe(13 * 4 * 2 + 13 * FOUR_COLOUR_SUITS.length + 5);
    expect(await brokenImages(page)).toEqual([]);
    const path = `test-results/e2e/screens/cards-${deck}.png`;
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`cards-${deck}.png`, { path, contentType: 'image/png' });
  });
}

test('the four-colour switch on the profile changes the cards the player sees', async ({ page }) => {
  await registerThroughUi(page, uniqueName('cards'));
  await page.goto('/profile');
  const clubs = page.getByRole('img', { name: '10 of clubs' });
  await expect(clubs).toHaveAttribute('src', '/assets/decks/default/10_clubs.svg');
  await page.getByRole('switch', { name: /Four-colour suits/ }).click();
  await expect(clubs).toHaveAttribute('src', '/assets/decks/default/four-colour/10_clubs.svg');
  await expect(page.getByRole('img', { name: 'Queen of diamonds' })).toHaveAttribute(
    'src',
    '/assets/decks/default/four-colour/Q_diamonds.svg',
  );
  await expect(page.getByRole('img', { name: 'King of hearts' })).toHaveAttribute(
    'src',
    '/assets/decks/default/K_hearts.svg',
  );
  expect(await brokenImages(page)).toEqual([]);
  // Kept on this device.
  await page.reload();
  await expect(page.getByRole('switch', { name: /Four-colour suits/ })).toBeChecked();
  await expect(clubs).toHaveAttribute('src', '/assets/decks/default/four-colour/10_clubs.svg');
  await page.screenshot({ path: 'test-results/e2e/screens/profile-card-settings.png', fullPage: true });
});

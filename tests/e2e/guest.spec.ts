import { expect, test, type Page } from '@playwright/test';
import { hand, registerThroughUi, uniqueName } from './helpers';

/**
 * Play before signing up (docs/design.md, "Play before signing up"), and the scoring rules whole
 * on a phone wherever they are shown.
 */

/** Errors in the console (a 401 from a private route shows as one) and requests to private routes. */
function watchForPrivateCalls(page: Page) {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`page: ${String(error)}`));
  page.on('response', (response) => {
    if (response.status() === 401) seen.push(`401 ${response.url()}`);
  });
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    // The landing page's public calls: the leaderboard, the health check, the sign-in providers.
    if (
      pathname.startsWith('/ws') ||
      (pathname.startsWith('/api') && !/^\/api\/(health|leaderboard|auth\/providers)/.test(pathname))
    )
      seen.push(`request ${pathname}`);
  });
  return seen;
}

/** The scoring badges and the tab labels cut short (scrollWidth past clientWidth), inside `within`. */
async function cutBadges(page: Page, within: string): Promise<string[]> {
  const table = page.locator(`${within} table`).filter({ hasText: 'Winning card' });
  await expect(table).toBeVisible({ timeout: 20_000 });
  return table
    .locator('.mantine-Badge-root, .mantine-Badge-label')
    .evaluateAll((els) =>
      els.flatMap((el) =>
        el.scrollWidth > el.clientWidth || el.getBoundingClientRect().width < 1
          ? [`cut: ${el.textContent}`]
          : [],
      ),
    );
}

const SIZES = [
  { width: 360, height: 640 },
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
];

test('a signed-out visitor plays the bots from the landing page, and is invited to sign up', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const seen = watchForPrivateCalls(page);
  await page.addInitScript(() => sessionStorage.setItem('practice-bot-delay-ms', '60'));
  await page.goto('/');
  const invite = page.getByTestId('keep-progress');
  await expect(invite).toContainText('Create an account to keep your progress');
  await page.getByRole('button', { name: 'Play now' }).click();

  // At once, on the device: one easy bot, the visitor seated as "Guest".
  await expect(page).toHaveURL('/practice?bots=1&level=easy');
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  await expect(page.getByText(/^\p{L}+ \(easy\)$/u).first()).toBeVisible();
  await expect(page.getByText('Guest (you)')).toBeVisible();

  // A few cards, then the rules at the table: the scoring badges whole at 390.
  for (let played = 0; played < 3;) {
    const card = hand(page).locator('button:not([disabled])').first();
    if (await card.isVisible().catch(() => false)) {
      await card.click({ timeout: 1000 }).catch(() => undefined);
      played++;
    }
    await page.waitForTimeout(100);
  }
  await expect(hand(page).getByRole('button')).not.toHaveCount(5);

  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
  const over = page.getByRole('dialog');
  await expect(over.getByRole('heading', { name: 'You lost' })).toBeVisible();
  await expect(over.getByText('Create an account to keep your progress')).toBeVisible();
  await expect(over.getByText(/not saved/)).toBeVisible();
  await expect(over.getByRole('link', { name: 'Home' })).toBeVisible();
  await over.getByRole('link', { name: 'Sign up' }).click();

  // The sign-up form, coming back to the games hub.
  await expect(page).toHaveURL('/auth?mode=register&returnTo=%2Fgames');
  await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
  expect(seen).toEqual([]);
});

test('the scoring badges show their whole text at 360, 390 and 1440: landing, games hub and table', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const openScoring = async (within: string) => {
    await page.locator(within).getByRole('tab', { name: 'Scoring' }).click();
    return cutBadges(page, within);
  };
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/');
    await page.getByRole('link', { name: 'Learn the rules' }).click();
    expect.soft(await openScoring('#how-to-play'), `landing at ${size.width}`).toEqual([]);

    await page.goto('/practice?bots=1&level=easy');
    await expect(hand(page).getByRole('button')).toHaveCount(5);
    await page.getByRole('button', { name: 'How to Play' }).click();
    expect.soft(await openScoring('[role="dialog"]'), `table at ${size.width}`).toEqual([]);
  }
  await registerThroughUi(page, uniqueName('rules'));
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/games');
    expect.soft(await openScoring('#how-to-play'), `games hub at ${size.width}`).toEqual([]);
  }
});

import { expect, test } from '@playwright/test';

test('the landing page says what Spar is and teaches the rules', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await page.goto('/');
  await expect(page).toHaveTitle(/Spar/);
  await expect(page.getByRole('heading', { level: 2, name: /West African card game/ })).toBeVisible();
  await expect(page.getByText(/trick-taking game for two to four players/)).toBeVisible();
  await expect(page.getByRole('img', { name: 'King of spades' }).first()).toBeVisible();
  await expect(page.getByText('Beta · v1.4.0')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Play now' })).toBeVisible();
  await page.getByRole('link', { name: 'Learn the rules' }).click();
  await expect(page.getByRole('tab', { name: 'Basics' })).toBeVisible();
  await expect(page.getByText(/3 then 2 at a time/)).toBeVisible();

  await page.getByRole('tab', { name: 'Scoring' }).click();
  await expect(page.getByText('+3', { exact: true })).toBeVisible();
  await expect(page.getByText(/capture it with the 7♥/)).toBeVisible();

  await page.getByRole('tab', { name: 'Advanced Rules' }).click();
  await expect(page.getByText(/20-second timer/)).toBeVisible();

  await page.screenshot({ path: 'test-results/e2e/landing-desktop.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('the landing page fits a 360 px phone without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: /West African card game/ })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/e2e/landing-phone.png', fullPage: true });
});

test('deep links load the app and the health endpoint answers JSON', async ({ page, request }) => {
  const response = await page.goto('/game/some-game-id');
  expect(response?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();

  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  expect(await health.json()).toEqual({ status: 'ok', version: '1.4.0', build: 106, label: 'Beta' });
});

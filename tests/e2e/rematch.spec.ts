import { expect, test, type Page } from '@playwright/test';
import { hand, registerThroughUi, uniqueName } from './helpers';

async function resign(page: Page) {
  await page.getByRole('button', { name: 'Resign' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resign' }).click();
}

test('practice Play again starts the same practice again at once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page, uniqueName('rm_p'));
  await page.goto('/games');
  await page.getByText('2 bots', { exact: true }).click();
  await page.getByRole('button', { name: 'easy' }).click();
  await expect(page).toHaveURL(/\/game\//);
  const first = page.url();
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  await resign(page);
  await expect(page.getByRole('heading', { name: 'You lost' })).toBeVisible();
  await page.getByRole('button', { name: 'Play again' }).click();

  await expect(page).not.toHaveURL(first);
  await expect(page).toHaveURL(/\/game\//);
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  await expect(page.getByText('Hand 1 · trick 1/5')).toBeVisible();
});

import { expect, type Page } from '@playwright/test';

let counter = 0;

/** A username unique to this run (3–20 characters). */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36).slice(-5)}${++counter}`.slice(0, 20);
}

/** Registers through the /auth page and waits until the home page shows the player. */
export async function registerThroughUi(
  page: Page,
  username: string,
  password = 'correct horse',
): Promise<void> {
  await page.goto('/auth');
  await page.getByText('Create account', { exact: true }).first().click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: username })).toBeVisible();
}

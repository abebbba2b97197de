import { expect, type Page } from '@playwright/test';
import { isReservedUsername } from '../../shared/usernames';

let counter = 0;

/** A username unique to this run (3–20 characters) that sign-up accepts. */
export function uniqueName(prefix: string): string {
  // A random suffix can spell a reserved word ("…_mod3", "…_807" reads as "bot"): draw again.
  for (let attempt = 0; attempt < 100; attempt++) {
    const name = `${prefix}_${Date.now().toString(36).slice(-5)}${++counter}`.slice(0, 20);
    if (!isReservedUsername(name)) return name;
  }
  throw new Error(`no acceptable username starts with ${prefix}`);
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

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { serverDataDir, uniqueName } from './helpers';

/**
 * The reset link in the newest mail to `to` in the server's mail log (DATA_DIR/mail, written when
 * no SMTP server is set), decoded from quoted-printable. The mail goes out just after the answer.
 */
async function resetLinkFor(to: string): Promise<string> {
  const folder = path.join(serverDataDir(), 'mail');
  let link: string | undefined;
  await expect
    .poll(() => {
      if (!existsSync(folder)) return false;
      const names = readdirSync(folder, { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.eml'))
        .map((entry) => entry.name)
        .sort()
        .reverse();
      for (const name of names) {
        const text = readFileSync(path.join(folder, name), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        if (!text.includes(`To: ${to}`)) continue;
        link = /http:\/\/[^\s"<]+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0];
        if (link) return true;
      }
      return false;
    })
    .toBe(true);
  return link!;
}

async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a forgotten password is reset through the mailed link; the old one stops working', async ({ page }) => {
  test.setTimeout(60_000);
  const username = uniqueName('reset');
  const email = `${username}@example.com`;
  await page.goto('/auth');
  await page.getByText('Create account', { exact: true }).first().click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(email);
  // The short-password rule is checked on the page, before anything is sent.
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password').fill('old password 1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  await page.evaluate(() => localStorage.clear());

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText('If an account uses this email address');

  await page.goto(await resetLinkFor(email));
  await page.getByLabel(/^New password/).fill('new password 2');
  await page.getByLabel('Repeat new password').fill('new password 2');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/auth');

  await signIn(page, username, 'old password 1');
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await signIn(page, email, 'new password 2');
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name: username })).toBeVisible();
});

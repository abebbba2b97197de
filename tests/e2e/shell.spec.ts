import { expect, test } from '@playwright/test';
import { registerThroughUi, uniqueName } from './helpers';

const ROUTES_WITH_NAV = ['/shop', '/watch', '/games', '/messages', '/profile', '/delete-account'];
const ROUTES_WITHOUT_NAV = [
  '/',
  '/auth',
  '/privacy-policy',
  '/terms-of-service',
  '/game/abc123',
  '/messages/conversation/7',
];

test('register, sign out, and sign in again with the same account', async ({ page }) => {
  const name = uniqueName('e2e');
  await registerThroughUi(page, name);
  await expect(page.getByText('Registration Successful', { exact: true })).toBeVisible();

  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('1500')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await page.goto('/auth');
  await page.getByLabel('Username').fill(name);
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid username or password')).toBeVisible();
  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test('registration failures show the server message', async ({ page }) => {
  await page.goto('/auth');
  await page.getByText('Create account', { exact: true }).first().click();
  await page.getByLabel('Username').fill('no spaces allowed');
  await page.getByLabel('Password').fill('correct horse');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Registration failed')).toBeVisible();
  await expect(page.getByText(/Username must be 3 to 20/)).toBeVisible();
});

test('the bottom navigation shows exactly where the spec says', async ({ page }) => {
  // Fourteen pages, loaded while the service worker fetches its precache after the first one.
  test.setTimeout(90_000);
  await registerThroughUi(page, uniqueName('nav'));
  for (const path of ROUTES_WITH_NAV) {
    await page.goto(path);
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toBeVisible();
  }
  for (const path of ROUTES_WITHOUT_NAV) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
    await expect(page.getByRole('navigation', { name: 'Main' }), path).toHaveCount(0);
  }
  await page.goto('/shop');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watch' }).click();
  await expect(page).toHaveURL('/watch');
  await expect(page.getByRole('heading', { name: 'Watch Live' })).toBeVisible();
});

test('deep links survive a refresh', async ({ page }) => {
  await registerThroughUi(page, uniqueName('deep'));
  for (const path of ['/profile', '/terms-of-service', '/messages/conversation/12', '/game/xyz']) {
    await page.goto(path);
    await page.reload();
    await expect(page).toHaveURL(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  await expect(page.getByRole('heading', { level: 2, name: 'Game not found' })).toBeVisible();
});

test('a stored session the server no longer knows shows the expiry notice and signs out', async ({
  page,
}) => {
  // The token is stored from a page of the origin where the app does not run: with the app loaded,
  // it could read the token before the reload and end the session on the page being replaced.
  await page.goto('/favicon.svg');
  await page.evaluate(() => localStorage.setItem('token', 'revoked-or-invented-token'));
  await page.goto('/');
  await expect(page.getByText('Your session has expired. Please log in again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('signing out in one tab signs the other tab of the browser out too', async ({ context }) => {
  const first = await context.newPage();
  const name = uniqueName('e2e_tabs');
  await registerThroughUi(first, name);
  const second = await context.newPage();
  await second.goto('/games');
  await expect(second.getByRole('button', { name: 'Ranked' })).toBeVisible();

  await first.goto('/profile');
  await first.getByRole('button', { name: 'Sign out' }).click();
  await expect(first.getByRole('link', { name: 'Sign in' })).toBeVisible();
  // The server signs the session's sockets out; the other tab drops to signed out without a reload.
  await expect(second.getByRole('button', { name: 'Ranked' })).toBeHidden();
  await expect(second.getByRole('link', { name: 'Sign in' })).toBeVisible();
});

test('declining a match: both players get their notice, and the other is offered another search', async ({
  browser,
}) => {
  const one = await browser.newContext();
  const two = await browser.newContext();
  const alice = await one.newPage();
  const bob = await two.newPage();
  const aliceName = uniqueName('alice');
  const bobName = uniqueName('bob');
  await registerThroughUi(alice, aliceName);
  await registerThroughUi(bob, bobName);
  await expect(alice.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();
  await expect(bob.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();

  await alice.getByRole('button', { name: 'Quick' }).click();
  await expect(alice.getByText('Searching for a quick opponent…')).toBeVisible();
  await bob.getByRole('button', { name: 'Quick' }).click();

  await expect(alice.getByRole('dialog')).toContainText(bobName);
  await expect(bob.getByRole('dialog')).toContainText(aliceName);
  await expect(bob.getByRole('progressbar', { name: 'Time left to accept' })).toBeVisible();
  await alice.getByRole('button', { name: 'Accept' }).click();
  await expect(alice.getByText('Waiting for the other player...')).toBeVisible();
  await bob.getByRole('button', { name: 'Decline' }).click();

  await expect(bob.getByText('You rejected the match')).toBeVisible();
  await expect(alice.getByText('Other player rejected the match.')).toBeVisible();
  await expect(alice.getByRole('dialog')).toHaveCount(0);
  await expect(alice.getByText('Want to try again?')).toBeVisible();
  await alice.getByText('Click here to search for another match').click();
  await expect(alice.getByText('Searching for a quick opponent…')).toBeVisible();
  await one.close();
  await two.close();
});

test('deleting the account leads to /delete-account, where it can be restored', async ({ page }) => {
  await registerThroughUi(page, uniqueName('leaver'));
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Delete account' }).click();
  await page.getByRole('dialog').getByLabel('Password').fill('correct horse');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL('/delete-account');
  await expect(page.getByText('Account Scheduled for Deletion').first()).toBeVisible();
  // Wherever the player goes, the app brings them back here until they choose.
  await page.goto('/shop');
  await expect(page).toHaveURL('/delete-account');
  await page.getByRole('button', { name: 'Restore my account' }).click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByText('Account Restored')).toBeVisible();
});

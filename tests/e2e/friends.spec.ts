import { expect, test, type Page } from '@playwright/test';
import { registerThroughUi, uniqueName } from './helpers';

/** Finds `name` in the find-friend panel and sends a request. */
async function sendRequest(page: Page, name: string) {
  const panel = page.getByTestId('find-friend');
  const search = panel.getByRole('button', { name: 'Search' });
  await expect(search).toBeDisabled();
  await panel.getByLabel('Username').fill(`  ${name.toUpperCase()} `);
  await expect(search).toBeEnabled();
  await search.click();
  await expect(panel).toHaveAttribute('data-state', 'success');
  await panel.getByTestId(`found-${name}`).getByRole('button', { name: 'Add friend' }).click();
  await expect(panel.getByTestId(`found-${name}`)).toContainText('Requested');
}

/** Picks a filter of the friends list (its labels, not the rows' status texts). */
async function filter(page: Page, name: 'All' | 'Online' | 'Offline' | 'Blocked') {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
}

/** The friend's row shows them online (true) or offline (false). */
async function expectPresence(page: Page, name: string, online: boolean) {
  const row = page.getByTestId(`friend-${name}`);
  await expect(row).toContainText(online ? 'Online' : 'Offline', { timeout: 10_000 });
  await expect(row.locator('[data-online]')).toHaveAttribute('data-online', String(online));
}

test('two players become friends, see each other come and go, and a blocked player cannot find the blocker', async ({
  browser,
}) => {
  // Three players sign up and two browsers go back and forth: longer than one page's test.
  test.setTimeout(90_000);
  const ama = uniqueName('ama');
  const kofi = uniqueName('kofi');
  const yaw = uniqueName('yaw');
  const ctxA = await browser.newContext();
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const errors: string[] = [];
  for (const page of [a, b]) page.on('pageerror', (error) => errors.push(String(error)));

  await registerThroughUi(a, ama);
  await registerThroughUi(b, kofi);

  // Ama finds Kofi (trimmed, any case) and asks.
  await a.goto('/messages');
  await expect(a.getByText('No friends yet.', { exact: false })).toBeVisible();
  await sendRequest(a, kofi);
  await expect(a.getByTestId(`sent-${kofi}`)).toBeVisible();
  // Typing again starts over.
  await a.getByTestId('find-friend').getByLabel('Username').fill('x');
  await expect(a.getByTestId('find-friend')).toHaveAttribute('data-state', 'idle');

  // Kofi accepts; both now list each other online.
  await b.goto('/messages');
  const requestRow = b.getByTestId(`request-${ama}`);
  await expect(requestRow).toBeVisible();
  await requestRow.getByRole('button', { name: 'Accept' }).click();
  await expect(requestRow).toBeHidden();
  await expectPresence(b, ama, true);
  await expectPresence(a, kofi, true);
  await expect(a.getByTestId(`sent-${kofi}`)).toBeHidden();

  // Filters: online shows Kofi, offline does not.
  await filter(a, 'Offline');
  await expect(a.getByTestId(`friend-${kofi}`)).toBeHidden();
  await filter(a, 'Online');
  await expect(a.getByTestId(`friend-${kofi}`)).toBeVisible();
  await filter(a, 'All');

  // Kofi goes away (closes the app); Ama sees it.
  await ctxB.close();
  await expectPresence(a, kofi, false);
  await filter(a, 'Online');
  await expect(a.getByTestId(`friend-${kofi}`)).toBeHidden();
  await filter(a, 'All');

  // Yaw is blocked by Ama: Yaw can no longer find Ama, while a third name still turns up.
  const ctxC = await browser.newContext();
  const c = await ctxC.newPage();
  c.on('pageerror', (error) => errors.push(String(error)));
  await registerThroughUi(c, yaw);
  await c.goto('/messages');
  const panel = c.getByTestId('find-friend');
  await panel.getByLabel('Username').fill(ama);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByTestId(`found-${ama}`)).toBeVisible();

  // Ama blocks Yaw from Yaw's profile.
  await a.goto('/messages');
  const aPanel = a.getByTestId('find-friend');
  await aPanel.getByLabel('Username').fill(yaw);
  await aPanel.getByRole('button', { name: 'Search' }).click();
  await aPanel.getByTestId(`found-${yaw}`).getByRole('link').click();
  await expect(a).toHaveURL(/\/profile\?id=\d+&returnTo=%2Fmessages/);
  await a.getByRole('button', { name: 'Block' }).click();
  await expect(a.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await a.goto('/messages');
  await filter(a, 'Blocked');
  await expect(a.getByTestId(`friend-${yaw}`)).toContainText('Blocked');

  await panel.getByLabel('Username').fill(ama);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel).toHaveAttribute('data-state', 'success');
  await expect(panel.getByTestId(`found-${ama}`)).toBeHidden();
  await expect(c.getByText('No user found with that username')).toBeVisible();

  expect(errors).toEqual([]);
  await ctxA.close();
  await ctxC.close();
});

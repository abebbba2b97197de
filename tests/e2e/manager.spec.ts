import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { cutShort, serverDataDir, registerThroughUi, uniqueName } from './helpers';

const PNG = fileURLToPath(new URL('./fixtures/reward.png', import.meta.url));

/** `npm run user:role` on the e2e server's own data folder (playwright.config.ts). */
function makeRole(username: string, role: 'manager' | 'admin') {
  const dataDir = serverDataDir();
  const out = execFileSync('npm', ['run', '--silent', 'user:role', '--', username, role], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  expect(out).toContain(`${username} is now ${role}`);
}

async function noOverflow(page: Page, what: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, what).toBeLessThanOrEqual(0);
}

async function screenshots(page: Page, name: string, paths: string[]) {
  for (const width of [360, 390, 1440]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : width === 360 ? 640 : 844 });
    for (const target of paths) {
      await page.goto(target);
      await expect(page.getByRole('heading').first()).toBeVisible();
      await page.waitForTimeout(400);
      await noOverflow(page, `${target} at ${width}px`);
      expect.soft(await cutShort(page), `${target} at ${width}px`).toEqual([]);
      // The players' bottom tabs never lie over the staff sidebar.
      const covered = await page.evaluate(() => {
        const tabs = document.querySelector('nav[aria-label="Main"]')?.getBoundingClientRect();
        const side = document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect();
        if (!tabs || !side) return false;
        return (
          tabs.left < side.right && side.left < tabs.right && tabs.top < side.bottom && side.top < tabs.bottom
        );
      });
      expect.soft(covered, `bottom tabs over the sidebar at ${target}, ${width}px`).toBe(false);
      const section = new URL(target, 'http://x').searchParams.get('section') ?? 'home';
      if (section === 'rewards')
        // Phones get cards, not a table that scrolls sideways: every edit button is in sight.
        for (const edit of await page.getByRole('button', { name: /^Edit day / }).all()) {
          const box = await edit.boundingBox();
          const label = await edit.getAttribute('aria-label');
          expect.soft(box!.x + box!.width, `${label} at ${width}px`).toBeLessThanOrEqual(width);
        }
      await page.screenshot({
        path: `test-results/e2e/screens/${name}-${section}-${width}.png`,
        fullPage: true,
      });
    }
  }
}

test('a manager adds and edits a daily reward with an uploaded image; a player sees it, and is refused the staff area', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));

  // A plain account made staff from the server's shell.
  const managerName = uniqueName('mgr');
  await registerThroughUi(page, managerName);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Staff area' })).toHaveCount(0);
  makeRole(managerName, 'manager');
  await page.reload();
  await page.getByRole('link', { name: 'Staff area' }).click();
  await expect(page).toHaveURL('/manager');
  await expect(page.getByRole('heading', { name: 'Daily rewards' })).toBeVisible();

  // Ctrl+B collapses the sidebar, kept for 7 days in a cookie across a reload.
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');
  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(604_800 - 60);
  expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(604_800 + 1);
  await page.reload();
  await expect(sidebar).toHaveAttribute('data-state', 'collapsed');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).toHaveAttribute('data-state', 'expanded');

  // The shop's list | editor divider moves by 10 % from the keyboard and is remembered.
  await page.getByRole('button', { name: 'Shop items' }).click();
  const divider = page.getByRole('separator');
  await expect(divider).toHaveAttribute('aria-valuenow', '45');
  await divider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(divider).toHaveAttribute('aria-valuenow', '55');
  await page.waitForTimeout(300);
  await page.reload();
  await expect(page.getByRole('separator')).toHaveAttribute('aria-valuenow', '55');
  await page.getByRole('button', { name: 'Daily rewards' }).click();

  // Add: the dialog starts from the defaults; the image is uploaded into the address field.
  const day = 8 + Math.floor(Math.random() * 80);
  await page.getByRole('button', { name: 'Add reward' }).click();
  const add = page.getByRole('dialog', { name: 'Add New Daily Reward' });
  await expect(add.getByLabel('Amount')).toHaveValue('50');
  await expect(add.getByLabel('Description')).toHaveValue('Daily login reward');
  await add.getByLabel('Day').fill(String(day));
  await add.getByLabel('Amount').fill('15');
  await add.getByText('Gems', { exact: true }).click();
  await add.getByLabel('Description').fill('Staff test reward');
  const upload = add.getByRole('button', { name: 'Upload' });
  await expect(upload).toBeDisabled();
  await add.locator('input[type="file"]').setInputFiles(PNG);
  await expect(upload).toBeEnabled();
  await upload.click();
  const address = add.getByLabel('Image URL (Optional)');
  await expect(address).toHaveValue(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);
  const imageUrl = await address.inputValue();
  await expect(add.getByText('No file selected')).toBeVisible();
  await expect(upload).toBeDisabled();
  await add.getByRole('button', { name: 'Add reward' }).click();
  await expect(add).toBeHidden();
  const row = page.getByTestId('reward-row').filter({ hasText: 'Staff test reward' });
  await expect(row).toContainText('15 gems');
  await expect(row.getByRole('img', { name: `Day ${day} image` })).toHaveAttribute('src', imageUrl);

  // Edit it.
  await row.getByRole('button', { name: `Edit day ${day}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Daily Reward' });
  await expect(edit.getByLabel('Image URL (Optional)')).toHaveValue(imageUrl);
  await edit.getByLabel('Amount').fill('25');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('25 gems');

  // The audit log names both changes and the upload, in words rather than codes.
  await page.getByRole('button', { name: 'Audit log' }).click();
  const log = page.getByRole('list', { name: 'Staff actions' });
  for (const action of ['Daily reward changed', 'Daily reward added', 'Image uploaded'])
    await expect(log.getByText(action, { exact: true }).first()).toBeVisible();
  await expect(log.getByText('daily_reward.create', { exact: true })).toHaveCount(0);

  await screenshots(page, 'manager', ['/manager?section=rewards', '/manager?section=shop']);

  // A player sees the reward, with its picture, in the daily reward calendar.
  const playerContext = await browser.newContext();
  const player = await playerContext.newPage();
  player.on('pageerror', (error) => errors.push(String(error)));
  await registerThroughUi(player, uniqueName('plyr'));
  await player.goto('/games');
  const tile = player.getByRole('region', { name: 'Daily reward' }).getByLabel(`Day ${day}: 25 gems`);
  await expect(tile).toBeVisible();
  const picture = tile.locator('img');
  await expect(picture).toHaveAttribute('src', imageUrl);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(16);

  // …and is refused the staff area, by the page and by the server.
  await player.goto('/profile');
  await expect(player.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(player.getByRole('link', { name: 'Staff area' })).toHaveCount(0);
  await player.goto('/manager');
  await expect(player.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(player.getByText('The staff area is only for managers and admins.')).toBeVisible();
  await expect(player.getByRole('button', { name: 'Add reward' })).toHaveCount(0);
  const status = await player.evaluate(async () => {
    const res = await fetch('/api/manager/daily-rewards', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.status;
  });
  expect(status).toBe(403);
  for (const width of [360, 390, 1440]) {
    await player.setViewportSize({ width, height: 800 });
    await noOverflow(player, `not allowed at ${width}px`);
    await player.screenshot({ path: `test-results/e2e/screens/manager-not-allowed-${width}.png` });
  }
  await playerContext.close();

  // Tidy: delete the reward again (two steps), so other suites see the usual week.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/manager?section=rewards');
  await row.getByRole('button', { name: `Edit day ${day}` }).click();
  await edit.getByRole('button', { name: 'Delete' }).click();
  await edit.getByRole('button', { name: 'Confirm delete' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});

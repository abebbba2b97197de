import { expect, test, type Page } from '@playwright/test';
import { hand, playEachToTheEnd, registerThroughUi, tableAtRest, uniqueName } from './helpers';

const SHOTS = 'test-results/e2e/screens';

/**
 * A player of three who resigns leaves with last place and the other two play on to the end
 * (docs/design.md, "Rules": Resigning).
 */
test('three players queue Quick for 3; one resigns mid-game, the other two play it to the end', async ({
  browser,
}) => {
  // A 3-player game takes about four minutes on a loaded machine; two players finish this one.
  test.setTimeout(600_000);
  const names = [uniqueName('st_a'), uniqueName('st_b'), uniqueName('st_c')];
  const pages: Page[] = [];
  // The one who resigns is on a phone.
  for (const [i, name] of names.entries()) {
    const viewport = i === 2 ? { width: 390, height: 844 } : { width: 1440, height: 900 };
    const context = await browser.newContext({ viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    await registerThroughUi(page, name);
    await page.goto('/games');
    await expect(page.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();
    pages.push(page);
  }
  for (const page of pages) {
    await page.getByRole('radiogroup', { name: 'Quick table size' }).getByText('3 players').click();
    await page.getByRole('button', { name: 'Quick' }).click();
  }
  for (const page of pages) await page.getByRole('button', { name: 'Accept' }).click();
  for (const page of pages) {
    await expect(page).toHaveURL(/\/game\//);
    await expect(hand(page).getByRole('button')).toHaveCount(5);
  }
  const [a, b, leaver] = pages as [Page, Page, Page];

  // Everyone plays until the leaver has played two cards of the first hand.
  const deadline = Date.now() + 180_000;
  while ((await hand(leaver).getByRole('button').count()) > 3) {
    expect(Date.now()).toBeLessThan(deadline);
    for (const page of pages) {
      const card = hand(page).locator('button:not([disabled])').first();
      if (await card.isVisible().catch(() => false))
        await card.click({ timeout: 1000 }).catch(() => undefined);
    }
    await a.waitForTimeout(60);
  }

  await leaver.getByRole('button', { name: 'Resign' }).click();
  const confirm = leaver.getByRole('dialog', { name: 'Resign this game?' });
  await expect(confirm).toContainText(
    'You leave the game with last place, and the others play on without you.',
  );
  await confirm.getByRole('button', { name: 'Resign' }).click();

  // The leaver is out, with last place, and the game goes on without them.
  const notice = leaver.getByTestId('left-notice');
  await expect(notice).toContainText('You left this game with last place');
  await expect(leaver.getByRole('button', { name: 'Resign' })).toHaveCount(0);
  await expect(hand(leaver).getByRole('button')).toHaveCount(0);
  await expect(leaver.getByRole('heading', { name: /^(You won!|You lost)$/ })).toHaveCount(0);
  for (const page of [a, b]) {
    await expect(page.getByText('left', { exact: true })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Resign' })).toBeVisible();
  }
  for (const size of [
    { width: 360, height: 640 },
    { width: 390, height: 844 },
    { width: 1440, height: 900 },
  ]) {
    await leaver.setViewportSize(size);
    await tableAtRest(leaver);
    await expect(notice).toBeInViewport({ ratio: 1 });
    await leaver.screenshot({ path: `${SHOTS}/seats-left-${size.width}x${size.height}.png` });
  }

  await playEachToTheEnd([a, b], 480_000);
  const won = await Promise.all([a, b].map((p) => p.getByRole('heading', { name: 'You won!' }).isVisible()));
  expect(won.filter(Boolean)).toHaveLength(1);
  const winner = names[won.indexOf(true)]!;
  const other = names[won.indexOf(false)]!;
  // Still at the table, the leaver sees the end too: they lost, and finish last.
  await expect(leaver.getByRole('heading', { name: 'You lost' })).toBeVisible();
  for (const page of pages) {
    const rows = page.getByRole('list', { name: 'Final standings' }).getByRole('listitem');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText(winner);
    await expect(rows.nth(1)).toContainText(other);
    await expect(rows.nth(2)).toContainText(names[2]!);
    await expect(rows.nth(2)).toContainText('left · last');
  }
  await leaver.screenshot({ path: `${SHOTS}/seats-over-leaver.png` });
  await a.screenshot({ path: `${SHOTS}/seats-over-desktop.png` });
  for (const page of pages) await page.context().close();
});

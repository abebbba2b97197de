import { expect, test } from '@playwright/test';
import { hand, registerThroughUi, uniqueName } from './helpers';

/**
 * A finished trick can be seen (docs/design.md, "Pacing the table"): measured on screen in a
 * practice game against the easy bot, the trick stays at least a second with its winning card
 * marked and "… takes the trick" said at the table and to screen readers. The bot is named as a
 * persona (docs/design.md, "Bots at the table").
 */
test('a finished trick stays on the table a second, its winner marked and named', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerThroughUi(page, uniqueName('pace'));
  await page.goto('/games');
  await page.getByRole('button', { name: 'easy' }).click();
  await expect(page).toHaveURL(/\/game\//);
  await expect(hand(page).getByRole('button')).toHaveCount(5);
  await expect(page.getByText(/^(Kofi|Ama|Yaw|Esi|Kwame|Abena) \(easy\)$/).first()).toBeVisible();

  // Every animation frame: when a marked winning card appears and goes, and what the status said.
  await page.evaluate(() => {
    const log: { start: number; end?: number; status: string }[] = [];
    (window as unknown as { pauses: typeof log }).pauses = log;
    const tick = () => {
      const marked = document.querySelector('[data-winner]');
      const open = log.at(-1);
      if (marked && (!open || open.end !== undefined)) {
        const status = document.querySelector('[data-testid="table-status"]')?.textContent ?? '';
        // The table's announcer (the reactions have a log of their own).
        const said = document.querySelector('[data-testid="announcer"]')?.textContent ?? '';
        log.push({ start: performance.now(), status: `${status} | ${said}` });
      } else if (!marked && open && open.end === undefined) open.end = performance.now();
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  const pauses = () =>
    page.evaluate(
      () => (window as unknown as { pauses: { start: number; end?: number; status: string }[] }).pauses,
    );

  // Play until two tricks have been shown and cleared, never tapping while one is on the table
  // (a tap or the next lead would end its pause early).
  for (let step = 0; step < 200; step++) {
    const seen = await pauses();
    if (seen.filter((p) => p.end !== undefined).length >= 2) break;
    const card = hand(page).locator('button:not([disabled])').first();
    if (seen.at(-1)?.end !== undefined || seen.length === 0) {
      if (await card.isVisible().catch(() => false))
        await card.click({ timeout: 1000 }).catch(() => undefined);
    }
    await page.waitForTimeout(100);
  }
  const shown = (await pauses()).filter((p) => p.end !== undefined);
  expect(shown.length).toBeGreaterThanOrEqual(2);
  for (const pause of shown) {
    // Shown at the table, and said in the screen-reader log, as the trick is marked.
    expect(pause.status).toMatch(/^(You take|\S+ takes) the trick \| (You take|\S+ takes) the trick/);
    expect(pause.end! - pause.start).toBeGreaterThanOrEqual(1000);
  }

  // The score log is one tap away.
  await page.getByRole('button', { name: 'Scores' }).click();
  await expect(page.getByRole('dialog', { name: /^Scores · first to \d+$/ })).toBeVisible();
});

import { execFileSync } from 'node:child_process';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hand, serverDataDir, registerThroughUi, uniqueName, whoAmI } from './helpers';

/*
 * An arena tournament from the staff form to the prize (docs/design.md, "Arena tournaments"). The
 * server runs a tournament "minute" as TOURNAMENT_MINUTE_MS (playwright.config.ts), so the shortest
 * tournament, 15 minutes, is over in two. Its start is a real clock time, typed in the form as the
 * first whole minute at least `LEAD_MS` ahead: time enough for three players to sign up and join.
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PRIZE = 500;
const LEAD_MS = 75_000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The first whole minute at least `LEAD_MS` from now, as the form's date and time inputs take it. */
function startSoon(): { date: string; time: string; at: number } {
  const at = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000);
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
    at: at.getTime(),
  };
}

/** A server CLI on the e2e server's own data folder (playwright.config.ts). */
function cli(args: string[]): string {
  const dataDir = serverDataDir();
  return execFileSync('npm', ['run', '--silent', ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
}

async function signUp(browser: Browser, prefix: string, viewport: typeof PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const name = uniqueName(prefix);
  await registerThroughUi(page, name);
  return { page, name };
}

async function coins(page: Page): Promise<number> {
  const { token } = await whoAmI(page);
  const res = await page.request.get('/api/currency/balance', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { currency: number }).currency;
}

/** The standings as the page shows them: "name score" per line, in order. */
async function standings(page: Page): Promise<string[]> {
  return page
    .getByTestId('standing')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.getAttribute('data-user')} ${row.querySelector('[data-testid="standing-score"]')?.textContent}`,
      ),
    );
}

/**
 * A player who plays on by themselves: opens each table the tournament finds them (at once from
 * the tournament's page, else through "Your next game"), and plays a card whenever they may,
 * until `done` says to stop or they are told to stand aside (`hold`).
 */
function autoplay(page: Page, done: () => boolean, hold: () => boolean = () => false) {
  const play = page
    .getByRole('alertdialog', { name: 'Your next game' })
    .getByRole('button', { name: 'Play' });
  const card = hand(page).locator('button:not([disabled])').first();
  const paused = page.locator('[data-testid="felt"][data-paused="trick"]');
  return (async () => {
    while (!done()) {
      if (hold()) {
        await page.waitForTimeout(100);
        continue;
      }
      if (await play.isVisible().catch(() => false))
        await play.click({ timeout: 2000 }).catch(() => undefined);
      else if (await paused.isVisible().catch(() => false))
        await paused.click({ timeout: 1000 }).catch(() => undefined);
      else if (await card.isVisible().catch(() => false))
        await card.click({ timeout: 2000 }).catch(() => undefined);
      else await page.waitForTimeout(80);
    }
  })();
}

test('a manager schedules an arena; three players join from phones, play it out with a pause, and the winner is paid', async ({
  browser,
}) => {
  test.setTimeout(420_000);

  // ── The manager schedules a 2-seat arena to 3 points with a 500-coin first prize. ──
  const manager = await signUp(browser, 'tm_mgr', DESKTOP);
  expect(cli(['user:role', '--', manager.name, 'manager'])).toContain(`${manager.name} is now manager`);
  const staff = manager.page;
  await staff.goto('/manager?section=tournaments');
  await staff.getByRole('button', { name: 'Schedule tournament' }).click();
  const form = staff.getByRole('form', { name: 'Schedule a tournament' });
  const name = `Arena ${Date.now().toString(36)}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Description').fill('Quick games to 3.');
  await form.getByLabel('Duration (15–180 minutes)').fill('10');
  await form.getByRole('button', { name: 'Schedule tournament' }).click();
  // The form says what is wrong before anything is sent.
  await expect(form.getByText('Duration must be at least 15')).toBeVisible();
  await form.getByLabel('Duration (15–180 minutes)').fill('15');
  await form.getByLabel('Games to').selectOption('3');
  const start = startSoon();
  await form.getByLabel('Start date').fill(start.date);
  await form.getByLabel('Start time (your time zone)').fill(start.time);
  await form.getByLabel('1st place coins').fill(String(PRIZE));
  await form.getByRole('button', { name: 'Schedule tournament' }).click();
  await expect(form).toBeHidden();
  const row = staff.getByTestId('tournament-row').filter({ hasText: name });
  await expect(row).toContainText('Upcoming');
  await expect(row).toContainText('0 entrants');
  const href = await row.getByRole('link', { name: `Open ${name}` }).getAttribute('href');
  const id = Number(/\/tournaments\/(\d+)/.exec(href ?? '')?.[1]);
  expect(id).toBeGreaterThan(0);

  // ── Three players find it from the games hub and join from their phones. ──
  const players: { page: Page; name: string }[] = [];
  for (const prefix of ['tm_a', 'tm_b', 'tm_c']) players.push(await signUp(browser, prefix, PHONE));
  const before = new Map<string, number>();
  for (const { page, name: who } of players) {
    before.set(who, await coins(page));
    await page.goto('/games');
    await page.getByRole('link', { name: 'Arena tournaments' }).click();
    await expect(page).toHaveURL('/tournaments');
    await page.getByTestId('tournament-card').filter({ hasText: name }).click();
    await expect(page).toHaveURL(`/tournaments/${id}`);
    await expect(page).toHaveTitle(`${name} · Spar`);
    await page.getByRole('button', { name: 'Join · Free' }).click();
    await page
      .getByRole('dialog', { name: `Join ${name}?` })
      .getByRole('button', { name: 'Join · Free' })
      .click();
    await expect(page.getByRole('button', { name: 'Withdraw' })).toBeVisible();
    await expect(page.getByTestId('standing').filter({ hasText: who })).toBeVisible();
  }
  // The staff page follows the tournament live from here.
  await staff.goto(`/tournaments/${id}`);
  await expect(staff.getByTestId('standing')).toHaveCount(3);

  // ── It starts: two are seated at once from the tournament's page, the third waits. ──
  await expect(staff.getByText('Live', { exact: true })).toBeVisible({
    timeout: start.at - Date.now() + 20_000,
  });
  await expect
    .poll(
      async () =>
        (await Promise.all(players.map(({ page }) => page.url()))).filter((u) => u.includes('/game/')).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(2);
  const seated = players.filter(({ page }) => page.url().includes('/game/'));
  const waiting = players.find((p) => !seated.includes(p))!;

  // ── They play; the first to finish a game pauses, and the standings move on the staff page. ──
  let finished = false;
  let pausing = false;
  const isFinished = () => finished;
  const loops = players.map((p) => autoplay(p.page, isFinished, () => pausing && p === seated[0]));
  const scoresAtStart = await standings(staff);
  await expect.poll(() => standings(staff), { timeout: 120_000 }).not.toEqual(scoresAtStart);
  expect((await standings(staff)).some((line) => line.endsWith(' 2'))).toBe(true);

  // A player of the first table pauses from the tournament's page, then comes back.
  const pauser = seated[0]!;
  pausing = true;
  const result = pauser.page.getByRole('heading', { name: /^(You won!|You lost)$/ });
  await result.waitFor({ timeout: 60_000 });
  // An arena's game offers no rematch: its end leads back to the tournament.
  const end = pauser.page.getByRole('dialog').filter({ has: result });
  await expect(end.getByRole('group', { name: 'Rematch' })).toHaveCount(0);
  await expect(end.getByRole('button', { name: 'Play again' })).toHaveCount(0);
  await end.getByRole('link', { name: 'Back to the tournament' }).click();
  await expect(pauser.page).toHaveURL(`/tournaments/${id}`);
  await pauser.page.getByRole('button', { name: 'Pause' }).click();
  await expect(pauser.page.getByRole('button', { name: 'Resume' })).toBeVisible();
  await expect(staff.getByTestId('standing').filter({ hasText: pauser.name })).toContainText('Paused');
  // Meanwhile the other two play each other.
  await expect(waiting.page).toHaveURL(/\/game\//, { timeout: 60_000 });
  await pauser.page.getByRole('button', { name: 'Resume' }).click();
  await expect(pauser.page.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(staff.getByTestId('standing').filter({ hasText: pauser.name })).not.toContainText('Paused');
  pausing = false;

  // ── The clock runs out: the results, the podium, and the winner's prize. ──
  await expect(staff.getByRole('list', { name: 'Podium' })).toBeVisible({ timeout: 240_000 });
  finished = true;
  await Promise.all(loops);
  await expect(staff.getByText('Finished', { exact: true })).toBeVisible();
  const final = await standings(staff);
  expect(final).toHaveLength(3);
  const winner = players.find((p) => final[0]!.startsWith(`${p.name} `))!;
  expect(winner).toBeDefined();
  await expect(staff.getByRole('list', { name: 'Podium' }).getByText('500 coins')).toBeVisible();
  expect(await coins(winner.page)).toBe(before.get(winner.name)! + PRIZE);
  for (const other of players.filter((p) => p !== winner))
    expect(await coins(other.page)).toBe(before.get(other.name));
  // The winner's own page says the same.
  await winner.page.goto(`/tournaments/${id}`);
  await expect(
    winner.page.getByRole('listitem', { name: new RegExp(`^1st: ${winner.name},`) }),
  ).toBeVisible();
});

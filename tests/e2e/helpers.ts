import { expect, test, type Page } from '@playwright/test';
import { isReservedUsername } from '@shared/usernames';

let counter = 0;

/**
 * The data folder of the server this test runs against (playwright.config.ts gives it to the
 * project), for the server's own CLI or a look into its database.
 */
export function serverDataDir(): string {
  const dir = (test.info().project.metadata as { dataDir?: string }).dataDir;
  if (!dir) throw new Error('no server data folder: run through playwright.config.ts');
  return dir;
}

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

/** The signed-in player's id and session token, read from the page's own storage and API. */
export async function whoAmI(page: Page): Promise<{ id: number; token: string }> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  const res = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
  return { id: ((await res.json()) as { id: number }).id, token };
}

/** Makes the two players friends through the friends API: one asks, the other accepts. */
export async function befriendThroughApi(asker: Page, asked: Page) {
  const a = await whoAmI(asker);
  const b = await whoAmI(asked);
  const request = await asker.request.post('/api/friends/request', {
    headers: { authorization: `Bearer ${a.token}` },
    data: { friendId: b.id },
  });
  expect(request.status()).toBe(200);
  const { id } = (await request.json()) as { id: number };
  const respond = await asked.request.post('/api/friends/respond', {
    headers: { authorization: `Bearer ${b.token}` },
    data: { requestId: id, status: 'accepted' },
  });
  expect(respond.status()).toBe(200);
  return { a, b };
}

/** Finds `name` in the find-friend panel of /messages (typed untrimmed, in capitals) and asks. */
export async function sendFriendRequest(page: Page, name: string) {
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
export async function pickFriendsFilter(page: Page, name: 'All' | 'Online' | 'Offline' | 'Blocked') {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${name}$`) })
    .click();
}

/** The friend's row on /messages shows them online (true) or offline (false). */
export async function expectFriendPresence(page: Page, name: string, online: boolean) {
  const row = page.getByTestId(`friend-${name}`);
  await expect(row).toContainText(online ? 'Online' : 'Offline', { timeout: 10_000 });
  await expect(row.locator('[data-online]')).toHaveAttribute('data-online', String(online));
}

/** The player's hand on the game page. */
export function hand(page: Page) {
  return page.getByRole('group', { name: 'Your hand' });
}

/**
 * Each player clicks a playable card whenever they have one, until all see the game-over dialog.
 * `onStep` runs after each round of clicks (a test takes its screenshots there).
 */
export async function playToTheEnd(pages: Page[], onStep?: () => Promise<void>) {
  // A time limit, not a count of rounds: a round takes longer on a busy machine, and a 3- or
  // 4-seat game has many more of them. The test's own timeout usually ends a stuck game first.
  const until = Date.now() + 10 * 60_000;
  while (Date.now() < until) {
    const over = await Promise.all(
      pages.map((p) => p.getByRole('heading', { name: /^(You won!|You lost)$/ }).isVisible()),
    );
    if (over.every(Boolean)) return;
    for (const page of pages) {
      // A finished trick held on the table goes at a tap (docs/design.md, "Pacing the table"); a
      // hand's result is left its two seconds, so a test can still see it.
      const paused = page.locator('[data-testid="felt"][data-paused="trick"]');
      if (await paused.isVisible().catch(() => false)) {
        await paused.click({ timeout: 1000 }).catch(() => undefined);
        // The next lead the pause held back is on the table now: let `onStep` see it first.
        continue;
      }
      const card = hand(page).locator('button:not([disabled])').first();
      if (await card.isVisible().catch(() => false))
        await card.click({ timeout: 1000 }).catch(() => undefined);
    }
    await onStep?.();
    await pages[0]!.waitForTimeout(60);
  }
  throw new Error('the game did not end within 10 minutes');
}

/**
 * Every player, each in a loop of their own, clicks a playable card whenever they have one, until
 * each sees the game-over dialog. Whoever's turn it is plays at once, which keeps a table of three
 * or four quick on a busy machine; a finished trick held on the table is tapped away, as a player
 * in a hurry would.
 */
export async function playEachToTheEnd(pages: Page[], limitMs: number) {
  const deadline = Date.now() + limitMs;
  await Promise.all(
    pages.map(async (page) => {
      const over = page.getByRole('heading', { name: /^(You won!|You lost)$/ });
      const card = hand(page).locator('button:not([disabled])').first();
      const paused = page.locator('[data-testid="felt"][data-paused="trick"]');
      while (Date.now() < deadline) {
        if (await over.isVisible()) return;
        if (await paused.isVisible().catch(() => false))
          await paused.click({ timeout: 1000 }).catch(() => undefined);
        else if (await card.isVisible().catch(() => false))
          await card.click({ timeout: 2000 }).catch(() => undefined);
        else await page.waitForTimeout(50);
      }
      throw new Error('the game did not end');
    }),
  );
}

/**
 * Waits until the table's animations have ended (cards flying in, a trick being collected, the
 * hand closing up, the hand's result popping up), so a screenshot shows the table at rest rather
 * than a card halfway over the status line. CSS transitions are not waited for: the turn ring
 * ticks down through one every quarter second for as long as a turn lasts.
 */
export async function tableAtRest(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (a) =>
            a instanceof CSSTransition ||
            a.playState !== 'running' ||
            a.effect?.getComputedTiming().endTime === Infinity,
        ),
    undefined,
    { timeout: 5000 },
  );
}

/**
 * The buttons and badges on the page whose label is cut short (Mantine ends it with "…"), and the
 * tabs that lie partly outside the window: on a narrow phone these are how a layout that does not
 * fit shows. Only what is inside `within`.
 */
export async function cutShort(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector);
    if (!root) return [`nothing matches ${selector}`];
    const cut: string[] = [];
    for (const label of Array.from(root.querySelectorAll('.mantine-Button-label, .mantine-Badge-label')))
      if (label.scrollWidth > label.clientWidth + 1) cut.push(`label cut: ${label.textContent}`);
    for (const tab of Array.from(root.querySelectorAll('[role="tab"]'))) {
      const box = tab.getBoundingClientRect();
      if (box.width > 0 && (box.left < 0 || box.right > window.innerWidth + 1))
        cut.push(`tab out of sight: ${tab.textContent}`);
    }
    return cut;
  }, within);
}

/**
 * The texts inside `within` that Mantine clamps (`lineClamp`) and that do not fit their lines: what
 * a player would see end in "…". For texts a player needs whole to decide, such as what a pack
 * holds.
 */
export async function clampedText(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate(
    (selector) =>
      Array.from(document.querySelectorAll(`${selector} [data-line-clamp]`))
        .filter((text) => text.scrollHeight > text.clientHeight + 1)
        .map((text) => `clamped: ${text.textContent}`),
    within,
  );
}

/**
 * What spills out of the opponents' seats around the felt (a name, a badge or a score line wider
 * than its seat runs under the felt) or is cut short in them. Empty when every seat fits.
 */
export async function seatProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const seat of Array.from(document.querySelectorAll<HTMLElement>('[data-testid="seat"]'))) {
      const box = seat.getBoundingClientRect();
      const side = seat.dataset.side;
      for (const part of Array.from(seat.querySelectorAll('p, span, img, [aria-label]'))) {
        const r = part.getBoundingClientRect();
        if (r.width === 0) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1)
          problems.push(`${side} seat: "${part.textContent || part.getAttribute('aria-label')}" spills out`);
      }
      for (const label of Array.from(seat.querySelectorAll('.mantine-Badge-label')))
        if (label.scrollWidth > label.clientWidth + 1)
          problems.push(`${side} seat: badge cut: ${label.textContent}`);
      // A name of several words wraps between them, never inside one ("Ama (mediu / m)"). A
      // username is one word of up to 16 characters, which a narrow seat must break to show whole.
      for (const name of Array.from(seat.querySelectorAll('[data-testid="seat-name"]'))) {
        const text = name.textContent ?? '';
        if (!/\s/.test(text.trim())) continue;
        const range = document.createRange();
        const node = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
        const tops: { char: string; top: number }[] = [];
        for (let n = node.nextNode(); n; n = node.nextNode())
          for (let i = 0; i < n.textContent!.length; i++) {
            range.setStart(n, i);
            range.setEnd(n, i + 1);
            tops.push({ char: n.textContent![i]!, top: range.getBoundingClientRect().top });
          }
        for (let i = 1; i < tops.length; i++)
          if (
            /[^\s_]/.test(tops[i - 1]!.char) &&
            /[^\s_]/.test(tops[i]!.char) &&
            tops[i]!.top > tops[i - 1]!.top + 2
          )
            problems.push(`${side} seat: "${text}" breaks inside a word`);
      }
    }
    return problems;
  });
}

/**
 * What is wrong with the game room's toolbar as laid out: a badge cut short ("RANK…"), the hand's
 * progress on more than one line, the middle running into the buttons, or anything off screen.
 * Empty when the toolbar fits.
 */
export async function toolbarProblems(page: Page): Promise<string[]> {
  const problems = await page.evaluate(() => {
    const problems: string[] = [];
    const middle = document.querySelector('[data-testid="toolbar-middle"]');
    const progress = document.querySelector('[data-testid="hand-progress"]');
    if (!middle || !progress) return ['no toolbar'];
    const range = document.createRange();
    range.selectNodeContents(progress);
    const lines = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top))).size;
    if (lines !== 1) problems.push(`progress on ${lines} lines`);
    const box = middle.getBoundingClientRect();
    if (box.left < 0 || box.right > window.innerWidth) problems.push('middle off screen');
    const bar = middle.parentElement!;
    for (const button of Array.from(bar.querySelectorAll('a, button'))) {
      const b = button.getBoundingClientRect();
      if (b.right > window.innerWidth) problems.push(`${button.getAttribute('aria-label')} off screen`);
      if (b.left < box.right && box.left < b.right)
        problems.push(`middle runs into ${button.getAttribute('aria-label')}`);
    }
    return problems;
  });
  return [...problems, ...(await cutShort(page, '[data-testid="toolbar-middle"]'))];
}

/**
 * Coins through the built-in test checkout, as a player gets them: the shop's first coin pack,
 * confirmed, then paid. Returns how many coins the pack grants.
 */
export async function buyCoinsThroughTestCheckout(page: Page): Promise<number> {
  await page.goto('/shop');
  const pack = page
    .getByTestId('pack')
    .filter({ has: page.getByRole('img', { name: 'coins', exact: true }) })
    .first();
  const grant = Number(((await pack.getByTestId('pack-grant').textContent()) ?? '').replace(/[^0-9]/g, ''));
  await pack.getByRole('button', { name: /^Buy / }).click();
  // Buy asks first; the payment is opened only by Pay.
  await page.getByRole('dialog', { name: 'Confirm payment' }).getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payments\/test-checkout\/[^/?]+$/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/shop$/);
  return grant;
}

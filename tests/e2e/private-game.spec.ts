import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { cutShort, hand, serverDataDir, registerThroughUi, uniqueName } from './helpers';

const SHOTS = 'test-results/e2e/screens';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * Makes two players friends in the server's database, as the friends module writes it: one row per
 * pair, keyed "low:high" (tests/e2e/social.spec.ts walks the friends screens themselves).
 */
function befriend(a: string, b: string): number {
  const db = new Database(path.join(serverDataDir(), 'spar.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const idOf = (username: string) =>
      (db.prepare('select id from users where username = ?').get(username) as { id: number }).id;
    const [low, high] = [idOf(a), idOf(b)].sort((x, y) => x - y) as [number, number];
    const now = Date.now();
    const row = db
      .prepare(
        `insert into friendships (pair_key, user_id, friend_id, status, blocked_by, created_at, updated_at)
         values (?, ?, ?, 'accepted', null, ?, ?) returning id`,
      )
      .get(`${low}:${high}`, idOf(a), idOf(b), now, now) as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

/** What the challenge button does: POST /api/game-rooms/private with the session's token. */
async function challenge(page: Page, friendshipId: number): Promise<string> {
  const answer = await page.evaluate(async (id) => {
    const res = await fetch('/api/game-rooms/private', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${localStorage.getItem('token')}`,
      },
      body: JSON.stringify({ friendshipId: id }),
    });
    return { status: res.status, body: (await res.json()) as { id: string } };
  }, friendshipId);
  expect(answer.status).toBe(201);
  return answer.body.id;
}

async function signedInPlayer(browser: Browser, name: string, viewport: typeof PHONE): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await registerThroughUi(page, name);
  await page.goto('/games');
  await expect(page.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();
  return page;
}

test('a friend declines one challenge and accepts the next from the dialog; the game starts for both', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [amaName, kofiName] = [uniqueName('pv_ama'), uniqueName('pv_kofi')];
  const ama = await signedInPlayer(browser, amaName, DESKTOP);
  const kofi = await signedInPlayer(browser, kofiName, PHONE);
  const friendship = befriend(amaName, kofiName);

  // First challenge: Ama waits at the table, Kofi is asked wherever he is, and declines.
  const first = await challenge(ama, friendship);
  await ama.goto(`/game/${first}`);
  await expect(ama.getByText(`Waiting for ${kofiName} to join`)).toBeVisible();
  await expect(ama.getByRole('button', { name: 'Cancel game' })).toBeVisible();
  const invitation = kofi.getByRole('dialog', { name: 'Game invitation' });
  await expect(invitation).toBeVisible();
  await expect(invitation.getByText(amaName)).toBeVisible();
  await expect(invitation.getByText(/\d+ seconds left/)).toBeVisible();
  await ama.waitForTimeout(400); // the dialog's entrance transition
  await ama.screenshot({ path: `${SHOTS}/desktop-private-waiting.png` });
  await kofi.screenshot({ path: `${SHOTS}/phone-private-invitation.png` });
  await kofi.setViewportSize({ width: 360, height: 640 });
  await kofi.screenshot({ path: `${SHOTS}/small-private-invitation.png` });
  expect(await cutShort(kofi)).toEqual([]);
  await kofi.setViewportSize(PHONE);
  await invitation.getByRole('button', { name: 'Decline' }).click();
  await expect(invitation).toBeHidden();
  await expect(ama.getByText(`${kofiName} declined the game.`)).toBeVisible();
  await expect(ama.getByRole('heading', { name: 'Game called off' })).toBeVisible();
  await ama.screenshot({ path: `${SHOTS}/desktop-private-declined.png` });

  // Second challenge, the screens swapped: Ama on a phone, Kofi on a desktop; Kofi accepts.
  await ama.setViewportSize(PHONE);
  await kofi.setViewportSize(DESKTOP);
  const second = await challenge(ama, friendship);
  await ama.goto(`/game/${second}`);
  await expect(ama.getByText(`Waiting for ${kofiName} to join`)).toBeVisible();
  await expect(invitation).toBeVisible();
  await kofi.waitForTimeout(400);
  await ama.screenshot({ path: `${SHOTS}/phone-private-waiting.png` });
  await ama.setViewportSize({ width: 360, height: 640 });
  await ama.screenshot({ path: `${SHOTS}/small-private-waiting.png` });
  expect(await cutShort(ama)).toEqual([]);
  await ama.setViewportSize(PHONE);
  await kofi.screenshot({ path: `${SHOTS}/desktop-private-invitation.png` });
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(kofi).toHaveURL(new RegExp(`/game/${second}$`));
  for (const page of [ama, kofi]) await expect(hand(page).getByRole('button')).toHaveCount(5);
  await expect(ama.getByText(/Waiting for/)).toBeHidden();

  // Played to the end in tests/e2e/social.spec.ts, which challenges from the friends list.
  for (const page of [ama, kofi]) await page.context().close();
});

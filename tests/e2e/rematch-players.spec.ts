import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  befriendThroughApi,
  cutShort,
  hand,
  registerThroughUi,
  seatProblems,
  tableAtRest,
  uniqueName,
  whoAmI,
} from './helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const SHOTS = 'test-results/e2e/rematch';
const VIEWPORTS = [
  { name: 'small', width: 360, height: 640 },
  { name: 'phone', ...PHONE },
  { name: 'desktop', ...DESKTOP },
];

/**
 * Screenshots of `page` at each size, checked for what is cut short (and, at the table, seats that
 * spill) and for `shown` lying inside the window: a phone must not push it out of sight.
 */
async function shootEverySize(page: Page, what: string, shown: ReturnType<Page['locator']>) {
  for (const { name, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    await tableAtRest(page).catch(() => undefined);
    await page.screenshot({ path: `${SHOTS}/${name}-${what}.png` });
    expect.soft(await cutShort(page), `${what} at ${width} px`).toEqual([]);
    expect.soft(await seatProblems(page), `${what} seats at ${width} px`).toEqual([]);
    const box = (await shown.first().boundingBox())!;
    expect
      .soft(
        box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height,
        `${what} inside ${width}×${height}`,
      )
      .toBe(true);
  }
}

/** What a GAME_STATE frame says of a game: its mode and who sits where. */
interface Seating {
  mode: string;
  players: string[];
}

/**
 * A signed-in player on /games, with the seating of every game their socket is sent a GAME_STATE
 * of and every reaction it is sent (read from the frames: what the server did, not what the page
 * shows).
 */
async function signedInPlayer(browser: Browser, name: string, viewport: typeof PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const seatings = new Map<string, Seating>();
  const emotesShown: { seat: number; emote: string }[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as {
        type: string;
        gameId?: string;
        game?: { mode: string; players: { username: string }[] };
        seat?: number;
        emote?: string;
      };
      if (message.type === 'GAME_EMOTE_SHOWN')
        emotesShown.push({ seat: message.seat!, emote: message.emote! });
      if (message.type === 'GAME_STATE' && message.gameId && message.game)
        seatings.set(message.gameId, {
          mode: message.game.mode,
          players: message.game.players.map((p) => p.username),
        });
    }),
  );
  await registerThroughUi(page, name);
  await page.goto('/games');
  await expect(page.getByRole('status', { name: /Connection: Connected/ })).toBeVisible();
  return { page, seatings, emotesShown };
}

/** The friendship of two friends, as the challenge button sends it. */
async function friendshipOf(page: Page): Promise<number> {
  const { token } = await whoAmI(page);
  const res = await page.request.get('/api/friends', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { friends: { id: number }[] }).friends[0]!.id;
}

/** `host` challenges a friend (POST /api/game-rooms/private) who accepts from the invitation. */
async function privateGame(host: Page, guest: Page, friendshipId: number): Promise<string> {
  const answer = await host.evaluate(async (id) => {
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
  const gameId = answer.body.id;
  await host.goto(`/game/${gameId}`);
  await guest
    .getByRole('dialog', { name: 'Game invitation' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(guest).toHaveURL(new RegExp(`/game/${gameId}$`));
  for (const page of [host, guest]) await expect(hand(page).getByRole('button')).toHaveCount(5);
  return gameId;
}

/** Both play a card each until a finished trick holds `watcher`'s table (its pause). */
async function playOneTrick(pages: Page[], watcher: Page) {
  const paused = watcher.locator('[data-testid="felt"][data-paused="trick"]');
  for (let round = 0; round < 20 && !(await paused.isVisible()); round++) {
    for (const page of pages) {
      const card = hand(page).locator('button:not([disabled])').first();
      if (await card.isVisible()) await card.click({ timeout: 1000 }).catch(() => undefined);
    }
    await watcher.waitForTimeout(100);
  }
  await expect(paused).toBeVisible();
}

/** Sends a reaction from the table's Reactions button. */
async function react(page: Page, label: string) {
  await page.getByRole('button', { name: 'Reactions' }).click();
  await page.getByRole('button', { name: label, exact: true }).click();
}

/** The centre of what `locator` shows. */
async function centre(locator: ReturnType<Page['locator']>) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function resign(page: Page) {
  await page.getByRole('button', { name: 'Resign' }).click();
  await page
    .getByRole('dialog', { name: 'Resign this game?' })
    .getByRole('button', { name: 'Resign' })
    .click();
}

test('two friends resign-end a private game, reload, both accept a rematch with the same seats; the next is declined', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const [amaName, kofiName] = [uniqueName('rm_ama'), uniqueName('rm_kofi')];
  const { page: ama, seatings } = await signedInPlayer(browser, amaName, DESKTOP);
  const { page: kofi } = await signedInPlayer(browser, kofiName, PHONE);
  await befriendThroughApi(ama, kofi);
  const first = await privateGame(ama, kofi, await friendshipOf(ama));

  // Kofi resigns while the table holds the first trick: the resignation is not held behind it.
  await playOneTrick([ama, kofi], kofi);
  await resign(kofi);
  await expect(kofi.getByRole('heading', { name: 'You lost' })).toBeVisible();
  await expect(ama.getByRole('heading', { name: 'You won!' })).toBeVisible();
  await expect(ama.getByText('By resignation')).toBeVisible();

  // Ama asks; Kofi sees who asked and the time left, and accepts.
  await ama.getByRole('button', { name: 'Rematch', exact: true }).click();
  const amaPanel = ama.getByRole('group', { name: 'Rematch' });
  await expect(amaPanel.getByText(/Waiting for the others to accept… \d+ s/)).toBeVisible();
  const kofiPanel = kofi.getByRole('group', { name: 'Rematch' });
  await expect(kofiPanel.getByText(/Rematch asked: \d+ s to accept/)).toBeVisible();
  await expect(kofiPanel.getByText(amaName)).toBeVisible();

  // Both reload the finished game: the end and the offer as it stands come back with it.
  for (const page of [kofi, ama]) await page.reload();
  await expect(kofi.getByRole('heading', { name: 'You lost' })).toBeVisible();
  await expect(kofiPanel.getByText(/Rematch asked: \d+ s to accept/)).toBeVisible();
  await expect(kofiPanel.getByText(amaName)).toBeVisible();
  await expect(ama.getByRole('heading', { name: 'You won!' })).toBeVisible();
  await expect(amaPanel.getByText(/Waiting for the others to accept… \d+ s/)).toBeVisible();
  await kofiPanel.getByRole('button', { name: 'Accept rematch' }).click();

  // One new game for both, the same seats and mode, dealt afresh.
  await expect(ama).not.toHaveURL(new RegExp(`/game/${first}$`));
  const second = /\/game\/([^/?]+)$/.exec(ama.url())?.[1] ?? '';
  expect(second).not.toBe('');
  await expect(kofi).toHaveURL(new RegExp(`/game/${second}$`));
  for (const page of [ama, kofi]) {
    await expect(hand(page).getByRole('button')).toHaveCount(5);
    await expect(page.getByText('Hand 1 · trick 1/5')).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  expect(seatings.get(second)).toEqual(seatings.get(first));
  expect(seatings.get(second)?.mode).toBe('private');

  // The rematch ends too; Ama asks again and Kofi leaves the game-over screen: declined.
  await resign(ama);
  await expect(kofi.getByRole('heading', { name: 'You won!' })).toBeVisible();
  await ama.getByRole('button', { name: 'Rematch', exact: true }).click();
  await expect(kofi.getByRole('button', { name: 'Accept rematch' })).toBeVisible();
  await kofi.getByRole('dialog').getByRole('link', { name: 'Back to games' }).click();
  await expect(kofi).toHaveURL(/\/games$/);
  await expect(
    ama.getByRole('status').filter({ hasText: `${kofiName} declined the rematch.` }),
  ).toBeVisible();
  await expect(ama.getByRole('button', { name: 'Accept rematch' })).toBeHidden();
  await expect(ama).toHaveURL(new RegExp(`/game/${second}$`));
  for (const page of [ama, kofi]) await page.context().close();
});

test('a reaction shows by the seat of its sender for the other player; none cross a block, and no rematch', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const [amaName, kofiName] = [uniqueName('em_ama'), uniqueName('em_kofi')];
  const amaPlayer = await signedInPlayer(browser, amaName, PHONE);
  const kofiPlayer = await signedInPlayer(browser, kofiName, DESKTOP);
  const [ama, kofi] = [amaPlayer.page, kofiPlayer.page];
  const { a, b } = await befriendThroughApi(ama, kofi);
  const gameId = await privateGame(ama, kofi, await friendshipOf(ama));
  const players = amaPlayer.seatings.get(gameId)!.players;
  const [amaSeat, kofiSeat] = [players.indexOf(amaName), players.indexOf(kofiName)];

  // Kofi wishes luck: Ama sees it in a bubble by Kofi's seat (across the felt), Kofi by his own.
  // A bubble lasts 3 s: each is looked for at once, both pages together.
  await react(kofi, 'Good luck');
  const onAma = ama.getByTestId('emote-bubble');
  await Promise.all([
    expect(onAma).toHaveAttribute('data-seat', String(kofiSeat)),
    expect(kofi.getByTestId('emote-bubble')).toHaveAttribute('data-seat', String(kofiSeat)),
  ]);
  const [seat, bubble] = await Promise.all([centre(ama.getByTestId('seat')), centre(onAma)]);
  await expect(onAma).toContainText('Good luck');
  expect(Math.abs(bubble.x - seat.x)).toBeLessThan(60);
  expect(bubble.y).toBeGreaterThan(seat.y);
  expect(bubble.y - seat.y).toBeLessThan(120);
  await react(ama, 'Hello');
  await expect(kofi.locator(`[data-testid="emote-bubble"][data-seat="${amaSeat}"]`)).toContainText('Hello');

  // Ama blocks Kofi (the game under way is played out): his reactions no longer reach her, nor hers him.
  const block = await ama.request.post('/api/friends/block', {
    headers: { authorization: `Bearer ${a.token}` },
    data: { userId: b.id },
  });
  expect(block.status()).toBe(200);
  const before = { ama: amaPlayer.emotesShown.length, kofi: kofiPlayer.emotesShown.length };
  await react(kofi, 'Wow');
  // Kofi's own comes back to him, so the server has handled it by now…
  await expect(kofi.locator(`[data-testid="emote-bubble"][data-seat="${kofiSeat}"]`)).toContainText('Wow');
  await react(ama, 'Nice trick');
  // …and anything it sent Ama would be ahead of her own reaction on her socket.
  await expect(ama.locator(`[data-testid="emote-bubble"][data-seat="${amaSeat}"]`)).toContainText(
    'Nice trick',
  );
  await react(kofi, 'Oops');
  await expect(kofi.locator(`[data-testid="emote-bubble"][data-seat="${kofiSeat}"]`)).toContainText('Oops');
  expect(amaPlayer.emotesShown.slice(before.ama)).toEqual([{ seat: amaSeat, emote: 'nice_trick' }]);
  expect(kofiPlayer.emotesShown.slice(before.kofi)).toEqual([
    { seat: kofiSeat, emote: 'wow' },
    { seat: kofiSeat, emote: 'oops' },
  ]);
  await expect(ama.locator(`[data-testid="emote-bubble"][data-seat="${kofiSeat}"]`)).toHaveCount(0);
  await expect(kofi.locator(`[data-testid="emote-bubble"][data-seat="${amaSeat}"]`)).toHaveCount(0);

  // At its end the game offers no rematch between them.
  await resign(kofi);
  await expect(ama.getByRole('heading', { name: 'You won!' })).toBeVisible();
  await ama.getByRole('button', { name: 'Rematch', exact: true }).click();
  await expect(ama.getByText('A rematch is not possible with these players now.')).toBeVisible();
  for (const page of [ama, kofi]) await page.context().close();
});

test('at a table of three: the resigned seat, reactions by the side seats and a three-way rematch, at every size', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const names = [uniqueName('r3_ama'), uniqueName('r3_kofi'), uniqueName('r3_esi')];
  const players: Awaited<ReturnType<typeof signedInPlayer>>[] = [];
  for (const name of names) {
    const player = await signedInPlayer(browser, name, DESKTOP);
    await player.page.getByRole('radiogroup', { name: 'Quick table size' }).getByText('3 players').click();
    await player.page.getByRole('button', { name: 'Quick' }).click();
    players.push(player);
  }
  const [ama, kofi, esi] = players.map((p) => p.page) as [Page, Page, Page];
  for (const page of [ama, kofi, esi])
    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
  for (const page of [ama, kofi, esi]) await expect(hand(page).getByRole('button')).toHaveCount(5);
  const gameId = /\/game\/([^/?]+)$/.exec(ama.url())![1]!;
  const seatOf = (name: string) => players[0]!.seatings.get(gameId)!.players.indexOf(name);

  // Esi resigns: the others play on and see her seat marked.
  await resign(esi);
  const resigned = ama.getByTestId('seat').filter({ hasText: names[2]! }).getByText('left', { exact: true });
  await expect(resigned).toBeVisible();
  await expect(
    kofi.getByTestId('seat').filter({ hasText: names[2]! }).getByText('left', { exact: true }),
  ).toBeVisible();

  // At each size Kofi reacts and Ama answers: she sees both bubbles, each by its seat (a bubble
  // lasts 3 s, so each size has its own).
  for (const [i, { name, width, height }] of VIEWPORTS.entries()) {
    await ama.setViewportSize({ width, height });
    // Both at once: one after the other, the first bubble may be gone before the second shows.
    await Promise.all([
      react(kofi, ['Thinking…', 'Wow', 'Haha'][i]!),
      react(ama, ['Good game', 'Oops', 'Nice trick'][i]!),
    ]);
    // Both bubbles measured in one go in the page: on a busy machine one may fade between calls.
    const boxes = await (
      await ama.waitForFunction(
        (seats) => {
          const rects = seats.map((seat) =>
            document
              .querySelector(`[data-testid="emote-bubble"][data-seat="${seat}"]`)
              ?.getBoundingClientRect(),
          );
          return (
            rects.every(Boolean) &&
            rects.map((r) => ({ x: r!.x, y: r!.y, width: r!.width, height: r!.height }))
          );
        },
        [seatOf(names[1]!), seatOf(names[0]!)],
      )
    ).jsonValue();
    if (!boxes) throw new Error('no bubbles measured');
    boxes.push((await resigned.boundingBox())!);
    await ama.screenshot({ path: `${SHOTS}/${name}-table-3-resigned-reactions.png` });
    for (const box of boxes)
      expect
        .soft(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= width, `inside ${width} px`)
        .toBe(true);
    expect.soft(await cutShort(ama), `table at ${width} px`).toEqual([]);
    expect.soft(await seatProblems(ama), `seats at ${width} px`).toEqual([]);
  }
  await ama.setViewportSize(DESKTOP);

  // Ama resigns too; Kofi wins and asks for a rematch, which waits for Ama and Esi.
  await resign(ama);
  await expect(kofi.getByRole('heading', { name: 'You won!' })).toBeVisible();
  await kofi.getByRole('button', { name: 'Rematch', exact: true }).click();
  const panel = ama.getByRole('group', { name: 'Rematch' });
  await expect(panel.getByRole('button', { name: 'Accept rematch' })).toBeVisible();
  await expect(panel.getByText(names[1]!)).toBeVisible();
  await expect(panel.getByText(names[2]!)).toBeVisible();
  await ama.waitForTimeout(400); // the dialog's entrance
  await shootEverySize(ama, 'rematch-asked-3', panel);
  await ama.setViewportSize(DESKTOP);
  await panel.getByRole('button', { name: 'Accept rematch' }).click();
  await expect(panel.getByText(/Waiting for the others to accept/)).toBeVisible();
  await shootEverySize(ama, 'rematch-waiting-3', panel);
  await esi.getByRole('group', { name: 'Rematch' }).getByRole('button', { name: 'Accept rematch' }).click();
  for (const page of [ama, kofi, esi]) await expect(page).not.toHaveURL(new RegExp(`/game/${gameId}$`));
  for (const page of [ama, kofi, esi]) await expect(hand(page).getByRole('button')).toHaveCount(5);
  const next = /\/game\/([^/?]+)$/.exec(ama.url())![1]!;
  expect(players[0]!.seatings.get(next)).toEqual(players[0]!.seatings.get(gameId));
  for (const page of [ama, kofi, esi]) await page.context().close();
});

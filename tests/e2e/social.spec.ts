import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  cutShort,
  befriendThroughApi,
  expectFriendPresence,
  hand,
  pickFriendsFilter,
  playToTheEnd,
  registerThroughUi,
  sendFriendRequest,
  uniqueName,
  whoAmI,
} from './helpers';

const SHOTS = 'test-results/e2e/screens';
const SMALL_PHONE = { width: 360, height: 640 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

const bubble = (page: Page, text: string) => page.getByTestId('chat-bubble').filter({ hasText: text });

async function say(page: Page, text: string) {
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

async function player(browser: Browser, name: string, viewport: typeof PHONE, errors: string[]) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${name}: ${String(error)}`));
  await registerThroughUi(page, name);
  return page;
}

test('friends find each other, chat, see each other come and go, play a private game; a blocked player is shut out', async ({
  browser,
}) => {
  // About 1.5 minutes, much of it the game itself (to the suite's 4 points); room for a busy machine.
  test.setTimeout(300_000);
  const [amaName, kofiName, yawName] = [uniqueName('so_ama'), uniqueName('so_kofi'), uniqueName('so_yaw')];
  const errors: string[] = [];
  const ama = await player(browser, amaName, DESKTOP, errors);
  const kofi = await player(browser, kofiName, PHONE, errors);

  // Search → request: Ama finds Kofi by a trimmed, any-case name and asks; typing again starts over.
  await ama.goto('/messages');
  await expect(ama.getByText('No friends yet.', { exact: false })).toBeVisible();
  await sendFriendRequest(ama, kofiName);
  await expect(ama.getByTestId(`sent-${kofiName}`)).toBeVisible();
  await ama.getByTestId('find-friend').getByLabel('Username').fill('x');
  await expect(ama.getByTestId('find-friend')).toHaveAttribute('data-state', 'idle');

  // Accept: both now list each other, online.
  await kofi.goto('/messages');
  const request = kofi.getByTestId(`request-${amaName}`);
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(request).toBeHidden();
  await expectFriendPresence(kofi, amaName, true);
  await expectFriendPresence(ama, kofiName, true);
  await expect(ama.getByTestId(`sent-${kofiName}`)).toBeHidden();

  // Chat: Ama writes from the list's message button; Kofi, still on his list, sees an unread badge.
  await ama.getByRole('link', { name: `Message ${kofiName}` }).click();
  await expect(ama.getByTestId('chat-friend-name')).toHaveText(kofiName);
  await expect(ama.getByTestId('chat-presence')).toHaveText('Online');
  await say(ama, 'Hello Kofi');
  await say(ama, 'Fancy a game?');
  await expect(bubble(ama, 'Fancy a game?').getByLabel('Sent')).toBeVisible();
  const unread = kofi.getByRole('link', { name: `Message ${amaName}, 2 unread messages` });
  await expect(unread).toBeVisible();
  await expect(kofi.getByTestId(`unread-${amaName}`)).toContainText('2');
  await kofi.waitForTimeout(300);
  await kofi.screenshot({ path: `${SHOTS}/phone-friends-unread.png` });
  expect.soft(await cutShort(kofi), 'friends with unread at 390px').toEqual([]);
  await kofi.setViewportSize(SMALL_PHONE);
  await kofi.screenshot({ path: `${SHOTS}/small-phone-friends-unread.png` });
  expect.soft(await cutShort(kofi), 'friends with unread at 360px').toEqual([]);
  await kofi.setViewportSize(DESKTOP);
  await kofi.screenshot({ path: `${SHOTS}/desktop-friends-unread.png` });
  expect.soft(await cutShort(kofi), 'friends with unread at 1440px').toEqual([]);
  await kofi.setViewportSize(PHONE);

  // Kofi opens it (the badge goes) and answers; Ama sees it without reloading.
  await unread.click();
  await expect(bubble(kofi, 'Hello Kofi')).toBeVisible();
  await say(kofi, 'Always!');
  await expect(bubble(ama, 'Always!')).toBeVisible();
  await expect(bubble(kofi, 'Always!').getByLabel('Sent')).toBeVisible();
  await expect(kofi.getByTestId('chat-presence')).toHaveText('Online');
  await kofi.screenshot({ path: `${SHOTS}/phone-social-conversation.png` });
  await ama.screenshot({ path: `${SHOTS}/desktop-social-conversation.png` });
  expect.soft(await cutShort(kofi), 'conversation at 390px').toEqual([]);
  await kofi.setViewportSize(SMALL_PHONE);
  await kofi.screenshot({ path: `${SHOTS}/small-phone-social-conversation.png` });
  expect.soft(await cutShort(kofi), 'conversation at 360px').toEqual([]);
  // Ama's profile, from the conversation's header, on both phones.
  await kofi.getByRole('link', { name: new RegExp(amaName) }).click();
  await expect(kofi.getByRole('button', { name: 'Challenge' })).toBeVisible();
  // Not his own profile: the bottom tabs light Friends, where he came from, not Profile.
  const tabs = kofi.getByRole('navigation', { name: 'Main' });
  await expect(tabs.getByRole('link', { name: /Friends/ })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Profile' })).not.toHaveAttribute('aria-current', 'page');
  for (const size of [SMALL_PHONE, PHONE]) {
    await kofi.setViewportSize(size);
    await kofi.waitForTimeout(300);
    await kofi.screenshot({ path: `${SHOTS}/friend-profile-${size.width}.png`, fullPage: true });
    expect.soft(await cutShort(kofi), `friend's profile at ${size.width}px`).toEqual([]);
  }
  await kofi.goBack();
  await expect(kofi.getByTestId('chat-friend-name')).toHaveText(amaName);
  expect.soft(await cutShort(ama), 'conversation at 1440px').toEqual([]);

  // Kofi goes offline (leaves the app), and Ama's conversation header says so.
  const amaId = (await whoAmI(ama)).id;
  await kofi.goto('about:blank');
  await expect(ama.getByTestId('chat-presence')).toHaveText('Offline', { timeout: 10_000 });
  // He comes back straight into the conversation: each sees the other online again.
  await kofi.goto(`/messages/conversation/${amaId}`);
  await expect(kofi.getByTestId('chat-presence')).toHaveText('Online', { timeout: 10_000 });
  await expect(ama.getByTestId('chat-presence')).toHaveText('Online', { timeout: 10_000 });
  await expect(bubble(kofi, 'Always!')).toBeVisible();

  // The list's filters follow presence too.
  await ama.goto('/messages');
  await pickFriendsFilter(ama, 'Offline');
  await expect(ama.getByTestId(`friend-${kofiName}`)).toBeHidden();
  await pickFriendsFilter(ama, 'Online');
  await expectFriendPresence(ama, kofiName, true);
  await pickFriendsFilter(ama, 'All');

  // Challenge from the friends list: Ama waits at the table; Kofi accepts the invitation dialog.
  await ama.getByRole('button', { name: `Challenge ${kofiName}` }).click();
  await expect(ama).toHaveURL(/\/game\/[\w-]+$/);
  const gameUrl = new URL(ama.url()).pathname;
  await expect(ama.getByText(`Waiting for ${kofiName} to join`)).toBeVisible();
  const invitation = kofi.getByRole('dialog', { name: 'Game invitation' });
  await expect(invitation).toBeVisible();
  await expect(invitation.getByText(amaName)).toBeVisible();
  await invitation.getByRole('button', { name: 'Accept' }).click();
  await expect(kofi).toHaveURL(new RegExp(`${gameUrl}$`));
  for (const page of [ama, kofi]) await expect(hand(page).getByRole('button')).toHaveCount(5);

  // Played to the end: one winner, and a private game counts for neither rating.
  await playToTheEnd([ama, kofi]);
  const results = await Promise.all(
    [ama, kofi].map(async (page) => (await page.getByRole('dialog').innerText()).replace(/\s+/g, ' ')),
  );
  expect(results.filter((text) => text.includes('You won!'))).toHaveLength(1);
  for (const text of results) expect(text).not.toMatch(/Rating/);
  await ama.waitForTimeout(600);
  await ama.screenshot({ path: `${SHOTS}/desktop-private-game-over.png` });

  // Yaw, a friend of Ama's who could write to her, is blocked by her from his profile.
  const yaw = await player(browser, yawName, PHONE, errors);
  await befriendThroughApi(yaw, ama);
  await yaw.goto('/messages');
  const panel = yaw.getByTestId('find-friend');
  await panel.getByLabel('Username').fill(amaName);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel.getByTestId(`found-${amaName}`)).toBeVisible();
  await yaw.goto(`/messages/conversation/${amaId}`);
  await say(yaw, 'Hi Ama');
  await expect(bubble(yaw, 'Hi Ama').getByLabel('Sent')).toBeVisible();
  await ama.goto('/messages');
  await ama.getByRole('button', { name: `More for ${yawName}` }).click();
  await ama.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(ama).toHaveURL(/\/profile\?id=\d+&returnTo=%2Fmessages/);
  await ama.getByRole('button', { name: 'Block' }).click();
  await expect(ama.getByRole('button', { name: 'Unblock' })).toBeVisible();
  await ama.goto('/messages');
  await pickFriendsFilter(ama, 'Blocked');
  await expect(ama.getByTestId(`friend-${yawName}`)).toContainText('Blocked');

  // He can no longer write to her: the message is refused, and the chat no longer opens.
  await say(yaw, 'Are you there?');
  await expect(bubble(yaw, 'Are you there?').getByRole('button', { name: 'Retry' })).toBeVisible();
  await yaw.reload();
  await expect(yaw.getByText('Cannot open this chat')).toBeVisible();
  await expect(yaw.getByLabel('Message')).toHaveCount(0);
  // Nor find her.
  await yaw.goto('/messages');
  await panel.getByLabel('Username').fill(amaName);
  await panel.getByRole('button', { name: 'Search' }).click();
  await expect(panel).toHaveAttribute('data-state', 'success');
  await expect(panel.getByTestId(`found-${amaName}`)).toBeHidden();
  await expect(yaw.getByText('No user found with that username')).toBeVisible();

  expect(errors).toEqual([]);
  for (const page of [ama, kofi, yaw]) await page.context().close();
});

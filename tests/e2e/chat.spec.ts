import { expect, test, type Page } from '@playwright/test';
import { befriendThroughApi, cutShort, registerThroughUi, uniqueName } from './helpers';

/** Sends `text` from the conversation page's composer. */
async function say(page: Page, text: string) {
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
}

const bubble = (page: Page, text: string) => page.getByTestId('chat-bubble').filter({ hasText: text });

test('two friends chat both ways in real time, as plain text, with presence and unread counts', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const ama = uniqueName('ama');
  const kofi = uniqueName('kofi');
  const ctxA = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ctxB = await browser.newContext();
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();
  const errors: string[] = [];
  for (const page of [a, b]) page.on('pageerror', (error) => errors.push(String(error)));
  await registerThroughUi(a, ama);
  await registerThroughUi(b, kofi);
  const { a: amaId, b: kofiId } = await befriendThroughApi(a, b);

  await a.goto(`/messages/conversation/${kofiId.id}`);
  await b.goto(`/messages/conversation/${amaId.id}`);
  // No bottom navigation on a conversation; the header names the friend, who is online.
  await expect(a.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(a.getByTestId('chat-friend-name')).toHaveText(kofi);
  await expect(b.getByTestId('chat-friend-name')).toHaveText(ama);
  await expect(a.getByTestId('chat-presence')).toHaveText('Online', { timeout: 10_000 });
  await expect(a.getByText(`Say hello to ${kofi}.`)).toBeVisible();

  // Ama writes; both see it at once, as typed (markup stays text).
  await say(a, '  Hello <b>Kofi</b> 😀  ');
  await expect(bubble(a, 'Hello <b>Kofi</b> 😀').getByLabel('Sent')).toBeVisible();
  await expect(bubble(b, 'Hello <b>Kofi</b> 😀')).toBeVisible();
  await expect(bubble(b, 'Hello <b>Kofi</b> 😀').locator('b')).toHaveCount(0);
  await expect(a.getByLabel('Message')).toHaveValue('');

  // Kofi answers with Enter; Ama sees it without reloading.
  await b.getByLabel('Message').fill('Hi Ama! Rematch?');
  await b.getByLabel('Message').press('Enter');
  await expect(bubble(a, 'Hi Ama! Rematch?')).toBeVisible();
  await expect(bubble(b, 'Hi Ama! Rematch?').getByLabel('Sent')).toBeVisible();

  // An empty or too long message cannot be sent.
  await a.getByLabel('Message').fill('   ');
  await expect(a.getByRole('button', { name: 'Send' })).toBeDisabled();
  await a.getByLabel('Message').fill('x'.repeat(1001));
  await expect(a.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(a.getByText('1001 / 1000')).toBeVisible();
  await a.getByLabel('Message').fill('');

  // Kofi leaves the chat for the games page: Ama's next message shows as unread on his Friends tab.
  await b.goto('/games');
  await say(a, 'Are you there?');
  await expect(bubble(a, 'Are you there?').getByLabel('Sent')).toBeVisible();
  await expect(
    b.getByRole('navigation', { name: 'Main' }).getByLabel('1 unread message', { exact: true }),
  ).toBeVisible();
  // Opening the conversation reads it, and the history is all there after a reload.
  await b.goto(`/messages/conversation/${amaId.id}`);
  await expect(bubble(b, 'Are you there?')).toBeVisible();
  await b.reload();
  for (const text of ['Hello <b>Kofi</b> 😀', 'Hi Ama! Rematch?', 'Are you there?']) {
    await expect(bubble(b, text)).toBeVisible();
  }
  await b.goto('/games');
  await expect(b.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(b.getByLabel(/unread message/)).toHaveCount(0);

  // Kofi closes his browser: Ama sees him go offline.
  await ctxB.close();
  await expect(a.getByTestId('chat-presence')).toHaveText('Offline', { timeout: 10_000 });
  await a.screenshot({ path: 'test-results/e2e/screens/phone-conversation.png' });
  expect.soft(await cutShort(a), 'conversation at 390 px').toEqual([]);
  expect(errors).toEqual([]);
  await ctxA.close();
});

test('a player who is not a friend cannot open a chat', async ({ page }) => {
  await registerThroughUi(page, uniqueName('lone'));
  const other = uniqueName('other');
  const res = await page.request.post('/api/auth/register', {
    data: { username: other, password: 'correct horse' },
  });
  const { user } = (await res.json()) as { user: { id: number } };
  await page.goto(`/messages/conversation/${user.id}`);
  await expect(page.getByText('You can only message friends')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to friends' })).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveCount(0);
});

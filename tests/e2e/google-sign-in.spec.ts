import { createHash, randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { uniqueName } from './helpers';

/**
 * Google sign-in against the fake identity provider (tests/e2e/global-setup.ts): its authorize
 * page is a small form with the email to sign in as, Continue and Cancel.
 */
test.describe('Google sign-in', () => {
  test('web: the popup signs in at Google and the page behind it is signed in', async ({ page }) => {
    const name = uniqueName('goo');
    await page.goto('/auth');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    expect(popup.viewportSize()).toEqual({ width: 500, height: 600 });
    await popup.getByLabel('Email').fill(`${name}@example.com`);
    await popup.getByLabel('Name').fill(name);
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await closed;
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Account Created')).toBeVisible();
    await expect(page.getByRole('link', { name })).toBeVisible();
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const me = await page.request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toMatchObject({ username: name, email: `${name}@example.com`, isVerified: true });
  });

  test('web: cancelling at Google says Google sign-in failed', async ({ page }) => {
    await page.goto('/auth');
    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Google sign-in failed')).toBeVisible();
    await expect(page.getByText('Sign-in was cancelled')).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('native: the system browser hands a one-time code to the app, which redeems it once', async ({
    page,
    browser,
  }) => {
    const name = uniqueName('nat');
    // The app starts the sign-in with its own PKCE pair and keeps the verifier.
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await page.goto('/auth');
    const start = await page.request.post('/api/auth/google/start', {
      data: { platform: 'native', codeChallenge: challenge },
    });
    const { url } = (await start.json()) as { url: string };
    await page.evaluate((pending) => localStorage.setItem('google-sign-in', JSON.stringify(pending)), {
      verifier,
      mode: 'native',
      returnTo: '/',
      startedAt: Date.now(),
    });

    // The system browser: another browser profile, which knows nothing of the app's sign-in.
    const system = await browser.newContext();
    const browserPage = await system.newPage();
    await browserPage.goto(url);
    await browserPage.getByLabel('Email').fill(`${name}@example.com`);
    await browserPage.getByLabel('Name').fill(name);
    await browserPage.getByRole('button', { name: 'Continue' }).click();
    const open = browserPage.getByRole('link', { name: 'Open Spar' });
    await expect(open).toBeVisible();
    const link = (await open.getAttribute('href'))!;
    expect(link).toMatch(/^spar:\/\/oauth-redirect\?code=[A-Za-z0-9_-]{43}$/);
    expect(await browserPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await system.close();

    // The deep link becomes the in-app route /oauth-redirect?code=…
    const route = link.replace('spar://', '/');
    await page.goto(route);
    await expect(page).toHaveURL('/');
    await expect(page.getByText('Account Created')).toBeVisible();
    await expect(page.getByRole('link', { name })).toBeVisible();

    // The same code again: refused, and the notice says so.
    const again = await page.request.post('/api/auth/google/exchange', {
      data: { code: new URL(link).searchParams.get('code'), codeVerifier: verifier },
    });
    expect(again.status()).toBe(400);
    expect((await again.json()).code).toBe('invalid_code');
  });
});

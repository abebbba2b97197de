import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { FORGOT_PASSWORD_MESSAGE, PASSWORD_RESET_TTL_MS } from './settings';

describe.each(DIALECTS)('account recovery and settings on %s', (dialect) => {
  let t: TestApp;
  let ip = 0;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  /** A request from a fresh address, so per-IP limits only apply where a test means them to. */
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers,
      remoteAddress: `10.2.${Math.floor(++ip / 250)}.${ip % 250}`,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const login = (username: string, password: string) => post('/api/auth/login', { username, password });
  const resetMailsTo = (to: string) =>
    t.mailer.sent.filter((m) => m.to === to && /reset-password\?token=/.test(m.text));
  /** Asks for a reset of `email` and waits for its mail (it goes out after the answer). */
  const requestReset = async (email: string) => {
    const before = resetMailsTo(email).length;
    const res = await post('/api/auth/forgot-password', { email });
    if (res.statusCode === 200) await waitForMails(email, before + 1);
    return res;
  };
  const waitForMails = (to: string, count: number) =>
    vi.waitFor(() => expect(resetMailsTo(to).length).toBeGreaterThanOrEqual(count));
  /** The token in the last reset link mailed to `to`. */
  const resetToken = (to: string) => {
    const mail = resetMailsTo(to).at(-1);
    const match = mail && /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match) throw new Error(`no reset mail to ${to}`);
    return match[1]!;
  };

  describe('forgot password', () => {
    it('mails a single-use link that sets a new password and signs out every session', async () => {
      const { token: session } = await register(t.app, { username: 'adwoa', email: 'adwoa@example.com' });
      const res = await post('/api/auth/forgot-password', { email: 'ADWOA@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
      await waitForMails('adwoa@example.com', 1);
      const mail = t.mailer.sent.at(-1)!;
      expect(mail.subject).toBe('Reset your Spar password');
      expect(mail.text).toContain('http://spar.test/reset-password?token=');
      const link = resetToken('adwoa@example.com');

      const reset = await post('/api/auth/reset-password', { token: link, password: 'new secret 1' });
      expect(reset.statusCode).toBe(200);
      expect(reset.json().message).toContain('Your password has been changed');
      expect((await get('/api/auth/user', bearer(session))).statusCode).toBe(401);
      expect((await login('adwoa', 'correct horse')).statusCode).toBe(401);
      const signedIn = await login('adwoa', 'new secret 1');
      expect(signedIn.statusCode).toBe(200);
      // The link proved the address is read.
      expect(signedIn.json().user.isVerified).toBe(true);

      const reused = await post('/api/auth/reset-password', { token: link, password: 'another one 2' });
      expect(reused.statusCode).toBe(400);
      expect(reused.json().code).toBe('invalid_reset_token');
      expect((await login('adwoa', 'new secret 1')).statusCode).toBe(200);
    });

    it('lets the owner who reset it sign in at once from there, whatever they guessed before', async () => {
      await register(t.app, { username: 'forgetful', email: 'forgetful@example.com' });
      const fromHome = (url: string, payload: object) =>
        t.app.inject({ method: 'POST', url, payload, remoteAddress: '203.0.113.50' });
      for (let i = 0; i < 6; i++)
        await fromHome('/api/auth/login', { username: 'forgetful', password: `was it ${i}?` });
      const slowed = await fromHome('/api/auth/login', { username: 'forgetful', password: 'correct horse' });
      expect(slowed.statusCode).toBe(429);
      await post('/api/auth/forgot-password', { email: 'forgetful@example.com' });
      await waitForMails('forgetful@example.com', 1);
      const reset = await fromHome('/api/auth/reset-password', {
        token: resetToken('forgetful@example.com'),
        password: 'now i know it',
      });
      expect(reset.statusCode).toBe(200);
      const signedIn = await fromHome('/api/auth/login', {
        username: 'forgetful',
        password: 'now i know it',
      });
      expect(signedIn.statusCode).toBe(200);
    });

    it('answers an unknown address exactly as a known one, and mails nothing', async () => {
      await register(t.app, { username: 'kwesi', email: 'kwesi@example.com' });
      const sentBefore = t.mailer.sent.length;
      const known = await post('/api/auth/forgot-password', { email: 'kwesi@example.com' });
      const unknown = await post('/api/auth/forgot-password', { email: 'nobody@example.com' });
      await waitForMails('kwesi@example.com', 1);
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
      expect(t.mailer.sent.length).toBe(sentBefore + 1);
      expect(t.mailer.sent.every((m) => m.to !== 'nobody@example.com')).toBe(true);
    });

    it('refuses a wrong, expired or superseded link, and a link for an address the account left', async () => {
      await register(t.app, { username: 'abena', email: 'abena@example.com' });
      const wrong = await post('/api/auth/reset-password', {
        token: 'x'.repeat(43),
        password: 'new secret 1',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().code).toBe('invalid_reset_token');

      await requestReset('abena@example.com');
      const first = resetToken('abena@example.com');
      t.clock.advance(PASSWORD_RESET_TTL_MS + 1);
      const expired = await post('/api/auth/reset-password', { token: first, password: 'new secret 1' });
      expect(expired.json().code).toBe('reset_token_expired');

      await requestReset('abena@example.com');
      const older = resetToken('abena@example.com');
      await requestReset('abena@example.com');
      const newer = resetToken('abena@example.com');
      expect(newer).not.toBe(older);
      expect(
        (await post('/api/auth/reset-password', { token: older, password: 'new secret 1' })).statusCode,
      ).toBe(400);
      const { token: session } = (await login('abena', 'correct horse')).json();
      const change = await post(
        '/api/auth/change-email',
        { email: 'abena2@example.com', password: 'correct horse' },
        bearer(session),
      );
      expect(change.statusCode).toBe(200);
      // An e-mail change link is no reset link.
      const changeLink = t.mailer.lastToken('abena2@example.com');
      expect(
        (await post('/api/auth/reset-password', { token: changeLink, password: 'x secret 1' })).statusCode,
      ).toBe(400);
      await get(`/api/auth/verify-email?token=${changeLink}`);
      // The address changed: the link mailed to the old one resets nothing.
      const stale = await post('/api/auth/reset-password', { token: newer, password: 'new secret 1' });
      expect(stale.json().code).toBe('invalid_reset_token');
      expect((await login('abena', 'correct horse')).statusCode).toBe(200);
    });

    it('limits requests per address (any address alike) and mails one account at most 3 an hour', async () => {
      await register(t.app, { username: 'yaa', email: 'yaa@example.com' });
      const mailsTo = () => t.mailer.sent.filter((m) => m.to === 'yaa@example.com' && /reset/.test(m.text));
      const known = [];
      const unknown = [];
      for (let i = 0; i < 6; i++) {
        known.push((await post('/api/auth/forgot-password', { email: 'yaa@example.com' })).statusCode);
        unknown.push((await post('/api/auth/forgot-password', { email: 'ghost@example.com' })).statusCode);
      }
      expect(known).toEqual([200, 200, 200, 200, 200, 429]);
      expect(unknown).toEqual(known);
      await waitForMails('yaa@example.com', 3);
      expect(mailsTo()).toHaveLength(3);
      t.clock.advance(60 * 60 * 1000 + 1);
      expect((await requestReset('yaa@example.com')).statusCode).toBe(200);
      expect(mailsTo()).toHaveLength(4);
    });

    it('lets exactly one of 50 concurrent resets with one link through', async () => {
      await register(t.app, { username: 'fiifi', email: 'fiifi@example.com' });
      await requestReset('fiifi@example.com');
      const link = resetToken('fiifi@example.com');
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          post('/api/auth/reset-password', { token: link, password: `password number ${i}` }),
        ),
      );
      const ok = answers.filter((a) => a.statusCode === 200);
      expect(ok).toHaveLength(1);
      expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(49);
      const winner = answers.indexOf(ok[0]!);
      expect((await login('fiifi', `password number ${winner}`)).statusCode).toBe(200);
      expect((await login('fiifi', `password number ${(winner + 1) % 50}`)).statusCode).toBe(401);
    });

    it('refuses a short password with the shared rule and keeps the link usable', async () => {
      await register(t.app, { username: 'kojo', email: 'kojo@example.com' });
      await requestReset('kojo@example.com');
      const link = resetToken('kojo@example.com');
      const short = await post('/api/auth/reset-password', { token: link, password: 'short' });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toContain('Password must be at least 8 characters');
      expect(
        (await post('/api/auth/reset-password', { token: link, password: 'long enough' })).statusCode,
      ).toBe(200);
      const bad = await post('/api/auth/forgot-password', { email: 'not an address' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('change password', () => {
    it('needs the current password, keeps this session and signs out the others', async () => {
      const { token: here } = await register(t.app, { username: 'esi_k' });
      const { token: there } = (await login('esi_k', 'correct horse')).json();
      const wrong = await post(
        '/api/auth/change-password',
        { currentPassword: 'not it at all', newPassword: 'brand new pass' },
        bearer(here),
      );
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().code).toBe('incorrect_password');
      const res = await post(
        '/api/auth/change-password',
        { currentPassword: 'correct horse', newPassword: 'brand new pass' },
        bearer(here),
      );
      expect(res.statusCode).toBe(200);
      expect((await get('/api/auth/user', bearer(here))).statusCode).toBe(200);
      expect((await get('/api/auth/user', bearer(there))).statusCode).toBe(401);
      expect((await login('esi_k', 'correct horse')).statusCode).toBe(401);
      expect((await login('esi_k', 'brand new pass')).statusCode).toBe(200);
    });

    it('is refused anonymously, and a session only ever changes its own account', async () => {
      const a = await register(t.app, { username: 'owner_a' });
      await register(t.app, { username: 'other_b' });
      const body = { currentPassword: 'correct horse', newPassword: 'taken over!' };
      expect((await post('/api/auth/change-password', body)).statusCode).toBe(401);
      // The body cannot name another user: the session decides whose password changes.
      const res = await post('/api/auth/change-password', { ...body, userId: 2 }, bearer(a.token));
      expect(res.statusCode).toBe(200);
      expect((await login('other_b', 'correct horse')).statusCode).toBe(200);
      expect((await login('owner_a', 'taken over!')).statusCode).toBe(200);
    });

    it('slows wrong current passwords down per account, and never the owner’s sign-in', async () => {
      const { token } = await register(t.app, { username: 'guessed' });
      const codes = [];
      for (let i = 0; i < 6; i++)
        codes.push(
          (
            await post(
              '/api/auth/change-password',
              { currentPassword: `guess ${i}`, newPassword: 'whatever 123' },
              bearer(token),
            )
          ).statusCode,
        );
      expect(codes).toEqual([403, 403, 403, 403, 403, 429]);
      const refused = await post(
        '/api/auth/change-password',
        { currentPassword: 'correct horse', newPassword: 'whatever 123' },
        bearer(token),
      );
      expect(refused.json().message).toBe('Too many failed attempts. Please try again in 1 second.');
      expect((await login('guessed', 'correct horse')).statusCode).toBe(200);
      t.clock.advance(1_000);
      const changed = await post(
        '/api/auth/change-password',
        { currentPassword: 'correct horse', newPassword: 'whatever 123' },
        bearer(token),
      );
      expect(changed.statusCode).toBe(200);
    });
  });

  describe('change e-mail', () => {
    it('keeps the old address until the new one is verified through its mail', async () => {
      const { token } = await register(t.app, { username: 'akosua', email: 'akosua@example.com' });
      await get(`/api/auth/verify-email?token=${t.mailer.lastToken('akosua@example.com')}`);
      const wrong = await post(
        '/api/auth/change-email',
        { email: 'new@example.com', password: 'wrong password' },
        bearer(token),
      );
      expect(wrong.statusCode).toBe(403);
      const res = await post(
        '/api/auth/change-email',
        { email: 'New@Example.com', password: 'correct horse' },
        bearer(token),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ pendingEmail: 'New@Example.com', emailVerificationSent: true });
      expect(t.mailer.sent.at(-1)!.subject).toBe('Confirm your new email for Spar');
      expect((await get('/api/auth/account', bearer(token))).json()).toEqual({
        email: 'akosua@example.com',
        isVerified: true,
        pendingEmail: 'New@Example.com',
        hasPassword: true,
        googleLinked: false,
      });
      expect((await login('akosua@example.com', 'correct horse')).statusCode).toBe(200);

      const link = t.mailer.lastToken('New@Example.com');
      expect((await get(`/api/auth/verify-email?token=${link}`)).headers.location).toBe(
        '/?notice=email_verified',
      );
      expect((await get('/api/auth/user', bearer(token))).json()).toMatchObject({
        email: 'New@Example.com',
        isVerified: true,
      });
      expect((await get('/api/auth/account', bearer(token))).json().pendingEmail).toBeNull();
      expect((await login('akosua@example.com', 'correct horse')).statusCode).toBe(401);
      expect((await login('new@example.com', 'correct horse')).statusCode).toBe(200);
      expect((await get(`/api/auth/verify-email?token=${link}`)).headers.location).toBe(
        '/?notice=verification_failed',
      );
    });

    it('refuses an address another account has, and loses the race to one that takes it first', async () => {
      const a = await register(t.app, { username: 'kofi_a', email: 'kofi@example.com' });
      const b = await register(t.app, { username: 'ama_b', email: 'ama@example.com' });
      const taken = await post(
        '/api/auth/change-email',
        { email: 'KOFI@example.com', password: 'correct horse' },
        bearer(b.token),
      );
      expect(taken.statusCode).toBe(409);
      expect(
        (
          await post(
            '/api/auth/change-email',
            { email: 'free@example.com', password: 'correct horse' },
            bearer(a.token),
          )
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await post(
            '/api/auth/change-email',
            { email: 'free@example.com', password: 'correct horse' },
            bearer(b.token),
          )
        ).statusCode,
      ).toBe(200);
      const linkA = t.mailer.sent.filter((m) => m.to === 'free@example.com')[0]!;
      const tokenA = /token=([A-Za-z0-9_-]+)/.exec(linkA.text)![1]!;
      const tokenB = t.mailer.lastToken('free@example.com');
      expect((await get(`/api/auth/verify-email?token=${tokenB}`)).headers.location).toBe(
        '/?notice=email_verified',
      );
      expect((await get(`/api/auth/verify-email?token=${tokenA}`)).headers.location).toBe(
        '/?notice=verification_failed',
      );
      expect((await get('/api/auth/user', bearer(a.token))).json().email).toBe('kofi@example.com');
      expect((await get('/api/auth/user', bearer(b.token))).json().email).toBe('free@example.com');
    });

    it('is refused anonymously and for bad input, changing nothing', async () => {
      const { token } = await register(t.app, { username: 'nii', email: 'nii@example.com' });
      expect(
        (await post('/api/auth/change-email', { email: 'x@example.com', password: 'correct horse' }))
          .statusCode,
      ).toBe(401);
      expect((await get('/api/auth/account')).statusCode).toBe(401);
      const bad = await post(
        '/api/auth/change-email',
        { email: 'nope', password: 'correct horse' },
        bearer(token),
      );
      expect(bad.statusCode).toBe(400);
      const same = await post(
        '/api/auth/change-email',
        { email: 'NII@example.com', password: 'correct horse' },
        bearer(token),
      );
      expect(same.json().code).toBe('same_email');
      expect((await get('/api/auth/account', bearer(token))).json().pendingEmail).toBeNull();
    });
  });

  describe('resend verification', () => {
    it('retires the earlier link once the new mail is out', async () => {
      const { token } = await register(t.app, { username: 'ekua', email: 'ekua@example.com' });
      const first = t.mailer.lastToken('ekua@example.com');
      t.clock.advance(61_000);
      expect((await post('/api/auth/resend-verification', undefined, bearer(token))).statusCode).toBe(200);
      const second = t.mailer.lastToken('ekua@example.com');
      expect(second).not.toBe(first);
      expect((await get(`/api/auth/verify-email?token=${first}`)).headers.location).toBe(
        '/?notice=verification_failed',
      );
      expect((await get(`/api/auth/verify-email?token=${second}`)).headers.location).toBe(
        '/?notice=email_verified',
      );
    });
  });
});

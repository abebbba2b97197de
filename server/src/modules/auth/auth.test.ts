import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { isReservedUsername } from '@shared/usernames';
import { insertUser } from './repo';
import { DELETION_GRACE_MS, EMAIL_TOKEN_TTL_MS, usernameFrom } from './service';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('accounts on %s', (dialect) => {
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
      remoteAddress: `10.0.0.${++ip % 250}`,
    });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('register', () => {
    it('without an email: signed in at once, nothing to verify', async () => {
      const res = await post('/api/auth/register', { username: 'Ama_1', password: 'correct horse' });
      expect(res.statusCode).toBe(201);
      const body = res.json();
      expect(body).toMatchObject({
        requiresVerification: false,
        emailVerificationSent: false,
        message: 'Registration successful',
        user: { username: 'Ama_1', email: null, isVerified: false, markedForDelete: false, role: 'user' },
      });
      expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(typeof body.user.id).toBe('number');
      const me = await get('/api/auth/user', bearer(body.token));
      expect(me.json()).toEqual(body.user);
      expect(t.mailer.sent).toHaveLength(0);
    });

    it('with an email: unverified, and a verification mail goes out', async () => {
      const res = await post('/api/auth/register', {
        username: 'kofi',
        password: 'correct horse',
        email: 'Kofi@Example.com',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        requiresVerification: true,
        emailVerificationSent: true,
        user: { email: 'Kofi@Example.com', isVerified: false },
      });
      expect(t.mailer.sent).toHaveLength(1);
      expect(t.mailer.sent[0]!.to).toBe('Kofi@Example.com');
      expect(t.mailer.sent[0]!.text).toContain('http://spar.test/api/auth/verify-email?token=');
    });

    it('still creates the account when the mail cannot be sent, and says so', async () => {
      t.mailer.failing = true;
      const res = await post('/api/auth/register', {
        username: 'esi',
        password: 'correct horse',
        email: 'esi@example.com',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ requiresVerification: true, emailVerificationSent: false });
    });

    it('treats an empty email as none', async () => {
      const res = await post('/api/auth/register', { username: 'yaw', password: 'correct horse', email: '' });
      expect(res.json()).toMatchObject({ requiresVerification: false, user: { email: null } });
    });

    it('refuses bad fields with a 400 that names the field', async () => {
      const cases: [object, RegExp][] = [
        [{ username: 'ab', password: 'correct horse' }, /Username must be 3 to 20/],
        [{ username: 'a'.repeat(21), password: 'correct horse' }, /Username/],
        [{ username: 'bad name', password: 'correct horse' }, /Username/],
        [{ username: "o'brien", password: 'correct horse' }, /Username/],
        [{ username: 'ama', password: 'short' }, /Password must be at least 8/],
        [{ username: 'ama', password: 'x'.repeat(257) }, /Password must be at most 256/],
        [{ username: 'ama', password: 'correct horse', email: 'not-an-email' }, /Email address is not valid/],
        [{ password: 'correct horse' }, /username is required/],
        [{ username: 'ama' }, /password is required/],
        [{ username: 42, password: 'correct horse' }, /username must be a string/],
      ];
      for (const [payload, message] of cases) {
        const res = await post('/api/auth/register', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toMatch(message);
      }
    });

    it('keeps usernames unique ignoring case, and emails unique', async () => {
      await register(t.app, { username: 'Abena', email: 'abena@example.com' });
      const sameName = await post('/api/auth/register', { username: 'ABENA', password: 'correct horse' });
      expect(sameName.statusCode).toBe(409);
      expect(sameName.json().message).toBe('Username is already taken');
      const sameEmail = await post('/api/auth/register', {
        username: 'abena2',
        password: 'correct horse',
        email: 'ABENA@example.com',
      });
      expect(sameEmail.statusCode).toBe(409);
    });
  });

  describe('account names', () => {
    const userCount = async () =>
      Number(
        (
          await t.app.db.kysely
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses invisible and formatting characters anywhere, a leading U+FEFF included', async () => {
      for (const [username, found] of [
        ['\uFEFFadmin', 'U+FEFF'],
        ['\uFEFFkofi', 'U+FEFF'],
        ['ko\u200Bfi', 'U+200B'],
        ['kofi\u200D', 'U+200D'],
        ['\u202Ekofi', 'U+202E'],
        ['ko\u00ADfi', 'U+00AD'],
        ['kofi\uFE0F', 'U+FE0F'],
        ['\u00A0kofi', 'U+00A0'],
      ]) {
        const res = await post('/api/auth/register', { username, password: 'correct horse' });
        expect(res.statusCode, JSON.stringify(username)).toBe(400);
        expect(res.json().message).toBe(
          `Username must not contain invisible or formatting characters (${found})`,
        );
      }
      expect(await userCount()).toBe(0);
      // Ordinary spaces around a name are still forgiven.
      const spaced = await post('/api/auth/register', { username: '  kofi ', password: 'correct horse' });
      expect(spaced.statusCode).toBe(201);
      expect(spaced.json().user.username).toBe('kofi');
    });

    it('reserves names that read as staff or as Spar, and allows ordinary names around them', async () => {
      for (const username of [
        'admin',
        'Admin_1',
        'spar_support',
        'the_mods',
        'SUPPORT',
        '4dm1n',
        'adminbob',
      ]) {
        const res = await post('/api/auth/register', { username, password: 'correct horse' });
        expect(res.statusCode, username).toBe(400);
        expect(res.json().message).toMatch(/^Username is reserved/);
      }
      expect(await userCount()).toBe(0);
      for (const username of ['modest', 'sparrow', 'helper', 'badminton']) {
        expect((await post('/api/auth/register', { username, password: 'correct horse' })).statusCode).toBe(
          201,
        );
      }
    });

    it('does not touch existing accounts with such names: staff keep their names and roles work', async () => {
      await insertUser(t.app.db.kysely, {
        username: 'Support',
        email: null,
        passwordHash: null,
        googleSub: null,
        isVerified: false,
        now: t.clock.now(),
      });
      const staff = await t.app.accounts.setRole('support', 'admin');
      expect(staff).toMatchObject({ username: 'Support', role: 'admin' });
    });

    it('treats look-alike names as taken, either way round', async () => {
      await register(t.app, { username: 'bob' });
      for (const username of ['b0b', 'B0B', 'BOB', 'bob_']) {
        const res = await post('/api/auth/register', { username, password: 'correct horse' });
        expect(res.statusCode, username).toBe(409);
      }
      const lookalike = await post('/api/auth/register', { username: 'B0b', password: 'correct horse' });
      expect(lookalike.json().message).toBe('Username is too similar to one already taken');
      await register(t.app, { username: 'Wi11iam' });
      for (const username of ['William', 'wiIliam', 'wi1liam']) {
        expect((await post('/api/auth/register', { username, password: 'correct horse' })).statusCode).toBe(
          409,
        );
      }
      await register(t.app, { username: 'rnodern' });
      expect(
        (await post('/api/auth/register', { username: 'modem', password: 'correct horse' })).statusCode,
      ).toBe(409);
      // Different-looking names are still free.
      await register(t.app, { username: 'bobby' });
      await register(t.app, { username: 'b_ob' });
    });

    it('lets exactly one of 50 concurrent look-alike sign-ups through; the rest answer 409', async () => {
      const ls = ['l', 'L', 'i', 'I', '1'];
      const os = ['o', 'O', '0'];
      const variants = ls.flatMap((a) => os.flatMap((o) => ls.map((b) => `${a}${o}${b}`))).slice(0, 50);
      expect(new Set(variants).size).toBe(50);
      const answers = await Promise.all(
        variants.map((username) => post('/api/auth/register', { username, password: 'correct horse' })),
      );
      const codes = answers.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(49);
      expect(await userCount()).toBe(1);
    });

    it('frees an anonymised account’s name and its look-alikes', async () => {
      const gone = await register(t.app, { username: 'leaver' });
      await post('/api/auth/delete-account', { password: 'correct horse' }, bearer(gone.token));
      t.clock.advance(DELETION_GRACE_MS + DAY);
      expect(await t.app.accounts.sweepDeletedAccounts()).toBe(1);
      expect(
        (await post('/api/auth/register', { username: 'L3aver', password: 'correct horse' })).statusCode,
      ).toBe(201);
    });
  });

  describe('login', () => {
    beforeEach(async () => {
      await register(t.app, { username: 'Kwame', password: 'correct horse', email: 'kwame@example.com' });
    });

    it('accepts the username in any case, or the email', async () => {
      for (const username of ['Kwame', 'kwame', 'KWAME@example.com']) {
        const res = await post('/api/auth/login', { username, password: 'correct horse' });
        expect(res.statusCode, username).toBe(200);
        expect(res.json()).toMatchObject({
          message: 'Login successful',
          requiresVerification: true,
          emailVerificationSent: false,
          user: { username: 'Kwame' },
        });
      }
    });

    it('gives one answer for a wrong password and an unknown user', async () => {
      const wrong = await post('/api/auth/login', { username: 'Kwame', password: 'wrong horse' });
      const unknown = await post('/api/auth/login', { username: 'nobody', password: 'correct horse' });
      for (const res of [wrong, unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: 'invalid_credentials', message: 'Invalid username or password' });
      }
    });

    it('never lets wrong passwords from 50 other addresses stop the owner signing in from theirs', async () => {
      const from = (remoteAddress: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'Kwame', password },
          remoteAddress,
        });
      for (let address = 0; address < 50; address++) {
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++)
          statuses.push((await from(`198.51.100.${address}`, `guess-${i}-xx`)).statusCode);
        // Five tries, then this address waits before its next guess at this account.
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      }
      const owner = await from('203.0.113.7', 'correct horse');
      expect(owner.statusCode).toBe(200);
      expect(owner.json()).toMatchObject({ message: 'Login successful' });
    });

    it('slows a password-guessing client down, each wait twice the last, and lets it in once it waits', async () => {
      // Ten requests: the route's own limit per address and minute (below) would refuse an eleventh.
      const guess = (password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: 'kwame', password },
          remoteAddress: '198.51.100.77',
        });
      for (let i = 0; i < 5; i++) expect((await guess(`nope-${i}-xx`)).statusCode).toBe(401);
      const first = await guess('correct horse');
      expect(first.statusCode).toBe(429);
      expect(first.json()).toMatchObject({
        code: 'too_many_attempts',
        message: 'Too many failed sign-in attempts. Please try again in 1 second.',
      });
      t.clock.advance(999);
      expect((await guess('correct horse')).statusCode).toBe(429);
      t.clock.advance(1);
      expect((await guess('still-wrong-x')).statusCode).toBe(401);
      const second = await guess('correct horse');
      expect(second.statusCode).toBe(429);
      expect(second.json().message).toBe('Too many failed sign-in attempts. Please try again in 2 seconds.');
      t.clock.advance(2_000);
      expect((await guess('correct horse')).statusCode).toBe(200);
    });

    it('limits sign-in requests per IP address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: `u${i}`, password: 'whatever1' },
          remoteAddress: '203.0.113.9',
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(new Array(10).fill(401));
      expect(statuses[10]).toBe(429);
      const other = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'Kwame', password: 'correct horse' },
        remoteAddress: '203.0.113.10',
      });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('sessions', () => {
    it('answers the spec 401s: missing, unknown, revoked, expired', async () => {
      const { token } = await register(t.app, { username: 'adjoa' });
      expect((await get('/api/auth/user')).json()).toEqual({
        error: 'auth_required',
        message: 'Authentication required',
      });
      expect((await get('/api/auth/user', { authorization: 'Basic abc' })).json()).toEqual({
        error: 'auth_required',
        message: 'Authentication required',
      });
      const unknown = await get('/api/auth/user', bearer('x'.repeat(43)));
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ error: 'invalid_token', message: 'Invalid token' });
      expect((await get('/api/auth/user', bearer('x'.repeat(5000)))).json()).toEqual({
        error: 'invalid_token',
        message: 'Invalid token',
      });

      t.clock.advance(31 * DAY);
      const expired = await get('/api/auth/user', bearer(token));
      expect(expired.statusCode).toBe(401);
      expect(expired.json()).toEqual({ error: 'token_expired', message: 'Token expired' });

      const second = await register(t.app, { username: 'adjoa2' });
      const out = await post('/api/auth/logout', undefined, bearer(second.token));
      expect(out.statusCode).toBe(200);
      expect((await get('/api/auth/user', bearer(second.token))).json()).toEqual({
        error: 'invalid_token',
        message: 'Invalid token',
      });
      expect((await post('/api/auth/logout')).statusCode).toBe(401);
    });

    it('names the reason on every 401 of every private route', async () => {
      for (const url of ['/api/auth/user', '/api/users/1/profile', '/api/games']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().error, url).toBe('auth_required');
      }
    });

    it('slides the expiry forward while the session is used', async () => {
      const { token } = await register(t.app, { username: 'serwaa' });
      for (let day = 0; day < 3; day++) {
        t.clock.advance(20 * DAY);
        expect((await get('/api/auth/user', bearer(token))).statusCode).toBe(200);
      }
      t.clock.advance(31 * DAY);
      expect((await get('/api/auth/user', bearer(token))).statusCode).toBe(401);
    });

    it('stores only a hash of the token, and no answer ever carries a password hash', async () => {
      const { token, user } = await register(t.app, { username: 'nana', email: 'nana@example.com' });
      const row = await t.app.db.kysely
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toContain(token);
      const stored = await t.app.db.kysely
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(stored.password_hash).toMatch(/^\$argon2id\$/);
      const answers = [
        (await post('/api/auth/login', { username: 'nana', password: 'correct horse' })).body,
        (await get('/api/auth/user', bearer(token))).body,
        (await post('/api/auth/resend-verification', undefined, bearer(token))).body,
      ];
      for (const body of answers) {
        expect(body).not.toContain('argon2');
        expect(body).not.toContain(stored.password_hash!);
        expect(body).not.toContain('password');
      }
    });
  });

  describe('email verification', () => {
    it('verifies once with the mailed link and redirects into the app with a notice', async () => {
      const { token } = await register(t.app, { username: 'akua', email: 'akua@example.com' });
      const link = t.mailer.lastToken('akua@example.com');
      const res = await get(`/api/auth/verify-email?token=${link}`);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/?notice=email_verified');
      expect((await get('/api/auth/user', bearer(token))).json().isVerified).toBe(true);
      expect((await get(`/api/auth/verify-email?token=${link}`)).headers.location).toBe(
        '/?notice=verification_failed',
      );
      expect((await get('/api/auth/verify-email')).headers.location).toBe('/?notice=verification_failed');
    });

    it('refuses a link after 24 hours', async () => {
      await register(t.app, { username: 'efua', email: 'efua@example.com' });
      const link = t.mailer.lastToken('efua@example.com');
      t.clock.advance(EMAIL_TOKEN_TTL_MS + 1);
      expect((await get(`/api/auth/verify-email?token=${link}`)).headers.location).toBe(
        '/?notice=verification_expired',
      );
    });

    it('resends on request, at most once a minute, and not once verified', async () => {
      const { token } = await register(t.app, { username: 'ekow', email: 'ekow@example.com' });
      const tooSoon = await post('/api/auth/resend-verification', undefined, bearer(token));
      expect(tooSoon.statusCode).toBe(429);
      t.clock.advance(61_000);
      const again = await post('/api/auth/resend-verification', undefined, bearer(token));
      expect(again.json()).toEqual({ emailVerificationSent: true, message: 'Verification email sent' });
      expect(t.mailer.sent).toHaveLength(2);
      t.clock.advance(61_000);
      t.mailer.failing = true;
      expect((await post('/api/auth/resend-verification', undefined, bearer(token))).json()).toMatchObject({
        emailVerificationSent: false,
      });
      t.mailer.failing = false;
      await get(`/api/auth/verify-email?token=${t.mailer.lastToken('ekow@example.com')}`);
      t.clock.advance(61_000);
      expect((await post('/api/auth/resend-verification', undefined, bearer(token))).statusCode).toBe(409);
      const noEmail = await register(t.app, { username: 'noemail' });
      expect((await post('/api/auth/resend-verification', undefined, bearer(noEmail.token))).statusCode).toBe(
        400,
      );
      expect((await post('/api/auth/resend-verification')).statusCode).toBe(401);
    });
  });

  describe('account deletion', () => {
    it('marks the account with a 30-day grace, keeps sign-in working, and can restore', async () => {
      const { token } = await register(t.app, { username: 'kojo' });
      const wrong = await post('/api/auth/delete-account', { password: 'not it at all' }, bearer(token));
      expect(wrong.statusCode).toBe(403);
      const marked = await post('/api/auth/delete-account', { password: 'correct horse' }, bearer(token));
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({
        markedForDelete: true,
        deleteAfter: t.clock.time + DELETION_GRACE_MS,
        message: 'Account Scheduled for Deletion',
      });
      const login = await post('/api/auth/login', { username: 'kojo', password: 'correct horse' });
      expect(login.json().user.markedForDelete).toBe(true);
      const restored = await post('/api/auth/restore-account', undefined, bearer(token));
      expect(restored.json()).toMatchObject({ markedForDelete: false });
      expect((await get('/api/auth/user', bearer(token))).json().markedForDelete).toBe(false);
    });

    it('the sweep anonymises accounts past their grace, and only those', async () => {
      const gone = await register(t.app, { username: 'leaving', email: 'leaving@example.com' });
      await register(t.app, { username: 'staying' });
      await post('/api/auth/delete-account', { password: 'correct horse' }, bearer(gone.token));
      t.clock.advance(DELETION_GRACE_MS - 1000);
      expect(await t.app.accounts.sweepDeletedAccounts()).toBe(0);
      t.clock.advance(2000);
      expect(await t.app.accounts.sweepDeletedAccounts()).toBe(1);
      const row = await t.app.db.kysely
        .selectFrom('users')
        .selectAll()
        .where('id', '=', gone.user.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ username: `deleted-${gone.user.id}`, email: null, password_hash: null });
      expect((await get('/api/auth/user', bearer(gone.token))).statusCode).toBe(401);
      expect(
        (await post('/api/auth/login', { username: 'leaving', password: 'correct horse' })).statusCode,
      ).toBe(401);
      expect(
        (await post('/api/auth/login', { username: 'staying', password: 'correct horse' })).statusCode,
      ).toBe(200);
      // The name and address are free again.
      expect(
        (
          await post('/api/auth/register', {
            username: 'leaving',
            password: 'correct horse',
            email: 'leaving@example.com',
          })
        ).statusCode,
      ).toBe(201);
    });
  });

  describe('roles', () => {
    it('setRole changes the role shown by /api/auth/user', async () => {
      const { token } = await register(t.app, { username: 'promoted_1' });
      await t.app.accounts.setRole('PROMOTED_1', 'manager');
      expect((await get('/api/auth/user', bearer(token))).json().role).toBe('manager');
      await expect(t.app.accounts.setRole('ghost', 'admin')).rejects.toThrow(/No user named ghost/);
    });
  });

  describe('hostile input', () => {
    const nasty = [
      "'; DROP TABLE users; --",
      '" OR 1=1 --',
      '\\x00\u0000',
      '%_%',
      'ñ'.repeat(5000),
      '😀'.repeat(3000),
    ];

    it('survives SQL metacharacters and very long strings in every string field', async () => {
      const { token } = await register(t.app, { username: 'victim', email: 'victim@example.com' });
      for (const text of nasty) {
        for (const [url, payload] of [
          ['/api/auth/register', { username: text, password: text, email: text }],
          [
            '/api/auth/register',
            { username: 'okname', password: 'correct horse', email: `${text}@example.com` },
          ],
          ['/api/auth/login', { username: text, password: text }],
          ['/api/auth/google', { idToken: text }],
          ['/api/auth/delete-account', { password: text }],
          ['/api/device-tokens', { token: text, platform: 'ios', deviceName: text }],
          ['/api/device-tokens/deactivate', { token: text }],
        ] as const) {
          const res = await post(url, payload, bearer(token));
          // 503 is the unconfigured Google sign-in; anything else at 5xx would be a fault.
          expect([200, 400, 401, 403, 404, 409, 503], `${url} ${text.slice(0, 20)}`).toContain(
            res.statusCode,
          );
          expect(res.json().message ?? '').not.toMatch(/SQL|sqlite|syntax/i);
        }
        expect((await get(`/api/auth/verify-email?token=${encodeURIComponent(text)}`)).statusCode).toBe(303);
      }
      expect((await get('/api/auth/user', bearer(token))).json().username).toBe('victim');
      const count = await t.app.db.kysely
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(1);
    });
  });
});

describe('usernameFrom', () => {
  it('makes a valid username from any display name', () => {
    for (const name of ['Ama Mensah', 'é', 'x', '', '!!!', 'a'.repeat(40), 'Kofi.Annan+games']) {
      expect(usernameFrom(name)).toMatch(/^[A-Za-z0-9_]{3,20}$/);
    }
    expect(usernameFrom('Ama Mensah')).toBe('Ama_Mensah');
  });

  it('never makes a reserved name', () => {
    const names = [
      'Admin',
      'Spar Support',
      'Spar Support Ama',
      'The Mods',
      'root',
      'Team 7',
      'Ad Min',
      'm0d',
    ];
    for (const name of names) {
      const made = usernameFrom(name);
      expect(made, name).toMatch(/^[A-Za-z0-9_]{3,20}$/);
      expect(isReservedUsername(made), `${name} → ${made}`).toBe(false);
    }
    expect(usernameFrom('Spar Support Ama')).toBe('Ama');
    expect(usernameFrom('Admin')).toBe('player');
  });
});

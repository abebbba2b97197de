import { afterEach, describe, expect, it } from 'vitest';
import type { AppOptions } from '../app';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../testing/harness';
import { TestSocket } from '../testing/ws-client';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Revoked or expired sessions reach the sockets bound to them (docs/design.md, "Sessions and revocation"). */
describe.each(DIALECTS)('sessions on open sockets on %s', (dialect) => {
  let t: TestApp;
  let sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await t.close();
  });

  async function setup(env: Record<string, string> = {}, options: AppOptions = {}) {
    t = await createTestApp(dialect, { BOT_DELAY_MS: '0', ...env }, options);
    return t.listen();
  }
  async function signedIn(url: string, token: string) {
    const s = await TestSocket.signedIn(url, token);
    sockets.push(s);
    return s;
  }
  async function login(username: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'correct horse' },
      remoteAddress: '10.9.9.9',
    });
    expect(res.statusCode).toBe(200);
    return res.json().token;
  }
  /** The socket is told its session ended, and its queue requests are refused from then on. */
  async function expectSignedOut(s: TestSocket, message: RegExp) {
    const notice = await s.next('ERROR');
    expect(notice).toMatchObject({ code: 'AUTH_REQUIRED', message });
    expect(notice.ref).toBeUndefined();
    s.send({ type: 'JOIN_QUICK_QUEUE' });
    expect(await s.next('ERROR')).toMatchObject({ code: 'AUTH_REQUIRED', ref: 'JOIN_QUICK_QUEUE' });
    s.send({ type: 'CHECK_QUEUE_STATUS' });
    expect(await s.next('ERROR')).toMatchObject({ code: 'AUTH_REQUIRED', ref: 'CHECK_QUEUE_STATUS' });
    expect(s.frames.some((f) => f.type === 'QUEUE_JOIN_SUCCESS')).toBe(false);
  }

  it('logout signs out every socket of that session at once, and only those', async () => {
    const url = await setup();
    const { token } = await register(t.app, { username: 'leaving_ama' });
    const tab = await signedIn(url, token);
    const otherTab = await signedIn(url, token);
    const phone = await signedIn(url, await login('leaving_ama'));

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    await expectSignedOut(tab, /session has ended/);
    await expectSignedOut(otherTab, /session has ended/);

    // The revoked token cannot sign the socket in again; the other session is untouched.
    tab.send({ type: 'MESSAGING_AUTH', token });
    expect(await tab.next('ERROR')).toMatchObject({ code: 'AUTH_REQUIRED', ref: 'MESSAGING_AUTH' });
    phone.send({ type: 'JOIN_QUICK_QUEUE' });
    expect(await phone.next('QUEUE_JOIN_SUCCESS')).toEqual({
      type: 'QUEUE_JOIN_SUCCESS',
      queue: 'quick',
      size: 2,
    });
    expect(phone.frames.some((f) => f.type === 'ERROR')).toBe(false);
  });

  it('revoking all of a user’s sessions (Google takeover) signs out all their sockets', async () => {
    const url = await setup(
      {},
      {
        googleVerifier: async () => ({
          sub: 'g-4001',
          email: 'owner@example.com',
          emailVerified: true,
          name: null,
        }),
      },
    );
    const squatter = await register(t.app, { username: 'squatter', email: 'owner@example.com' });
    const first = await signedIn(url, squatter.token);
    const second = await signedIn(url, await login('squatter'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google',
      payload: { idToken: 'stubbed' },
      remoteAddress: '10.9.9.8',
    });
    expect(res.statusCode).toBe(200);
    await expectSignedOut(first, /session has ended/);
    await expectSignedOut(second, /session has ended/);
    // The owner's new Google session works on a socket.
    const owner = await signedIn(url, res.json().token);
    owner.send({ type: 'JOIN_QUICK_QUEUE' });
    await owner.next('QUEUE_JOIN_SUCCESS');
  });

  it('a password change signs out the account’s other sockets and keeps the one that changed it', async () => {
    const url = await setup();
    const { token } = await register(t.app, { username: 'changer' });
    const here = await signedIn(url, token);
    const elsewhere = await signedIn(url, await login('changer'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'correct horse', newPassword: 'brand new pass' },
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: '10.9.9.7',
    });
    expect(res.statusCode).toBe(200);
    await expectSignedOut(elsewhere, /session has ended/);
    here.send({ type: 'JOIN_QUICK_QUEUE' });
    await here.next('QUEUE_JOIN_SUCCESS');
  });

  it('the deletion sweep signs out the anonymised account’s sockets', async () => {
    // Sessions outlive the 30-day grace here, so only the sweep can end this one.
    const url = await setup({ SESSION_DAYS: '365' });
    const gone = await register(t.app, { username: 'gone_soon' });
    const stays = await register(t.app, { username: 'stays_here' });
    const marked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: 'correct horse' },
      headers: bearer(gone.token),
    });
    expect(marked.statusCode).toBe(200);
    const goneSocket = await signedIn(url, gone.token);
    const staysSocket = await signedIn(url, stays.token);
    t.clock.advance(31 * DAY_MS);
    expect(await t.app.accounts.sweepDeletedAccounts()).toBe(1);
    await expectSignedOut(goneSocket, /session has ended/);
    staysSocket.send({ type: 'JOIN_QUICK_QUEUE' });
    await staysSocket.next('QUEUE_JOIN_SUCCESS');
  });

  it('an expired session signs its socket out; one that slid with use does not', async () => {
    const url = await setup({ SESSION_DAYS: '1' });
    const idle = await register(t.app, { username: 'idle_kofi' });
    const busy = await register(t.app, { username: 'busy_esi' });
    const idleSocket = await signedIn(url, idle.token);
    const busySocket = await signedIn(url, busy.token);

    // Busy uses the API late on its first day, which slides its session a day on.
    t.clock.advance(DAY_MS - 60 * 60_000);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(busy.token) });
    expect(me.statusCode).toBe(200);
    t.clock.advance(2 * 60 * 60_000);

    // Nobody sends anything: the gateway notices the expiry by itself.
    await expectSignedOut(idleSocket, /session has expired/);
    busySocket.send({ type: 'JOIN_QUICK_QUEUE', token: busy.token });
    await busySocket.next('QUEUE_JOIN_SUCCESS');
    expect(busySocket.frames.some((f) => f.type === 'ERROR')).toBe(false);
  });

  it('a frame sent after expiry is refused even before the periodic check runs', async () => {
    const url = await setup({ SESSION_DAYS: '1' });
    const { token } = await register(t.app, { username: 'late_yaw' });
    const s = await signedIn(url, token);
    t.clock.advance(DAY_MS + 1);
    s.send({ type: 'JOIN_QUICK_QUEUE' });
    const answers = [await s.next('ERROR'), await s.next('ERROR')];
    expect(answers.map((e) => e.code)).toEqual(['AUTH_REQUIRED', 'AUTH_REQUIRED']);
    expect(answers.some((e) => e.ref === 'JOIN_QUICK_QUEUE')).toBe(true);
    expect(s.frames.some((f) => f.type === 'QUEUE_JOIN_SUCCESS')).toBe(false);
  });
});

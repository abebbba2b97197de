import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';

describe.each(DIALECTS)('profiles and providers on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect, { GOOGLE_CLIENT_IDS: 'first.apps,second.apps' });
  });
  afterEach(() => t.close());

  it('shows a public profile with rating and record, and nothing private', async () => {
    const me = await register(t.app, { username: 'profile_me', email: 'me@example.com' });
    const other = await register(t.app, { username: 'profile_other' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${other.user.id}/profile`,
      headers: bearer(me.token),
    });
    expect(res.json()).toMatchObject({
      id: other.user.id,
      username: 'profile_other',
      rating: 1500,
      ratedGames: 0,
      wins: 0,
      losses: 0,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/users/${me.user.id}/profile`,
      headers: bearer(me.token),
    });
    expect(mine.body).not.toContain('me@example.com');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/999999/profile', headers: bearer(me.token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/abc/profile', headers: bearer(me.token) }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${me.user.id}/profile` })).statusCode).toBe(
      401,
    );
  });

  it('answers 404, never 500, for ids no user could have', async () => {
    const me = await register(t.app, { username: 'profile_ids' });
    for (const id of ['99999999999999999999', '9007199254740993', '-1', '0', '1.5', '1e3', '0x10', ' 1']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/users/${encodeURIComponent(id)}/profile`,
        headers: bearer(me.token),
      });
      expect(res.statusCode, id).toBe(404);
      expect(res.json(), id).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('tells the sign-in page which providers it can offer', async () => {
    // ID-token client ids alone serve POST /api/auth/google; the app's button needs the browser
    // sign-in's client (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET), tested in google-flow.test.ts.
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(res.json()).toEqual({ google: null });
  });
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';

describe.each(DIALECTS)('device tokens on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  const post = (url: string, payload: object, token?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} });
  const rows = () => t.app.db.kysely.selectFrom('device_tokens').selectAll().orderBy('id').execute();

  it('registers a device, and registering it again updates the same row', async () => {
    const { token, user } = await register(t.app, { username: 'phone_owner' });
    const first = await post(
      '/api/device-tokens',
      { token: 'fcm-abc', platform: 'android', deviceName: 'Pixel 8' },
      token,
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ platform: 'android', deviceName: 'Pixel 8', isActive: true });
    await post(
      '/api/device-tokens',
      { token: 'fcm-abc', platform: 'android', deviceName: 'Pixel 8 Pro' },
      token,
    );
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ user_id: user.id, device_name: 'Pixel 8 Pro', is_active: 1 });
  });

  it('moves a device to whoever registers it last', async () => {
    const a = await register(t.app, { username: 'first_owner' });
    const b = await register(t.app, { username: 'second_owner' });
    await post('/api/device-tokens', { token: 'apns-1', platform: 'ios' }, a.token);
    await post('/api/device-tokens', { token: 'apns-1', platform: 'ios' }, b.token);
    const stored = await rows();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.user_id).toBe(b.user.id);
  });

  it('deactivates only the caller’s own token', async () => {
    const a = await register(t.app, { username: 'owner_a' });
    const b = await register(t.app, { username: 'owner_b' });
    await post('/api/device-tokens', { token: 'tok-a', platform: 'web' }, a.token);
    const foreign = await post('/api/device-tokens/deactivate', { token: 'tok-a' }, b.token);
    expect(foreign.statusCode).toBe(404);
    expect((await rows())[0]!.is_active).toBe(1);
    const own = await post('/api/device-tokens/deactivate', { token: 'tok-a' }, a.token);
    expect(own.json()).toEqual({ isActive: false });
    expect((await rows())[0]!.is_active).toBe(0);
  });

  it('needs a session and valid fields', async () => {
    expect((await post('/api/device-tokens', { token: 't', platform: 'ios' })).statusCode).toBe(401);
    const { token } = await register(t.app, { username: 'fields' });
    const bad = await post('/api/device-tokens', { token: 't', platform: 'nokia' }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/platform must be one of ios, android, web, desktop/);
    expect((await post('/api/device-tokens', { platform: 'ios' }, token)).json().message).toBe(
      'token is required',
    );
  });
});

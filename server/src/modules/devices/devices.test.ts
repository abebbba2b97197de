import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { deliveryOwner, listDeviceTokens } from './repo';

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

  it('keeps the first owner’s registration when another user registers the same token', async () => {
    const a = await register(t.app, { username: 'first_owner' });
    const b = await register(t.app, { username: 'second_owner' });
    await post('/api/device-tokens', { token: 'apns-1', platform: 'ios', deviceName: 'A phone' }, a.token);
    t.clock.advance(1000);
    const taken = await post('/api/device-tokens', { token: 'apns-1', platform: 'ios' }, b.token);
    expect(taken.statusCode).toBe(200);
    const stored = await rows();
    expect(stored.map((r) => [r.user_id, r.is_active, r.device_name])).toEqual([
      [a.user.id, 1, 'A phone'],
      [b.user.id, 1, null],
    ]);
    // Each user sees only their own registration.
    const db = t.app.db.kysely;
    expect((await listDeviceTokens(db, a.user.id)).map((r) => r.device_name)).toEqual(['A phone']);
    expect((await listDeviceTokens(db, b.user.id)).map((r) => r.device_name)).toEqual([null]);
  });

  it('the first owner’s deactivate answers 200 and leaves the later registration active', async () => {
    const a = await register(t.app, { username: 'first_owner' });
    const b = await register(t.app, { username: 'second_owner' });
    await post('/api/device-tokens', { token: 'shared-t', platform: 'android' }, a.token);
    t.clock.advance(1000);
    await post('/api/device-tokens', { token: 'shared-t', platform: 'android' }, b.token);
    const off = await post('/api/device-tokens/deactivate', { token: 'shared-t' }, a.token);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ isActive: false });
    const stored = await rows();
    expect(stored.find((r) => r.user_id === a.user.id)!.is_active).toBe(0);
    expect(stored.find((r) => r.user_id === b.user.id)!.is_active).toBe(1);
    expect((await deliveryOwner(t.app.db.kysely, 'shared-t'))!.user_id).toBe(b.user.id);
  });

  it('delivers to the newest active registration', async () => {
    const db = t.app.db.kysely;
    const a = await register(t.app, { username: 'first_owner' });
    const b = await register(t.app, { username: 'second_owner' });
    expect(await deliveryOwner(db, 'tok-n')).toBeUndefined();
    await post('/api/device-tokens', { token: 'tok-n', platform: 'web' }, a.token);
    expect((await deliveryOwner(db, 'tok-n'))!.user_id).toBe(a.user.id);
    t.clock.advance(1000);
    await post('/api/device-tokens', { token: 'tok-n', platform: 'web' }, b.token);
    expect((await deliveryOwner(db, 'tok-n'))!.user_id).toBe(b.user.id);
    // Registering your own token again refreshes it and makes it the newest.
    t.clock.advance(1000);
    await post('/api/device-tokens', { token: 'tok-n', platform: 'web' }, a.token);
    expect((await deliveryOwner(db, 'tok-n'))!.user_id).toBe(a.user.id);
    // The newest owner switching it off hands delivery back to the other active registration.
    await post('/api/device-tokens/deactivate', { token: 'tok-n' }, a.token);
    expect((await deliveryOwner(db, 'tok-n'))!.user_id).toBe(b.user.id);
    await post('/api/device-tokens/deactivate', { token: 'tok-n' }, b.token);
    expect(await deliveryOwner(db, 'tok-n')).toBeUndefined();
    // A deactivated registration comes back when its owner registers again.
    t.clock.advance(1000);
    const again = await post('/api/device-tokens', { token: 'tok-n', platform: 'web' }, b.token);
    expect(again.json()).toMatchObject({ isActive: true });
    expect((await deliveryOwner(db, 'tok-n'))!.user_id).toBe(b.user.id);
    expect(await rows()).toHaveLength(2);
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

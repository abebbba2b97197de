import { afterEach, describe, expect, it } from 'vitest';
import { playerProfileSchema } from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { moveMoney } from '../currency/ledger';

describe.each(DIALECTS)('avatars on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const item = (sku: string) =>
    t.app.db.kysely.selectFrom('shop_items').selectAll().where('sku', '=', sku).executeTakeFirstOrThrow();
  async function grant(userId: number, amount: number, currencyType: 'regular' | 'premium') {
    await t.app.db.kysely.transaction().execute((trx) =>
      moveMoney(trx, {
        userId,
        currencyType,
        delta: amount,
        reason: 'test_grant',
        reference: `grant-${currencyType}`,
        description: 'Test grant',
        now: t.clock.now(),
      }),
    );
  }
  const profile = async (id: number, token: string) =>
    playerProfileSchema.parse((await call('GET', `/api/users/${id}/profile`, token)).json());

  it('chooses an owned avatar, refuses one not owned, and null goes back to the initials', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const viewer = await register(t.app, { username: 'kofi' });
    const lion = await item('avatar_lion');
    const owl = await item('avatar_owl');
    expect(await profile(user.id, viewer.token)).toMatchObject({
      avatarId: null,
      avatarSource: 'default',
      status: 'standard',
    });

    const unowned = await call('PUT', '/api/users/me/avatar', token, { avatarId: lion.id });
    expect(unowned.statusCode).toBe(403);
    expect(unowned.json().code).toBe('avatar_not_owned');

    await grant(user.id, 1000, 'regular');
    expect((await call('POST', `/api/currency/shop/${lion.id}/purchase`, token)).statusCode).toBe(200);
    const chosen = await call('PUT', '/api/users/me/avatar', token, { avatarId: lion.id });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ avatarId: lion.id, avatarSource: 'shop', imageUrl: lion.asset_url });
    expect(await profile(user.id, viewer.token)).toMatchObject({ avatarId: lion.id, avatarSource: 'shop' });
    // Owning one avatar does not open another.
    expect((await call('PUT', '/api/users/me/avatar', token, { avatarId: owl.id })).statusCode).toBe(403);
    // A shop item that is not an avatar, or no item at all, is not found.
    const pack = await item('coin_pack_500');
    expect((await call('PUT', '/api/users/me/avatar', token, { avatarId: pack.id })).statusCode).toBe(404);
    expect((await call('PUT', '/api/users/me/avatar', token, { avatarId: 999999 })).statusCode).toBe(404);
    expect((await call('PUT', '/api/users/me/avatar', token, { avatarId: 'lion' })).statusCode).toBe(400);
    expect((await profile(user.id, viewer.token)).avatarId).toBe(lion.id);

    const reset = await call('PUT', '/api/users/me/avatar', token, { avatarId: null });
    expect(reset.json()).toEqual({ avatarId: null, avatarSource: 'default', imageUrl: null });
    expect(await profile(user.id, viewer.token)).toMatchObject({ avatarId: null, avatarSource: 'default' });
  });

  it('shows premium status once a player owns something bought with gems', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const mask = await item('avatar_mask');
    await grant(user.id, mask.price!, 'premium');
    expect((await profile(user.id, token)).status).toBe('standard');
    expect((await call('POST', `/api/currency/shop/${mask.id}/purchase`, token)).statusCode).toBe(200);
    expect((await profile(user.id, token)).status).toBe('premium');
  });

  it('shows premium status for the owner of an exclusive deck', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const deck = await t.app.db.kysely
      .selectFrom('decks')
      .selectAll()
      .where('membership', '=', 'exclusive')
      .executeTakeFirstOrThrow();
    await grant(user.id, deck.price, 'premium');
    expect((await call('POST', `/api/deck/acquire/${deck.id}`, token)).statusCode).toBe(200);
    expect((await profile(user.id, token)).status).toBe('premium');
  });

  it('looks up avatar and shop item images; unknown ids are 404', async () => {
    t = await createTestApp(dialect);
    const lion = await item('avatar_lion');
    const pack = await item('coin_pack_500');
    const avatar = await call('GET', `/api/customization/avatars/${lion.id}`);
    expect(avatar.statusCode).toBe(200);
    expect(avatar.json()).toEqual({ imageUrl: lion.asset_url });
    expect((await call('GET', `/api/customization/shopItem/${lion.id}`)).json()).toEqual({
      imageUrl: lion.image_url,
    });
    expect((await call('GET', `/api/customization/shopItem/${pack.id}`)).json()).toEqual({
      imageUrl: pack.image_url,
    });
    // A pack is a shop item but not an avatar.
    expect((await call('GET', `/api/customization/avatars/${pack.id}`)).statusCode).toBe(404);
    for (const id of ['999999', '0', '-1', 'abc']) {
      expect((await call('GET', `/api/customization/avatars/${id}`)).statusCode, id).toBe(404);
      expect((await call('GET', `/api/customization/shopItem/${id}`)).statusCode, id).toBe(404);
    }
  });

  it('answers 401 to an anonymous avatar choice, whatever its body', async () => {
    t = await createTestApp(dialect);
    for (const payload of [{ avatarId: 1 }, { avatarId: 'x' }, {}]) {
      for (const headers of [{}, bearer('not-a-real-token')]) {
        const res = await t.app.inject({ method: 'PUT', url: '/api/users/me/avatar', headers, payload });
        expect(res.statusCode).toBe(401);
      }
    }
  });
});

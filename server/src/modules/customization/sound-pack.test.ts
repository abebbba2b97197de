import { afterEach, describe, expect, it } from 'vitest';
import { soundPackStateSchema } from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { moveMoney } from '../currency/ledger';

describe.each(DIALECTS)('sound packs on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST', url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const item = (sku: string) =>
    t.app.db.kysely.selectFrom('shop_items').selectAll().where('sku', '=', sku).executeTakeFirstOrThrow();
  async function grant(userId: number, amount: number) {
    await t.app.db.kysely.transaction().execute((trx) =>
      moveMoney(trx, {
        userId,
        currencyType: 'regular',
        delta: amount,
        reason: 'test_grant',
        reference: 'grant-sound',
        description: 'Test grant',
        now: t.clock.now(),
      }),
    );
  }
  const state = async (token: string) =>
    soundPackStateSchema.parse((await call('GET', '/api/users/me/sound-pack', token)).json());

  it('activates a bought pack, refuses one not bought, and null goes back to the standard sounds', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const other = await register(t.app, { username: 'kofi' });
    const kalimba = await item('sound_pack_kalimba');
    const chimes = await item('sound_pack_chimes');
    expect(await state(token)).toEqual({ active: null, owned: [] });

    const refused = await call('POST', '/api/users/me/sound-pack', token, { itemId: kalimba.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Cannot activate sound Kalimba as it has not been purchased',
      code: 'sound_pack_not_purchased',
    });

    await grant(user.id, 1000);
    expect((await call('POST', `/api/currency/shop/${kalimba.id}/purchase`, token)).statusCode).toBe(200);
    const kalimbaPack = { itemId: kalimba.id, name: 'Kalimba', slug: 'kalimba' };
    expect(await state(token)).toEqual({ active: null, owned: [kalimbaPack] });
    const activated = await call('POST', '/api/users/me/sound-pack', token, { itemId: kalimba.id });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ active: kalimbaPack, owned: [kalimbaPack] });
    expect(await state(token)).toEqual({ active: kalimbaPack, owned: [kalimbaPack] });

    // Owning one pack does not open another, and the refusal leaves the active pack alone.
    const notChimes = await call('POST', '/api/users/me/sound-pack', token, { itemId: chimes.id });
    expect(notChimes.statusCode).toBe(403);
    expect(notChimes.json().message).toBe(
      'Cannot activate sound Evening Chimes as it has not been purchased',
    );
    expect((await state(token)).active).toEqual(kalimbaPack);
    // Another player's purchase is theirs alone.
    expect(
      (await call('POST', '/api/users/me/sound-pack', other.token, { itemId: kalimba.id })).statusCode,
    ).toBe(403);

    // Not a sound pack, no such item, or a malformed id.
    const avatar = await item('avatar_lion');
    expect((await call('POST', '/api/users/me/sound-pack', token, { itemId: avatar.id })).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/api/users/me/sound-pack', token, { itemId: 999999 })).statusCode).toBe(404);
    for (const payload of [{ itemId: 'kalimba' }, { itemId: -1 }, { itemId: 1.5 }, {}])
      expect((await call('POST', '/api/users/me/sound-pack', token, payload)).statusCode).toBe(400);

    const reset = await call('POST', '/api/users/me/sound-pack', token, { itemId: null });
    expect(reset.json()).toEqual({ active: null, owned: [kalimbaPack] });
    expect((await state(token)).active).toBeNull();
  });

  it('stops playing a pack whose purchase is no longer active', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const drums = await item('sound_pack_drums');
    await grant(user.id, 1000);
    expect((await call('POST', `/api/currency/shop/${drums.id}/purchase`, token)).statusCode).toBe(200);
    expect((await call('POST', '/api/users/me/sound-pack', token, { itemId: drums.id })).statusCode).toBe(
      200,
    );
    await t.app.db.kysely
      .updateTable('purchases')
      .set({ is_active: 0 })
      .where('user_id', '=', user.id)
      .execute();
    expect(await state(token)).toEqual({ active: null, owned: [] });
  });

  it('answers 401 to anonymous callers, whatever the body', async () => {
    t = await createTestApp(dialect);
    for (const headers of [{}, bearer('not-a-real-token')]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/users/me/sound-pack', headers })).statusCode,
      ).toBe(401);
      for (const payload of [{ itemId: 1 }, { itemId: 'x' }, {}]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/users/me/sound-pack', headers, payload });
        expect(res.statusCode).toBe(401);
      }
    }
  });
});

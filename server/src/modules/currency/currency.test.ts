import { afterEach, describe, expect, it } from 'vitest';
import {
  balanceSchema,
  purchaseResponseSchema,
  purchasesResponseSchema,
  shopResponseSchema,
  transactionsResponseSchema,
  type CurrencyType,
} from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { CATALOGUE } from './catalogue';
import { moveMoney } from './ledger';

describe.each(DIALECTS)('currency on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const buy = (id: number | string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/currency/shop/${id}/purchase`,
      headers: token ? bearer(token) : {},
    });

  let grants = 0;
  /** Credits a user the way every credit happens: moveMoney inside a transaction. */
  async function grant(userId: number, amount: number, currencyType: CurrencyType = 'regular') {
    await t.app.db.kysely.transaction().execute((trx) =>
      moveMoney(trx, {
        userId,
        currencyType,
        delta: amount,
        reason: 'test_grant',
        reference: `grant-${++grants}`,
        description: 'Test grant',
        now: t.clock.now(),
      }),
    );
  }

  /** Items priced in coins (or gems), inserted straight into the shop; returns their ids. */
  async function insertItems(count: number, price: number, currencyType: CurrencyType = 'regular') {
    const prefix = `test_${Math.random().toString(36).slice(2)}`;
    const rows = await t.app.db.kysely
      .insertInto('shop_items')
      .values(
        Array.from({ length: count }, (_, i) => ({
          sku: `${prefix}_${i}`,
          kind: 'avatar' as const,
          name: `Test avatar ${i}`,
          description: 'For tests',
          image_url: `/assets/shop/avatars/test-${i}.svg`,
          price,
          currency_type: currencyType,
          created_at: t.clock.now(),
        })),
      )
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  async function ledgerOf(userId: number) {
    return t.app.db.kysely
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  }

  async function shopItem(sku: string) {
    return t.app.db.kysely
      .selectFrom('shop_items')
      .selectAll()
      .where('sku', '=', sku)
      .executeTakeFirstOrThrow();
  }

  const ROUTES: [string, string][] = [
    ['GET', '/api/currency/balance'],
    ['GET', '/api/currency/transactions?limit=5'],
    ['GET', '/api/currency/shop'],
    ['POST', '/api/currency/shop/1/purchase'],
    ['POST', '/api/currency/shop/abc/purchase'],
    ['GET', '/api/currency/purchases'],
  ];

  it('answers every route 401 without a valid token, before looking at the path or query', async () => {
    t = await createTestApp(dialect);
    for (const [method, url] of ROUTES) {
      for (const headers of [{}, bearer('not-a-real-token')]) {
        const res = await t.app.inject({ method: method as 'GET' | 'POST', url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json().error).toMatch(/^(auth_required|invalid_token)$/);
      }
    }
  });

  describe('balance', () => {
    it('starts at zero and follows every credit and debit', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      const start = await get('/api/currency/balance', token);
      expect(start.statusCode).toBe(200);
      expect(balanceSchema.parse(start.json())).toEqual({ currency: 0, premiumCurrency: 0 });
      await grant(user.id, 700);
      await grant(user.id, 30, 'premium');
      expect((await get('/api/currency/balance', token)).json()).toEqual({
        currency: 700,
        premiumCurrency: 30,
      });
      // Another player's money is not the caller's.
      const other = await register(t.app, { username: 'kofi' });
      expect((await get('/api/currency/balance', other.token)).json()).toEqual({
        currency: 0,
        premiumCurrency: 0,
      });
    });
  });

  describe('transactions', () => {
    it('pages the caller’s ledger newest first with a stable cursor', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      const other = await register(t.app, { username: 'kofi' });
      const empty = await get('/api/currency/transactions', token);
      expect(empty.statusCode).toBe(200);
      expect(empty.json()).toEqual({ transactions: [], nextBefore: null });

      for (let i = 1; i <= 45; i++) {
        t.clock.advance(1000);
        await grant(user.id, i);
        await grant(other.user.id, 1);
      }
      const mine = (await ledgerOf(user.id)).map((row) => row.id).reverse();

      const first = transactionsResponseSchema.parse((await get('/api/currency/transactions', token)).json());
      expect(first.transactions.map((x) => x.id)).toEqual(mine.slice(0, 20));
      expect(first.transactions[0]).toMatchObject({
        currencyType: 'regular',
        amount: 45,
        balanceAfter: (45 * 46) / 2,
        reason: 'test_grant',
        description: 'Test grant',
      });
      expect(first.nextBefore).toBe(mine[19]);

      // Money moving between page reads does not shift the next pages.
      await grant(user.id, 1000);
      const second = transactionsResponseSchema.parse(
        (await get(`/api/currency/transactions?before=${first.nextBefore}`, token)).json(),
      );
      expect(second.transactions.map((x) => x.id)).toEqual(mine.slice(20, 40));
      const third = transactionsResponseSchema.parse(
        (await get(`/api/currency/transactions?before=${second.nextBefore}&limit=20`, token)).json(),
      );
      expect(third.transactions.map((x) => x.id)).toEqual(mine.slice(40));
      expect(third.nextBefore).toBeNull();

      // A page that ends exactly at the last entry says there is no next one.
      const exact = transactionsResponseSchema.parse(
        (await get(`/api/currency/transactions?before=${second.nextBefore}&limit=5`, token)).json(),
      );
      expect(exact.transactions).toHaveLength(5);
      expect(exact.nextBefore).toBeNull();

      const all = transactionsResponseSchema.parse(
        (await get('/api/currency/transactions?limit=100', token)).json(),
      );
      expect(all.transactions).toHaveLength(46);
      expect(all.transactions.every((x) => x.reason === 'test_grant')).toBe(true);
      expect(all.nextBefore).toBeNull();
    });

    it('refuses a limit outside 1–100 and a cursor that is not an entry id', async () => {
      t = await createTestApp(dialect);
      const { token } = await register(t.app, { username: 'ama' });
      for (const query of [
        'limit=0',
        'limit=101',
        'limit=abc',
        'limit=1.5',
        'before=0',
        'before=-3',
        'before=x',
      ]) {
        const res = await get(`/api/currency/transactions?${query}`, token);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().code, query).toBe('invalid_input');
        // The message names the field.
        expect(res.json().message, query).toMatch(
          query.startsWith('limit') ? /^limit must be / : /^before must be /,
        );
      }
      expect((await get('/api/currency/transactions?limit=101', token)).json().message).toBe(
        'limit must be between 1 and 100',
      );
      expect((await get('/api/currency/transactions?before=0', token)).json().message).toBe(
        'before must be a transaction id',
      );
      for (const query of ['limit=1', 'limit=100', 'before=1']) {
        expect((await get(`/api/currency/transactions?${query}`, token)).statusCode, query).toBe(200);
      }
    });
  });

  describe('shop', () => {
    it('lists the seeded catalogue once, with what the caller owns', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      const res = await get('/api/currency/shop', token);
      expect(res.statusCode).toBe(200);
      const items = shopResponseSchema.parse(res.json());
      expect(items.map((item) => item.name)).toEqual(CATALOGUE.map((item) => item.name));
      const coins = items.find((item) => item.kind === 'coin_pack')!;
      expect(coins).toMatchObject({
        price: null,
        currencyType: null,
        moneyCurrency: 'NGN',
        grantCurrencyType: 'regular',
      });
      expect(coins.moneyPrice).toBeGreaterThan(0);
      expect(items.find((item) => item.kind === 'sound_pack')!.assetUrl).toMatch(
        /^\/assets\/shop\/sounds\/.+\.wav$/,
      );
      expect(items.every((item) => !item.owned)).toBe(true);

      const lion = await shopItem('avatar_lion');
      const pack = await shopItem('coin_pack_500');
      await grant(user.id, lion.price!);
      expect((await buy(lion.id, token)).statusCode).toBe(200);
      // Even a recorded purchase of a pack does not make it "owned": packs are spent when paid.
      await t.app.db.kysely
        .insertInto('purchases')
        .values({
          user_id: user.id,
          shop_item_id: pack.id,
          price: 0,
          currency_type: 'regular',
          purchase_date: 1,
        })
        .execute();
      const after = shopResponseSchema.parse((await get('/api/currency/shop', token)).json());
      expect(after.filter((item) => item.owned).map((item) => item.id)).toEqual([lion.id]);
      const other = await register(t.app, { username: 'kofi' });
      const theirs = shopResponseSchema.parse((await get('/api/currency/shop', other.token)).json());
      expect(theirs.some((item) => item.owned)).toBe(false);

      // A withdrawn item leaves the shop.
      await t.app.db.kysely
        .updateTable('shop_items')
        .set({ is_active: 0 })
        .where('id', '=', lion.id)
        .execute();
      const withdrawn = shopResponseSchema.parse((await get('/api/currency/shop', token)).json());
      expect(withdrawn.some((item) => item.id === lion.id)).toBe(false);
    });

    it('seeds the catalogue idempotently across restarts', async () => {
      t = await createTestApp(dialect);
      const before = await t.app.db.kysely
        .selectFrom('shop_items')
        .select(['id', 'sku'])
        .orderBy('id')
        .execute();
      expect(before).toHaveLength(CATALOGUE.length);
      await t.app.db.kysely
        .updateTable('shop_items')
        .set({ name: 'Stale name' })
        .where('sku', '=', 'avatar_owl')
        .execute();
      await t.restart();
      const after = await t.app.db.kysely
        .selectFrom('shop_items')
        .select(['id', 'sku', 'name'])
        .orderBy('id')
        .execute();
      expect(after.map(({ id, sku }) => ({ id, sku }))).toEqual(before);
      expect(after.find((row) => row.sku === 'avatar_owl')!.name).toBe('Night Owl');
    });
  });

  describe('purchase', () => {
    it('debits the price and records the purchase and its ledger row together', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      const lion = await shopItem('avatar_lion');
      const mask = await shopItem('avatar_mask');
      await grant(user.id, lion.price! + 50);
      await grant(user.id, mask.price!, 'premium');

      const res = await buy(lion.id, token);
      expect(res.statusCode).toBe(200);
      const body = purchaseResponseSchema.parse(res.json());
      expect(body.message).toBe('You bought Lion of the Savanna');
      expect(body.balance).toEqual({ currency: 50, premiumCurrency: mask.price! });
      expect(body.purchase).toMatchObject({
        userId: user.id,
        shopItemId: lion.id,
        itemId: lion.id,
        kind: 'avatar',
        name: lion.name,
        description: lion.description,
        imageUrl: lion.image_url,
        price: lion.price,
        currencyType: 'regular',
        purchaseDate: t.clock.now(),
        expiryDate: null,
        isActive: true,
      });
      const debit = (await ledgerOf(user.id)).at(-1)!;
      expect(debit).toMatchObject({
        delta: -lion.price!,
        balance_after: 50,
        reason: 'purchase',
        reference: `item:${lion.id}`,
        currency_type: 'regular',
      });

      // The gem-priced avatar spends gems, not coins.
      const gems = purchaseResponseSchema.parse((await buy(mask.id, token)).json());
      expect(gems.balance).toEqual({ currency: 50, premiumCurrency: 0 });
      expect(gems.purchase.currencyType).toBe('premium');
    });

    it('refuses a second purchase of an owned item with 409 and charges nothing', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      const owl = await shopItem('avatar_owl');
      await grant(user.id, owl.price! * 3);
      expect((await buy(owl.id, token)).statusCode).toBe(200);
      const again = await buy(owl.id, token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'You already own this item', code: 'already_owned' });
      expect((await get('/api/currency/balance', token)).json().currency).toBe(owl.price! * 2);
    });

    it('answers 400 Insufficient funds when short, and leaves no purchase and no ledger row', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      const sun = await shopItem('avatar_sun');
      const mask = await shopItem('avatar_mask');
      // One coin short of the sun, and coins (however many) do not pay for the gem-priced mask.
      await grant(user.id, sun.price! - 1);
      const ledger = await ledgerOf(user.id);
      for (const item of [sun, mask]) {
        const res = await buy(item.id, token);
        expect(res.statusCode, item.sku).toBe(400);
        expect(res.json()).toEqual({ message: 'Insufficient funds', code: 'insufficient_funds' });
      }
      expect(await ledgerOf(user.id)).toEqual(ledger);
      expect((await get('/api/currency/purchases', token)).json()).toEqual([]);
      expect((await get('/api/currency/balance', token)).json()).toEqual({
        currency: sun.price! - 1,
        premiumCurrency: 0,
      });
    });

    it('sends coin and gem packs to checkout with a 400 that says to pay with money', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      await grant(user.id, 100_000);
      await grant(user.id, 100_000, 'premium');
      for (const sku of ['coin_pack_500', 'gem_pack_50']) {
        const res = await buy((await shopItem(sku)).id, token);
        expect(res.statusCode, sku).toBe(400);
        expect(res.json().code).toBe('pay_with_money');
        expect(res.json().message).toMatch(/paid for with money/);
      }
      expect((await get('/api/currency/balance', token)).json()).toEqual({
        currency: 100_000,
        premiumCurrency: 100_000,
      });
    });

    it('answers 404 for an unknown or withdrawn item and for a path id that is not an id', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      await grant(user.id, 10_000);
      const unknown = await buy(987654, token);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'Shop item not found', code: 'shop_item_not_found' });
      for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
        const res = await buy(id, token);
        expect(res.statusCode, id).toBe(404);
        expect(res.json().code, id).toBe('not_found');
      }
      const baobab = await shopItem('avatar_baobab');
      await t.app.db.kysely
        .updateTable('shop_items')
        .set({ is_active: 0 })
        .where('id', '=', baobab.id)
        .execute();
      expect((await buy(baobab.id, token)).statusCode).toBe(404);
      expect((await get('/api/currency/balance', token)).json().currency).toBe(10_000);
    });

    it('200 concurrent purchases with funds for exactly 10: 10 succeed, balance 0, the ledger adds up', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'racer' });
      const ids = await insertItems(200, 7);
      await grant(user.id, 70);
      const answers = await Promise.all(ids.map((id) => buy(id, token)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s !== 200 && s !== 400)).toEqual([]);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      for (const refused of answers.filter((a) => a.statusCode === 400))
        expect(refused.json()).toEqual({ message: 'Insufficient funds', code: 'insufficient_funds' });

      expect((await get('/api/currency/balance', token)).json()).toEqual({ currency: 0, premiumCurrency: 0 });
      const ledger = await ledgerOf(user.id);
      expect(ledger.filter((row) => row.reason === 'purchase')).toHaveLength(10);
      expect(ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(0);
      expect(ledger.at(-1)!.balance_after).toBe(0);
      const purchases = purchasesResponseSchema.parse((await get('/api/currency/purchases', token)).json());
      expect(purchases).toHaveLength(10);
      const won = answers
        .filter((a) => a.statusCode === 200)
        .map((a) => purchaseResponseSchema.parse(a.json()));
      expect(new Set(purchases.map((p) => p.shopItemId))).toEqual(
        new Set(won.map((w) => w.purchase.shopItemId)),
      );
    });

    it('the same item bought 50 times at once: one purchase, 49 × 409, one debit', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'racer' });
      const [id] = await insertItems(1, 40);
      await grant(user.id, 1000);
      const answers = await Promise.all(Array.from({ length: 50 }, () => buy(id!, token)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(49);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expect(refused.json().code).toBe('already_owned');
      expect((await get('/api/currency/balance', token)).json().currency).toBe(960);
      const debits = (await ledgerOf(user.id)).filter((row) => row.reason === 'purchase');
      expect(debits.map((row) => row.delta)).toEqual([-40]);
    });
  });

  describe('purchases', () => {
    it('lists the caller’s purchases newest first, active unless explicitly switched off', async () => {
      t = await createTestApp(dialect);
      const { token, user } = await register(t.app, { username: 'ama' });
      const other = await register(t.app, { username: 'kofi' });
      expect((await get('/api/currency/purchases', token)).json()).toEqual([]);
      const lion = await shopItem('avatar_lion');
      const kalimba = await shopItem('sound_pack_kalimba');
      await grant(user.id, 5000);
      await grant(other.user.id, 5000);
      expect((await buy(lion.id, token)).statusCode).toBe(200);
      t.clock.advance(60_000);
      expect((await buy(kalimba.id, token)).statusCode).toBe(200);
      expect((await buy(lion.id, other.token)).statusCode).toBe(200);

      const res = await get('/api/currency/purchases', token);
      expect(res.statusCode).toBe(200);
      const list = purchasesResponseSchema.parse(res.json());
      expect(list.map((p) => p.shopItemId)).toEqual([kalimba.id, lion.id]);
      expect(list[0]).toMatchObject({
        userId: user.id,
        itemId: kalimba.id,
        kind: 'sound_pack',
        name: 'Kalimba',
        description: kalimba.description,
        imageUrl: kalimba.image_url,
        price: kalimba.price,
        currencyType: 'regular',
        purchaseDate: t.clock.now(),
        expiryDate: null,
        isActive: true,
      });

      await t.app.db.kysely
        .updateTable('purchases')
        .set({ is_active: 0 })
        .where('user_id', '=', user.id)
        .where('shop_item_id', '=', lion.id)
        .execute();
      const after = purchasesResponseSchema.parse((await get('/api/currency/purchases', token)).json());
      expect(after.map((p) => [p.shopItemId, p.isActive])).toEqual([
        [kalimba.id, true],
        [lion.id, false],
      ]);
    });
  });
});

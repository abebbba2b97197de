import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDeckResponseSchema,
  deckCatalogResponseSchema,
  myDecksResponseSchema,
  type CurrencyType,
} from '@shared/protocol';
import { DECK_FOLDERS } from '@shared/decks';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { moveMoney } from '../currency/ledger';
import { DECK_CATALOGUE, catalogueProblems, seedDecks } from './catalogue';

describe('the deck catalogue', () => {
  it('names every deck folder once, free decks at 0 and priced decks above it', () => {
    expect(catalogueProblems()).toEqual([]);
    expect(DECK_CATALOGUE).toHaveLength(DECK_FOLDERS.length);
  });
});

describe.each(DIALECTS)('decks on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {} });
  const catalog = async (token: string) =>
    deckCatalogResponseSchema.parse((await call('GET', '/api/deck/catalog', token)).json());
  const myDecks = async (token: string) =>
    myDecksResponseSchema.parse((await call('GET', '/api/deck/my-decks', token)).json());
  const deckId = async (membership: 'free' | 'premium' | 'exclusive', token: string) =>
    (await catalog(token)).find((deck) => deck.membership === membership && deck.id !== -1)!;

  let grants = 0;
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
  const ledgerOf = (userId: number) =>
    t.app.db.kysely
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const balance = async (token: string) => (await call('GET', '/api/currency/balance', token)).json();

  it('answers every route 401 without a valid token, before looking at the path', async () => {
    t = await createTestApp(dialect);
    const routes: [method: 'GET' | 'POST' | 'DELETE', url: string][] = [
      ['GET', '/api/deck/catalog'],
      ['GET', '/api/deck/my-decks'],
      ['POST', '/api/deck/acquire/1'],
      ['POST', '/api/deck/acquire/abc'],
      ['POST', '/api/deck/set-default/-1'],
      ['DELETE', '/api/deck/remove/1'],
    ];
    for (const [method, url] of routes) {
      for (const headers of [{}, bearer('not-a-real-token')]) {
        const res = await t.app.inject({ method, url, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('seeds one deck per folder, -1 the system default, idempotently across restarts', async () => {
    t = await createTestApp(dialect);
    await seedDecks(t.app.db.kysely, t.clock.now());
    await t.restart();
    const { token } = await register(t.app, { username: 'ama' });
    const decks = await catalog(token);
    expect(decks).toHaveLength(24);
    expect(decks.map((deck) => deck.deckUrl.split('/').pop()).sort()).toEqual([...DECK_FOLDERS].sort());
    const system = decks.find((deck) => deck.id === -1)!;
    expect(system).toMatchObject({
      deckUrl: '/assets/decks/default',
      owned: true,
      isDefault: true,
      price: 0,
    });
    expect(decks.filter((deck) => deck.owned)).toEqual([system]);
    for (const deck of decks) {
      expect(deck.deckUrl).toMatch(/^\/assets\/decks\/[a-z0-9-]+$/);
      if (deck.membership === 'free') expect(deck.price).toBe(0);
      if (deck.membership === 'premium') expect(deck).toMatchObject({ currencyType: 'regular' });
      if (deck.membership === 'exclusive') expect(deck).toMatchObject({ currencyType: 'premium' });
    }
    expect(await myDecks(token)).toEqual([
      expect.objectContaining({ id: -1, cardDeckId: -1, isDefault: true, acquiredAt: null }),
    ]);
  });

  it('adds a free deck without payment', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const free = await deckId('free', token);
    const res = await call('POST', `/api/deck/acquire/${free.id}`, token);
    expect(res.statusCode).toBe(200);
    expect(acquireDeckResponseSchema.parse(res.json())).toEqual({
      isPurchase: false,
      price: 0,
      currencyType: 'regular',
    });
    expect(await ledgerOf(user.id)).toEqual([]);
    expect((await myDecks(token)).map((deck) => deck.id).sort()).toEqual([-1, free.id].sort());
    expect((await catalog(token)).find((deck) => deck.id === free.id)).toMatchObject({ owned: true });
  });

  it('debits a priced deck in its currency with its ledger entry', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const exclusive = await deckId('exclusive', token);
    await grant(user.id, 100, 'premium');
    const res = await call('POST', `/api/deck/acquire/${exclusive.id}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isPurchase: true, price: exclusive.price, currencyType: 'premium' });
    expect(await balance(token)).toEqual({ currency: 0, premiumCurrency: 100 - exclusive.price });
    const debit = (await ledgerOf(user.id)).at(-1)!;
    expect(debit).toMatchObject({
      reason: 'deck_purchase',
      reference: `deck:${exclusive.id}`,
      delta: -exclusive.price,
      currency_type: 'premium',
    });
  });

  it('refuses a deck the player cannot afford: 400, no deck, balance and ledger unchanged', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const premium = await deckId('premium', token);
    await grant(user.id, premium.price - 1);
    const before = await ledgerOf(user.id);
    const res = await call('POST', `/api/deck/acquire/${premium.id}`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Insufficient funds' });
    expect(await balance(token)).toEqual({ currency: premium.price - 1, premiumCurrency: 0 });
    expect(await ledgerOf(user.id)).toEqual(before);
    expect((await myDecks(token)).map((deck) => deck.id)).toEqual([-1]);
  });

  it('answers 409 to a deck already owned (and to -1), 404 to an unknown or malformed id', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const premium = await deckId('premium', token);
    await grant(user.id, premium.price * 2);
    expect((await call('POST', `/api/deck/acquire/${premium.id}`, token)).statusCode).toBe(200);
    const again = await call('POST', `/api/deck/acquire/${premium.id}`, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('deck_already_owned');
    expect((await call('POST', '/api/deck/acquire/-1', token)).statusCode).toBe(409);
    expect(await balance(token)).toEqual({ currency: premium.price, premiumCurrency: 0 });
    for (const id of ['999999', '0', '-2', 'abc', '1.5', '99999999999999999999']) {
      const res = await call('POST', `/api/deck/acquire/${id}`, token);
      expect(res.statusCode, id).toBe(404);
    }
  });

  it('20 concurrent acquires of one priced deck: one owns it, one debit', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'racer' });
    const premium = await deckId('premium', token);
    await grant(user.id, premium.price * 20);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/api/deck/acquire/${premium.id}`, token)),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const debits = (await ledgerOf(user.id)).filter((row) => row.reason === 'deck_purchase');
    expect(debits.map((row) => row.delta)).toEqual([-premium.price]);
    expect((await balance(token)).currency).toBe(premium.price * 19);
  });

  it('sets an owned deck as default, refuses one not owned, and -1 goes back', async () => {
    t = await createTestApp(dialect);
    const { token } = await register(t.app, { username: 'ama' });
    const [first, second] = (await catalog(token)).filter((d) => d.membership === 'free' && d.id !== -1);
    const notOwned = await call('POST', `/api/deck/set-default/${first!.id}`, token);
    expect(notOwned.statusCode).toBe(403);
    expect(notOwned.json().code).toBe('deck_not_owned');
    expect((await call('POST', '/api/deck/set-default/999999', token)).statusCode).toBe(404);

    await call('POST', `/api/deck/acquire/${first!.id}`, token);
    await call('POST', `/api/deck/acquire/${second!.id}`, token);
    const set = await call('POST', `/api/deck/set-default/${first!.id}`, token);
    expect(set.statusCode).toBe(200);
    expect(set.json().defaultDeckId).toBe(first!.id);
    // A refused change leaves the default where it was.
    expect(
      (await call('POST', `/api/deck/set-default/${(await deckId('premium', token)).id}`, token)).statusCode,
    ).toBe(403);
    expect((await myDecks(token)).filter((d) => d.isDefault).map((d) => d.id)).toEqual([first!.id]);

    await call('POST', `/api/deck/set-default/${second!.id}`, token);
    expect((await catalog(token)).filter((d) => d.isDefault).map((d) => d.id)).toEqual([second!.id]);
    await call('POST', '/api/deck/set-default/-1', token);
    expect((await myDecks(token)).filter((d) => d.isDefault).map((d) => d.id)).toEqual([-1]);
  });

  it('removing the default falls back to -1; -1 itself cannot be removed', async () => {
    t = await createTestApp(dialect);
    const { token } = await register(t.app, { username: 'ama' });
    const free = await deckId('free', token);
    await call('POST', `/api/deck/acquire/${free.id}`, token);
    await call('POST', `/api/deck/set-default/${free.id}`, token);
    const removed = await call('DELETE', `/api/deck/remove/${free.id}`, token);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().defaultDeckId).toBe(-1);
    expect(await myDecks(token)).toEqual([expect.objectContaining({ id: -1, isDefault: true })]);
    expect((await call('DELETE', `/api/deck/remove/${free.id}`, token)).statusCode).toBe(403);

    const system = await call('DELETE', '/api/deck/remove/-1', token);
    expect(system.statusCode).toBe(400);
    expect(system.json().code).toBe('system_deck');
    expect((await call('DELETE', '/api/deck/remove/abc', token)).statusCode).toBe(404);
  });

  it('a priced deck removed and acquired again is not charged twice', async () => {
    t = await createTestApp(dialect);
    const { token, user } = await register(t.app, { username: 'ama' });
    const premium = await deckId('premium', token);
    await grant(user.id, premium.price);
    await call('POST', `/api/deck/acquire/${premium.id}`, token);
    await call('DELETE', `/api/deck/remove/${premium.id}`, token);
    const again = await call('POST', `/api/deck/acquire/${premium.id}`, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isPurchase: false, price: 0 });
    expect((await ledgerOf(user.id)).filter((row) => row.reason === 'deck_purchase')).toHaveLength(1);
    expect((await myDecks(token)).map((deck) => deck.id)).toContain(premium.id);
  });
});

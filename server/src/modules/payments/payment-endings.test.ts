import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REDIS_URL, dropPrefix, testPrefix } from '../../testing/redis';
import {
  PaymentProviderError,
  PaymentUnknownToProvider,
  type InitializeRequest,
  type PaymentProvider,
  type Verification,
} from '../../infra/payments';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { CANCELLED, EXPIRED, PAYMENT_EXPIRY_MS } from './service';

/**
 * A provider whose answers each test sets per reference, that can stop answering or say it does
 * not know a reference, and that yields a few milliseconds (random unless `delayMs` is set) before
 * each answer so concurrent requests interleave.
 */
class ScriptedProvider implements PaymentProvider {
  readonly name = 'paystack';
  readonly testMode = false;
  readonly answers = new Map<string, Verification['status']>();
  readonly asked: string[] = [];
  /** References answered "not found", as Paystack answers for one it was never given. */
  readonly unknown = new Set<string>();
  down = false;
  delayMs: number | null = null;

  async initialize(request: InitializeRequest) {
    this.answers.set(request.reference, 'pending');
    return { authorizationUrl: `https://checkout.example/${request.reference}` };
  }

  async verify(reference: string): Promise<Verification> {
    this.asked.push(reference);
    await sleep(this.delayMs ?? Math.floor(Math.random() * 5));
    if (this.down) throw new PaymentProviderError('provider down');
    if (this.unknown.has(reference)) throw new PaymentUnknownToProvider('Transaction reference not found');
    const status = this.answers.get(reference) ?? 'pending';
    return { status, amount: status === 'success' ? 150_000 : null, currency: 'NGN' };
  }

  verifyWebhookSignature(_body: Buffer, signature: string | undefined): boolean {
    return signature === 'signed';
  }
}

/** A coin pack sold for 1,500 NGN; its id. */
async function addPack(t: TestApp): Promise<number> {
  const row = await t.app.db.kysely
    .insertInto('shop_items')
    .values({
      sku: 'test-coins-500',
      kind: 'coin_pack',
      name: '500 coins',
      description: 'A pack',
      image_url: '/shop/pack.svg',
      created_at: t.clock.now(),
      money_price: 150_000,
      money_currency: 'NGN',
      grant_amount: 500,
      grant_currency_type: 'regular',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Starts paying for `pack` as the holder of `token`; the payment's reference. */
async function startPayment(t: TestApp, token: string, pack: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/currency/paystack/initialize',
    payload: { shopItemId: pack },
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { reference: string }).reference;
}

describe.each(DIALECTS)('ending pending payments on %s', (dialect) => {
  let t: TestApp;
  let provider: ScriptedProvider;
  let pack: number;

  beforeEach(async () => {
    provider = new ScriptedProvider();
    t = await createTestApp(dialect, {}, { paymentProvider: provider });
    pack = await addPack(t);
  });
  afterEach(() => t.close());

  async function buyer(username = 'buyer') {
    const { token, user } = await register(t.app, { username });
    return { token, userId: user.id };
  }

  const start = (token: string) => startPayment(t, token, pack);

  function cancel(token: string | null, reference: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/currency/paystack/cancel',
      payload: { reference },
      headers: token ? bearer(token) : {},
    });
  }

  function webhook(reference: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/paystack/webhook',
      payload: JSON.stringify({ event: 'charge.success', data: { reference } }),
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'signed' },
    });
  }

  const payment = (reference: string) =>
    t.app.db.kysely
      .selectFrom('payments')
      .select(['status', 'failure_reason'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();

  const credits = (userId: number) =>
    t.app.db.kysely
      .selectFrom('ledger_entries')
      .select(['delta', 'reason', 'reference'])
      .where('user_id', '=', userId)
      .execute();

  const pendingList = async (token: string) =>
    (
      (await t.app.inject({ url: '/api/currency/pending-transactions', headers: bearer(token) })).json() as {
        pendingTransactions: unknown[];
      }
    ).pendingTransactions;

  it('the owner cancels an unpaid payment: it fails as cancelled, leaves the pending list, and a repeat changes nothing', async () => {
    const { token, userId } = await buyer();
    const reference = await start(token);
    expect(await pendingList(token)).toHaveLength(1);

    const res = await cancel(token, reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: false,
      status: 'failed',
      balance: { currency: 0, premiumCurrency: 0 },
    });
    expect(await payment(reference)).toEqual({ status: 'failed', failure_reason: CANCELLED });
    expect(await pendingList(token)).toEqual([]);
    // The provider was asked once before cancelling; a repeat answers from the row.
    expect(provider.asked).toEqual([reference]);
    expect((await cancel(token, reference)).json()).toMatchObject({ status: 'failed' });
    expect(provider.asked).toEqual([reference]);
    expect(await credits(userId)).toEqual([]);
  });

  it('another player, staff and anonymous callers cannot cancel it', async () => {
    const { token } = await buyer();
    const reference = await start(token);
    const other = await buyer('other');
    const { token: bossToken } = await register(t.app, { username: 'boss' });
    await t.app.accounts.setRole('boss', 'admin');

    for (const caller of [other.token, bossToken]) {
      const res = await cancel(caller, reference);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'payment_not_found' });
    }
    expect((await cancel(null, reference)).statusCode).toBe(401);
    expect((await cancel(token, 'spar-unknown')).statusCode).toBe(404);
    expect((await cancel(token, '')).statusCode).toBe(400);
    expect(await payment(reference)).toEqual({ status: 'pending', failure_reason: null });
  });

  it('a payment the provider reports paid is completed and credited, never cancelled', async () => {
    const { token, userId } = await buyer();
    const reference = await start(token);
    provider.answers.set(reference, 'success');
    expect((await cancel(token, reference)).json()).toEqual({
      success: true,
      status: 'completed',
      balance: { currency: 500, premiumCurrency: 0 },
    });
    expect(await credits(userId)).toEqual([{ delta: 500, reason: 'payment', reference }]);
  });

  it('the same cancel sent 50 times at once, with the payment paid meanwhile, credits it exactly once', async () => {
    const { token, userId } = await buyer();
    const reference = await start(token);
    provider.answers.set(reference, 'success');
    const answers = await Promise.all(Array.from({ length: 50 }, () => cancel(token, reference)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ success: true, status: 'completed' });
    }
    expect(await credits(userId)).toEqual([{ delta: 500, reason: 'payment', reference }]);
  });

  it('the same cancel sent 50 times at once on an unpaid payment cancels it once and credits nothing', async () => {
    const { token, userId } = await buyer();
    const reference = await start(token);
    const answers = await Promise.all(Array.from({ length: 50 }, () => cancel(token, reference)));
    for (const answer of answers) expect(answer.json()).toMatchObject({ success: false, status: 'failed' });
    expect(await payment(reference)).toEqual({ status: 'failed', failure_reason: CANCELLED });
    expect(await credits(userId)).toEqual([]);
  });

  it('cancels and success webhooks arriving at once complete the payment and credit it once', async () => {
    const { token, userId } = await buyer();
    const reference = await start(token);
    // The player pays just as they press Cancel: some cancels may be asked before the provider knows.
    const racing = [
      ...Array.from({ length: 25 }, () => cancel(token, reference)),
      ...Array.from({ length: 25 }, () => webhook(reference)),
    ];
    provider.answers.set(reference, 'success');
    for (const answer of await Promise.all(racing)) expect(answer.statusCode, answer.body).toBe(200);
    expect(await payment(reference)).toMatchObject({ status: 'completed' });
    expect(await credits(userId)).toEqual([{ delta: 500, reason: 'payment', reference }]);
  });

  it('a payment cancelled here and then paid at the provider is credited once when its webhook arrives', async () => {
    const { token, userId } = await buyer();
    const reference = await start(token);
    await cancel(token, reference);
    provider.answers.set(reference, 'success');
    await Promise.all(Array.from({ length: 5 }, () => webhook(reference)));
    expect(await payment(reference)).toMatchObject({ status: 'completed' });
    expect(await credits(userId)).toEqual([{ delta: 500, reason: 'payment', reference }]);
  });

  it('when the provider does not answer, a cancel is refused with 503 and the payment stays pending', async () => {
    const { token } = await buyer();
    const reference = await start(token);
    provider.down = true;
    const res = await cancel(token, reference);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'payment_provider_unavailable' });
    expect(await payment(reference)).toEqual({ status: 'pending', failure_reason: null });
  });

  it('the sweep asks the provider about payments pending too long: paid ones credit, declined fail, the rest expire', async () => {
    const { token, userId } = await buyer();
    const [paid, declined, open] = [await start(token), await start(token), await start(token)];
    provider.answers.set(paid, 'success');
    provider.answers.set(declined, 'failed');
    t.clock.advance(PAYMENT_EXPIRY_MS - 60_000);
    const recent = await start(token);
    t.clock.advance(60_000);

    // Even two sweeps at once (a lock whose lease ran out) credit the paid one once.
    const ended = await Promise.all([t.app.payments.expireStale(), t.app.payments.expireStale()]);
    expect(ended.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(3);
    expect(await payment(paid)).toMatchObject({ status: 'completed' });
    expect(await payment(declined)).toEqual({ status: 'failed', failure_reason: 'The payment was declined' });
    expect(await payment(open)).toEqual({ status: 'failed', failure_reason: EXPIRED });
    // Younger than the expiry time: not asked about, still pending.
    expect(await payment(recent)).toEqual({ status: 'pending', failure_reason: null });
    expect(provider.asked).not.toContain(recent);
    expect(await credits(userId)).toEqual([{ delta: 500, reason: 'payment', reference: paid }]);
    expect(await t.app.payments.expireStale()).toBe(0);

    // An expired payment the player pays after all is still credited, once.
    provider.answers.set(open, 'success');
    await Promise.all([webhook(open), webhook(open)]);
    expect(await payment(open)).toMatchObject({ status: 'completed' });
    expect(await credits(userId)).toHaveLength(2);
  });

  it('the sweep leaves a payment pending while the provider does not answer, and ends it once it does', async () => {
    const { token } = await buyer();
    const reference = await start(token);
    t.clock.advance(PAYMENT_EXPIRY_MS);
    provider.down = true;
    expect(await t.app.payments.expireStale()).toBe(0);
    expect(await payment(reference)).toEqual({ status: 'pending', failure_reason: null });
    provider.down = false;
    expect(await t.app.payments.expireStale()).toBe(1);
    expect(await payment(reference)).toEqual({ status: 'failed', failure_reason: EXPIRED });
  });

  it('the sweep ends a payment the provider does not know once, crediting nothing, and asks no more about it', async () => {
    const { token, userId } = await buyer();
    const reference = await start(token);
    provider.unknown.add(reference);
    t.clock.advance(PAYMENT_EXPIRY_MS);

    // Two sweeps due at once on one node: the second finds the first running and does nothing.
    const ended = await Promise.all([t.app.payments.sweep(), t.app.payments.sweep()]);
    expect(ended.filter((n) => n !== null)).toEqual([1]);
    expect(ended).toContain(null);
    expect(await payment(reference)).toEqual({ status: 'failed', failure_reason: EXPIRED });
    expect(await credits(userId)).toEqual([]);
    for (let run = 0; run < 3; run++) expect(await t.app.payments.sweep()).toBe(0);
    expect(provider.asked).toEqual([reference]);

    // Should the provider report it paid after all, it is credited, once.
    provider.unknown.delete(reference);
    provider.answers.set(reference, 'success');
    await Promise.all([webhook(reference), webhook(reference)]);
    expect(await payment(reference)).toMatchObject({ status: 'completed' });
    expect(await credits(userId)).toEqual([{ delta: 500, reason: 'payment', reference }]);
  });

  it('a payment the provider does not know is cancelled at once, and verifying it answers pending', async () => {
    const { token } = await buyer();
    const [cancelled, checked] = [await start(token), await start(token)];
    provider.unknown.add(cancelled);
    provider.unknown.add(checked);
    const verified = await t.app.inject({
      url: `/api/currency/paystack/verify?reference=${checked}`,
      headers: bearer(token),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ success: false, status: 'pending' });
    const res = await cancel(token, cancelled);
    expect(res.statusCode, res.body).toBe(200);
    expect(await payment(cancelled)).toEqual({ status: 'failed', failure_reason: CANCELLED });
  });

  it('the purchase history lists coin and gem packs paid with money next to items bought with coins', async () => {
    const { token } = await buyer();
    const reference = await start(token);
    provider.answers.set(reference, 'success');
    await cancel(token, reference);
    t.clock.advance(1000);
    const avatar = await t.app.db.kysely
      .insertInto('shop_items')
      .values({
        sku: 'test-avatar',
        kind: 'avatar',
        name: 'Fox',
        description: 'A fox',
        image_url: '/shop/fox.svg',
        created_at: t.clock.now(),
        price: 100,
        currency_type: 'regular',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/currency/shop/${avatar.id}/purchase`,
      headers: bearer(token),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    // Never paid: not in the history.
    await cancel(token, await start(token));

    const history = await t.app.inject({ url: '/api/currency/purchases', headers: bearer(token) });
    expect(history.json()).toMatchObject([
      { kind: 'avatar', name: 'Fox', price: 100, paymentReference: null, moneyPrice: null },
      {
        kind: 'coin_pack',
        name: '500 coins',
        shopItemId: pack,
        price: 0,
        currencyType: 'regular',
        paymentReference: reference,
        moneyPrice: 150_000,
        moneyCurrency: 'NGN',
        isActive: true,
      },
    ]);
    expect(history.json()).toHaveLength(2);
  });
});

describe.each(DIALECTS)("the test checkout's Cancel on %s", (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(dialect);
  });
  afterEach(() => t.close());

  it('Cancel and go back abandons the payment, and Pay pressed afterwards credits nothing', async () => {
    const { token, user } = await register(t.app, { username: 'leaver' });
    const shop = await t.app.inject({ url: '/api/currency/shop', headers: bearer(token) });
    const pack = (shop.json() as { id: number; kind: string }[]).find((item) => item.kind === 'coin_pack')!;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/currency/paystack/initialize',
      payload: { shopItemId: pack.id },
      headers: bearer(token),
    });
    const { reference } = started.json() as { reference: string };
    const page = await t.app.inject({ url: `/payments/test-checkout/${reference}` });
    expect(page.body).toContain(`action="/payments/test-checkout/${reference}/cancel"`);
    const press = (button: string) =>
      t.app.inject({
        method: 'POST',
        url: `/payments/test-checkout/${reference}/${button}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    const left = await press('cancel');
    expect(left.statusCode).toBe(303);
    expect(left.headers.location).toBe(`http://spar.test/shop?reference=${reference}`);
    expect((await press('pay')).statusCode).toBe(303);
    const row = await t.app.db.kysely
      .selectFrom('payments')
      .select(['status', 'failure_reason'])
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', failure_reason: 'The payment was abandoned' });
    const ledger = await t.app.db.kysely
      .selectFrom('ledger_entries')
      .select('id')
      .where('user_id', '=', user.id)
      .where('reason', '=', 'payment')
      .execute();
    expect(ledger).toEqual([]);
  });
});

describe.skipIf(!REDIS_URL || !process.env.DATABASE_URL)(
  'the payments sweep on two nodes sharing PostgreSQL and Redis',
  () => {
    const nodes: TestApp[] = [];
    let prefix = '';
    afterEach(async () => {
      // The first node owns the test schema: it closes last and drops it.
      for (const node of nodes.splice(0).reverse()) await node.close();
      await dropPrefix(REDIS_URL!, prefix);
    });

    it('runs on one node at a time: each stale payment is asked about once and ended once', async () => {
      prefix = testPrefix();
      const provider = new ScriptedProvider();
      // Slow enough that the two sweeps overlap for the whole run.
      provider.delayMs = 20;
      const env = (nodeId: string) => ({ REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, NODE_ID: nodeId });
      const first = await createTestApp('postgres', env('n1'), { paymentProvider: provider });
      nodes.push(first);
      const second = await createTestApp(
        'sqlite',
        { ...env('n2'), DATABASE_URL: first.config.databaseUrl! },
        { paymentProvider: provider },
      );
      nodes.push(second);

      const pack = await addPack(first);
      const { token, user } = await register(first.app, { username: 'buyer' });
      const references: string[] = [];
      for (let i = 0; i < 4; i++) references.push(await startPayment(first, token, pack));
      provider.unknown.add(references[0]!);
      provider.answers.set(references[1]!, 'success');
      for (const node of nodes) node.clock.advance(PAYMENT_EXPIRY_MS);

      const ended = await Promise.all([first.app.payments.sweep(), second.app.payments.sweep()]);
      expect(ended.filter((n) => n !== null)).toEqual([4]);
      expect(ended).toContain(null);
      expect([...provider.asked].sort()).toEqual([...references].sort());
      const rows = await first.app.db.kysely
        .selectFrom('payments')
        .select(['reference', 'status'])
        .orderBy('id')
        .execute();
      expect(rows.map((r) => r.status)).toEqual(['failed', 'completed', 'failed', 'failed']);
      const credited = await first.app.db.kysely
        .selectFrom('ledger_entries')
        .select(['delta', 'reference'])
        .where('user_id', '=', user.id)
        .execute();
      expect(credited).toEqual([{ delta: 500, reference: references[1] }]);

      // The lock was let go: the other node sweeps next time, and finds nothing left.
      expect(await second.app.payments.sweep()).toBe(0);
    });
  },
);

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PaystackProvider } from '../../infra/payments';
import { FakePaystack } from '../../testing/fake-paystack';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';

/** The packs these tests sell (the catalogue is seeded elsewhere; each test brings its own). */
async function insertItems(t: TestApp) {
  const base = { description: 'A pack', image_url: '/shop/pack.svg', created_at: t.clock.now() };
  const coins = await t.app.db.kysely
    .insertInto('shop_items')
    .values({
      ...base,
      sku: 'test-coins-500',
      kind: 'coin_pack',
      name: '500 coins',
      money_price: 150_000,
      money_currency: 'NGN',
      grant_amount: 500,
      grant_currency_type: 'regular',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const gems = await t.app.db.kysely
    .insertInto('shop_items')
    .values({
      ...base,
      sku: 'test-gems-50',
      kind: 'gem_pack',
      name: '50 gems',
      money_price: 250_000,
      money_currency: 'NGN',
      grant_amount: 50,
      grant_currency_type: 'premium',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const avatar = await t.app.db.kysely
    .insertInto('shop_items')
    .values({
      ...base,
      sku: 'test-avatar',
      kind: 'avatar',
      name: 'Fox',
      price: 100,
      currency_type: 'regular',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { coins: coins.id, gems: gems.id, avatar: avatar.id };
}

async function ledgerOf(t: TestApp, userId: number) {
  return t.app.db.kysely
    .selectFrom('ledger_entries')
    .select(['currency_type', 'delta', 'reason', 'reference'])
    .where('user_id', '=', userId)
    .execute();
}

async function paymentRow(t: TestApp, reference: string) {
  return t.app.db.kysely
    .selectFrom('payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirstOrThrow();
}

function initialize(t: TestApp, token: string, shopItemId: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/currency/paystack/initialize',
    payload: { shopItemId },
    headers: bearer(token),
  });
}

function verify(t: TestApp, token: string | null, reference: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/currency/paystack/verify?reference=${encodeURIComponent(reference)}`,
    headers: token ? bearer(token) : {},
  });
}

function sendWebhook(t: TestApp, body: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/paystack/webhook',
    payload: body,
    headers: {
      'content-type': 'application/json',
      ...(signature ? { 'x-paystack-signature': signature } : {}),
    },
  });
}

describe.each(DIALECTS)('Paystack payments on %s', (dialect) => {
  let t: TestApp;
  let paystack: FakePaystack;
  let items: Awaited<ReturnType<typeof insertItems>>;

  beforeEach(async () => {
    paystack = new FakePaystack();
    const baseUrl = await paystack.start();
    t = await createTestApp(dialect, { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: baseUrl });
    items = await insertItems(t);
  });
  afterEach(async () => {
    await t.close();
    await paystack.stop();
  });

  /** A player with one payment started for the coin pack. */
  async function started(username = 'buyer', email?: string) {
    const { token, user } = await register(t.app, { username, ...(email ? { email } : {}) });
    const res = await initialize(t, token, items.coins);
    expect(res.statusCode, res.body).toBe(200);
    const { reference } = res.json() as { reference: string };
    return { token, userId: user.id, reference, answer: res.json() };
  }

  it('initialize asks Paystack for the pack price under our own reference and records a pending payment', async () => {
    const { token, reference, answer } = await started();
    expect(reference).toMatch(/^spar-[0-9a-f]{32}$/);
    expect(answer).toEqual({
      reference,
      authorizationUrl: 'https://checkout.paystack.com/ac_1',
      testMode: false,
    });
    const { user_id: userId } = await paymentRow(t, reference);
    expect(paystack.initializeBodies).toEqual([
      {
        amount: 150_000,
        currency: 'NGN',
        reference,
        email: `${userId}@players.spar.invalid`,
        callback_url: `http://spar.test/shop?reference=${reference}`,
      },
    ]);
    expect(await paymentRow(t, reference)).toMatchObject({
      status: 'pending',
      amount: 150_000,
      provider: 'paystack',
    });
    const pending = await t.app.inject({ url: '/api/currency/pending-transactions', headers: bearer(token) });
    expect(pending.json()).toEqual({
      pendingTransactions: [
        {
          reference,
          status: 'pending',
          shopItemId: items.coins,
          name: '500 coins',
          createdAt: t.clock.now(),
        },
      ],
    });
  });

  it("initialize sends the player's own email when they have one", async () => {
    await started('mailer', 'ama@example.com');
    expect(paystack.initializeBodies[0]).toMatchObject({ email: 'ama@example.com' });
  });

  it('initialize refuses items that are not packs, unknown items and anonymous callers', async () => {
    const { token } = await register(t.app, { username: 'picky' });
    const avatar = await initialize(t, token, items.avatar);
    expect(avatar.statusCode).toBe(400);
    expect(avatar.json()).toMatchObject({ code: 'not_a_pack' });
    const unknown = await initialize(t, token, 999_999);
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/currency/paystack/initialize',
      payload: { shopItemId: items.coins },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.app.db.kysely.selectFrom('payments').select('id').execute()).toEqual([]);
  });

  it('a successful payment credits the pack once and completes', async () => {
    const { token, userId, reference } = await started();
    paystack.settle(reference, { status: 'success' });
    const res = await verify(t, token, reference);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      status: 'completed',
      balance: { currency: 500, premiumCurrency: 0 },
    });
    // A second verify answers from our record and credits nothing more.
    const again = await verify(t, token, reference);
    expect(again.json()).toEqual(res.json());
    expect(paystack.verifyCalls).toBe(1);
    expect(await ledgerOf(t, userId)).toEqual([
      { currency_type: 'regular', delta: 500, reason: 'payment', reference },
    ]);
    const pending = await t.app.inject({ url: '/api/currency/pending-transactions', headers: bearer(token) });
    expect(pending.json()).toEqual({ pendingTransactions: [] });
  });

  it('a gem pack credits gems', async () => {
    const { token, user } = await register(t.app, { username: 'gemmy' });
    const { reference } = (await initialize(t, token, items.gems)).json() as { reference: string };
    paystack.settle(reference, { status: 'success' });
    expect((await verify(t, token, reference)).json()).toMatchObject({
      status: 'completed',
      balance: { currency: 0, premiumCurrency: 50 },
    });
    expect(await ledgerOf(t, user.id)).toEqual([
      { currency_type: 'premium', delta: 50, reason: 'payment', reference },
    ]);
  });

  for (const status of ['failed', 'abandoned', 'reversed'] as const) {
    it(`a ${status} payment ends failed and credits nothing`, async () => {
      const { token, userId, reference } = await started();
      paystack.settle(reference, { status });
      expect((await verify(t, token, reference)).json()).toEqual({
        success: false,
        status: 'failed',
        balance: { currency: 0, premiumCurrency: 0 },
      });
      expect(await ledgerOf(t, userId)).toEqual([]);
    });
  }

  it('a payment still in progress at Paystack stays pending', async () => {
    const { token, reference } = await started();
    paystack.settle(reference, { status: 'ongoing' });
    expect((await verify(t, token, reference)).json()).toMatchObject({ success: false, status: 'pending' });
    expect((await paymentRow(t, reference)).status).toBe('pending');
  });

  it('a Paystack that does not answer in time leaves the payment pending with a clear error', async () => {
    // The same app, but an adapter with a short timeout (the default is 10 s).
    await t.close();
    t = await createTestApp(
      dialect,
      {},
      {
        paymentProvider: new PaystackProvider({
          secretKey: paystack.secretKey,
          baseUrl: await restart(paystack),
          timeoutMs: 200,
        }),
      },
    );
    items = await insertItems(t);
    const { token, userId, reference } = await started();
    paystack.settle(reference, { status: 'success' });
    paystack.delayMs = 2_000;
    const res = await verify(t, token, reference);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The payment provider did not answer. Please try again in a moment.',
      code: 'payment_provider_unavailable',
    });
    expect((await paymentRow(t, reference)).status).toBe('pending');
    expect(await ledgerOf(t, userId)).toEqual([]);
    // Once Paystack answers again, the same payment completes.
    paystack.delayMs = 0;
    expect((await verify(t, token, reference)).json()).toMatchObject({ status: 'completed' });
  });

  it('a payment of the wrong amount or currency fails with a reason and credits nothing', async () => {
    const { token, userId, reference } = await started();
    paystack.settle(reference, { status: 'success', paidAmount: 100 });
    expect((await verify(t, token, reference)).json()).toMatchObject({ success: false, status: 'failed' });
    expect((await paymentRow(t, reference)).failure_reason).toBe('Paid 100 NGN, expected 150000 NGN');

    const other = await initialize(t, token, items.coins);
    const second = (other.json() as { reference: string }).reference;
    paystack.settle(second, { status: 'success', paidCurrency: 'GHS' });
    expect((await verify(t, token, second)).json()).toMatchObject({ status: 'failed' });
    expect(await ledgerOf(t, userId)).toEqual([]);
    // A later genuine-looking webhook does not revive a mismatched payment.
    const hook = paystack.webhook('charge.success', reference);
    expect((await sendWebhook(t, hook.body, hook.signature)).statusCode).toBe(200);
    expect(await ledgerOf(t, userId)).toEqual([]);
  });

  it('20 concurrent verifies of one successful payment credit it once', async () => {
    const { token, userId, reference } = await started();
    paystack.settle(reference, { status: 'success' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => verify(t, token, reference)));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ success: true, status: 'completed' });
    }
    expect(await ledgerOf(t, userId)).toEqual([
      { currency_type: 'regular', delta: 500, reason: 'payment', reference },
    ]);
    expect((await verify(t, token, reference)).json()).toMatchObject({ balance: { currency: 500 } });
  });

  it('a signed charge.success webhook credits once, however often it is replayed', async () => {
    const { token, userId, reference } = await started();
    paystack.settle(reference, { status: 'success' });
    const hook = paystack.webhook('charge.success', reference);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => sendWebhook(t, hook.body, hook.signature)),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect((await sendWebhook(t, hook.body, hook.signature)).json()).toEqual({ received: true });
    expect(await ledgerOf(t, userId)).toEqual([
      { currency_type: 'regular', delta: 500, reason: 'payment', reference },
    ]);
    expect((await verify(t, token, reference)).json()).toMatchObject({
      status: 'completed',
      balance: { currency: 500 },
    });
  });

  it('a webhook settles as Paystack verifies it, not as its body claims', async () => {
    const { userId, reference } = await started();
    // Signed, but Paystack itself says the charge has not succeeded.
    const hook = paystack.webhook('charge.success', reference);
    expect((await sendWebhook(t, hook.body, hook.signature)).statusCode).toBe(200);
    expect(await ledgerOf(t, userId)).toEqual([]);
    expect((await paymentRow(t, reference)).status).toBe('failed');
  });

  it('a player who abandoned the checkout and then paid is credited when the webhook arrives', async () => {
    const { token, userId, reference } = await started();
    expect((await verify(t, token, reference)).json()).toMatchObject({ status: 'failed' });
    paystack.settle(reference, { status: 'success' });
    const hook = paystack.webhook('charge.success', reference);
    expect((await sendWebhook(t, hook.body, hook.signature)).statusCode).toBe(200);
    expect((await verify(t, token, reference)).json()).toMatchObject({
      status: 'completed',
      balance: { currency: 500 },
    });
    expect(await ledgerOf(t, userId)).toHaveLength(1);
  });

  it('a forged, tampered or missing signature is refused with 401 and credits nothing', async () => {
    const { userId, reference } = await started();
    paystack.settle(reference, { status: 'success' });
    const forged = paystack.webhook('charge.success', reference, 'sk_test_not_the_key');
    const genuine = paystack.webhook('charge.success', reference);
    const tampered = genuine.body.replace('"id":4099260516', '"id":4099260517');
    for (const [body, signature] of [
      [forged.body, forged.signature],
      [tampered, genuine.signature],
      [genuine.body, undefined],
      [genuine.body, 'not-hex'],
    ] as const) {
      const res = await sendWebhook(t, body, signature);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_signature', message: 'Invalid webhook signature' });
    }
    expect(paystack.verifyCalls).toBe(0);
    expect(await ledgerOf(t, userId)).toEqual([]);
    expect((await paymentRow(t, reference)).status).toBe('pending');
  });

  it('webhooks for unknown references and other events are acknowledged and ignored', async () => {
    const { userId, reference } = await started();
    paystack.settle(reference, { status: 'success' });
    const unknown = paystack.webhook('charge.success', 'spar-nobody');
    expect((await sendWebhook(t, unknown.body, unknown.signature)).json()).toEqual({ received: true });
    const other = paystack.webhook('transfer.success', reference);
    expect((await sendWebhook(t, other.body, other.signature)).json()).toEqual({ received: true });
    expect(paystack.verifyCalls).toBe(0);
    expect(await ledgerOf(t, userId)).toEqual([]);
  });

  it('a webhook body over the limit is refused before anything is read', async () => {
    const body = JSON.stringify({
      event: 'charge.success',
      data: { reference: 'x', pad: 'a'.repeat(70_000) },
    });
    const res = await sendWebhook(t, body, 'a'.repeat(128));
    expect(res.statusCode).toBe(413);
  });

  it("verify answers only the caller's own payments", async () => {
    const { reference } = await started('owner');
    const { token: otherToken } = await register(t.app, { username: 'snoop' });
    paystack.settle(reference, { status: 'success' });
    expect((await verify(t, null, reference)).statusCode).toBe(401);
    const other = await verify(t, otherToken, reference);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Payment not found', code: 'payment_not_found' });
    expect((await verify(t, otherToken, 'spar-unknown')).statusCode).toBe(404);
    expect(paystack.verifyCalls).toBe(0);
    const pending = await t.app.inject({
      url: '/api/currency/pending-transactions',
      headers: bearer(otherToken),
    });
    expect(pending.json()).toEqual({ pendingTransactions: [] });
    expect((await t.app.inject({ url: '/api/currency/pending-transactions' })).statusCode).toBe(401);
  });

  it('pending payments are listed newest first', async () => {
    const { token } = await register(t.app, { username: 'many' });
    const first = (await initialize(t, token, items.coins)).json() as { reference: string };
    t.clock.advance(1000);
    const second = (await initialize(t, token, items.gems)).json() as { reference: string };
    const res = await t.app.inject({ url: '/api/currency/pending-transactions', headers: bearer(token) });
    expect(
      (res.json() as { pendingTransactions: { reference: string }[] }).pendingTransactions.map(
        (p) => p.reference,
      ),
    ).toEqual([second.reference, first.reference]);
  });

  it('when Paystack refuses to start a payment, the answer is 503 and the payment is failed', async () => {
    // The same fake, but this server holds the wrong secret key.
    await t.close();
    t = await createTestApp(dialect, {
      PAYSTACK_SECRET_KEY: 'sk_wrong',
      PAYSTACK_BASE_URL: await restart(paystack),
    });
    items = await insertItems(t);
    const { token } = await register(t.app, { username: 'refused' });
    const res = await initialize(t, token, items.coins);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'payment_provider_unavailable' });
    const rows = await t.app.db.kysely.selectFrom('payments').select(['status', 'failure_reason']).execute();
    expect(rows).toEqual([{ status: 'failed', failure_reason: 'The payment could not be started' }]);
  });

  it('the test checkout does not exist when Paystack takes payments', async () => {
    const { reference } = await started();
    const res = await t.app.inject({ url: `/payments/test-checkout/${reference}` });
    expect(res.statusCode).toBe(404);
    const pay = await t.app.inject({ method: 'POST', url: `/payments/test-checkout/${reference}/pay` });
    expect(pay.statusCode).toBe(404);
    expect((await paymentRow(t, reference)).status).toBe('pending');
  });
});

/** Stops and starts the fake on a fresh port (its transactions kept), for a rebuilt app. */
async function restart(paystack: FakePaystack): Promise<string> {
  await paystack.stop();
  return paystack.start();
}

describe.each(DIALECTS)('the test payment provider on %s', (dialect) => {
  let t: TestApp;
  let items: Awaited<ReturnType<typeof insertItems>>;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    items = await insertItems(t);
  });
  afterEach(() => t.close());

  async function startTest(username: string, shopItemId = items.coins) {
    const { token, user } = await register(t.app, { username });
    const res = await initialize(t, token, shopItemId);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { reference: string; authorizationUrl: string; testMode: boolean };
    return { token, userId: user.id, ...answer };
  }

  function press(reference: string, button: 'pay' | 'fail') {
    return t.app.inject({
      method: 'POST',
      url: `/payments/test-checkout/${reference}/${button}`,
      // What a browser sends for a form without fields.
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  }

  it('initialize → checkout page → Pay → back to the shop → verify completes and credits', async () => {
    const { token, userId, reference, authorizationUrl, testMode } = await startTest('tester');
    expect(testMode).toBe(true);
    expect(authorizationUrl).toBe(`http://spar.test/payments/test-checkout/${reference}`);

    const page = await t.app.inject({ url: new URL(authorizationUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('Test payment — no real money moves');
    expect(page.body).toContain('500 coins');
    expect(page.body).toContain('NGN 1,500.00');
    expect(page.body).toContain(`action="/payments/test-checkout/${reference}/pay"`);
    expect(page.body).toContain(`action="/payments/test-checkout/${reference}/fail"`);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("form-action 'self' http://spar.test");
    expect(policy).toContain("default-src 'none'");

    const paid = await press(reference, 'pay');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://spar.test/shop?reference=${reference}`);

    expect((await verify(t, token, reference)).json()).toEqual({
      success: true,
      status: 'completed',
      balance: { currency: 500, premiumCurrency: 0 },
    });
    // Pressing Pay again (back button, double submit) changes nothing.
    expect((await press(reference, 'pay')).statusCode).toBe(303);
    expect((await press(reference, 'fail')).statusCode).toBe(303);
    expect(await ledgerOf(t, userId)).toEqual([
      { currency_type: 'regular', delta: 500, reason: 'payment', reference },
    ]);
    const after = await t.app.inject({ url: `/payments/test-checkout/${reference}` });
    expect(after.body).toContain('already completed');
    expect(after.body).not.toContain('/pay"');
  });

  it('Fail ends the payment failed and credits nothing', async () => {
    const { token, userId, reference } = await startTest('failer');
    const failed = await press(reference, 'fail');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`http://spar.test/shop?reference=${reference}`);
    expect((await verify(t, token, reference)).json()).toEqual({
      success: false,
      status: 'failed',
      balance: { currency: 0, premiumCurrency: 0 },
    });
    expect((await press(reference, 'pay')).statusCode).toBe(303);
    expect(await ledgerOf(t, userId)).toEqual([]);
  });

  it('concurrent Pay presses and verifies credit once', async () => {
    const { token, userId, reference } = await startTest('racer');
    await Promise.all([
      ...Array.from({ length: 5 }, () => press(reference, 'pay')),
      ...Array.from({ length: 5 }, () => verify(t, token, reference)),
    ]);
    expect((await verify(t, token, reference)).json()).toMatchObject({
      status: 'completed',
      balance: { currency: 500 },
    });
    expect(await ledgerOf(t, userId)).toHaveLength(1);
  });

  it('a payment not yet paid stays pending; unknown references are 404; webhooks are refused', async () => {
    const { token, reference } = await startTest('waiter');
    expect((await verify(t, token, reference)).json()).toMatchObject({ status: 'pending' });
    expect((await t.app.inject({ url: '/payments/test-checkout/spar-nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/payments/test-checkout/bad%20ref' })).statusCode).toBe(404);
    expect((await press('spar-nothing', 'pay')).statusCode).toBe(404);
    const hook = await sendWebhook(
      t,
      JSON.stringify({ event: 'charge.success', data: { reference } }),
      'a'.repeat(128),
    );
    expect(hook.statusCode).toBe(401);
    expect((await paymentRow(t, reference)).status).toBe('pending');
  });
});

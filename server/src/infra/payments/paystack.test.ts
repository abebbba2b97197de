import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakePaystack } from '../../testing/fake-paystack';
import { PaystackProvider } from './paystack';
import { PaymentProviderError, PaymentUnknownToProvider } from './provider';
import { TestPaymentProvider } from './test-provider';

const request = (reference: string) => ({
  amount: 150_000,
  currency: 'NGN',
  reference,
  email: 'ama@example.com',
  callbackUrl: `https://spar.example/shop?reference=${reference}`,
});

describe('the Paystack adapter', () => {
  let paystack: FakePaystack;
  let provider: PaystackProvider;
  beforeEach(async () => {
    paystack = new FakePaystack();
    provider = new PaystackProvider({
      secretKey: paystack.secretKey,
      baseUrl: await paystack.start(),
      timeoutMs: 300,
    });
  });
  afterEach(() => paystack.stop());

  it('initializes with the amount in the minor unit and returns the authorization URL', async () => {
    expect(await provider.initialize(request('spar-1'))).toEqual({
      authorizationUrl: 'https://checkout.paystack.com/ac_1',
    });
    expect(paystack.initializeBodies).toEqual([
      {
        amount: 150_000,
        currency: 'NGN',
        reference: 'spar-1',
        email: 'ama@example.com',
        callback_url: 'https://spar.example/shop?reference=spar-1',
      },
    ]);
  });

  it("maps Paystack's transaction states onto ours, with what was paid", async () => {
    await provider.initialize(request('spar-2'));
    const seen: Record<string, unknown> = {};
    for (const status of ['success', 'failed', 'reversed', 'abandoned', 'ongoing', 'pending'] as const) {
      paystack.settle('spar-2', { status });
      seen[status] = await provider.verify('spar-2');
    }
    const paid = { amount: 150_000, currency: 'NGN' };
    expect(seen).toEqual({
      success: { status: 'success', ...paid },
      failed: { status: 'failed', ...paid },
      reversed: { status: 'failed', ...paid },
      abandoned: { status: 'abandoned', ...paid },
      ongoing: { status: 'pending', ...paid },
      pending: { status: 'pending', ...paid },
    });
  });

  it('takes a 400 as "not found" only when Paystack says so, by its code or its message', async () => {
    const answering = (status: number, body: object) =>
      new PaystackProvider({
        secretKey: 'sk_test',
        baseUrl: 'https://paystack.invalid',
        fetch: async () => new Response(JSON.stringify(body), { status }),
      });
    const notFound = { status: false, message: 'Transaction reference not found' };
    await expect(answering(400, notFound).verify('spar-x')).rejects.toBeInstanceOf(PaymentUnknownToProvider);
    await expect(
      answering(400, { status: false, message: 'No such thing', code: 'transaction_not_found' }).verify(
        'spar-x',
      ),
    ).rejects.toBeInstanceOf(PaymentUnknownToProvider);
    for (const [status, body] of [
      [400, { status: false, message: 'Invalid reference' }],
      [500, notFound],
      [429, { status: false, message: 'Too many requests', code: 'rate_limited' }],
    ] as const) {
      const error = await answering(status, body)
        .verify('spar-x')
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect(error).not.toBeInstanceOf(PaymentUnknownToProvider);
    }
  });

  it('reports a refusal, a timeout and an unreachable Paystack as provider errors', async () => {
    // A reference Paystack was never given is told apart: the payments sweep ends such a payment.
    await expect(provider.verify('spar-unknown')).rejects.toThrow(
      new PaymentUnknownToProvider('Paystack refused (400): Transaction reference not found'),
    );
    paystack.delayMs = 2_000;
    await expect(provider.verify('spar-unknown')).rejects.toThrow(
      new PaymentProviderError('Paystack did not answer within 300 ms'),
    );
    const unreachable = new PaystackProvider({
      secretKey: 'sk_wrong',
      baseUrl: 'http://127.0.0.1:1',
      timeoutMs: 300,
    });
    await expect(unreachable.verify('spar-x')).rejects.toThrow(/Paystack could not be reached/);
  });

  it('accepts only the hex HMAC-SHA512 of the raw body under the secret key', () => {
    const body = Buffer.from('{"event":"charge.success","data":{"reference":"spar-3"}}');
    const sign = (key: string, bytes: Buffer) => createHmac('sha512', key).update(bytes).digest('hex');
    expect(provider.verifyWebhookSignature(body, sign(paystack.secretKey, body))).toBe(true);
    expect(provider.verifyWebhookSignature(body, sign(paystack.secretKey, body).toUpperCase())).toBe(true);
    expect(provider.verifyWebhookSignature(body, sign('sk_other', body))).toBe(false);
    expect(provider.verifyWebhookSignature(Buffer.from(`${body} `), sign(paystack.secretKey, body))).toBe(
      false,
    );
    expect(provider.verifyWebhookSignature(body, undefined)).toBe(false);
    expect(provider.verifyWebhookSignature(body, '')).toBe(false);
    expect(provider.verifyWebhookSignature(body, sign(paystack.secretKey, body).slice(0, 64))).toBe(false);
  });
});

describe('the test provider', () => {
  it('checks out on our own page and reports what its buttons recorded', async () => {
    const provider = new TestPaymentProvider('https://spar.example');
    expect(await provider.initialize(request('spar-4'))).toEqual({
      authorizationUrl: 'https://spar.example/payments/test-checkout/spar-4',
    });
    expect(await provider.verify('spar-4')).toEqual({ status: 'pending', amount: null, currency: null });
    provider.record('spar-4', 'success', 150_000, 'NGN');
    expect(await provider.verify('spar-4')).toEqual({ status: 'success', amount: 150_000, currency: 'NGN' });
    expect(provider.verifyWebhookSignature()).toBe(false);
  });
});

import type { InitializeRequest, PaymentProvider, ProviderStatus, Verification } from './provider';

/** How many checkout outcomes the test provider remembers (oldest forgotten first). */
const REMEMBERED = 10_000;

/**
 * Stands in for Paystack when no secret key is configured, so the whole flow works out of the
 * box: its checkout is our own page (`GET /payments/test-checkout/<reference>`), whose Pay and
 * Fail buttons record the outcome here. No real money moves.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';
  readonly testMode = true;
  private readonly outcomes = new Map<string, Verification>();

  constructor(private readonly publicUrl: string) {}

  async initialize(request: InitializeRequest): Promise<{ authorizationUrl: string }> {
    return {
      authorizationUrl: `${this.publicUrl}/payments/test-checkout/${encodeURIComponent(request.reference)}`,
    };
  }

  async verify(reference: string): Promise<Verification> {
    return this.outcomes.get(reference) ?? { status: 'pending', amount: null, currency: null };
  }

  /** The checkout page's buttons: what the player "paid". */
  record(
    reference: string,
    status: Exclude<ProviderStatus, 'pending'>,
    amount: number,
    currency: string,
  ): void {
    if (this.outcomes.size >= REMEMBERED) this.outcomes.delete(this.outcomes.keys().next().value!);
    this.outcomes.set(reference, { status, amount: status === 'success' ? amount : null, currency });
  }

  /** Nothing outside this process can speak for the test provider. */
  verifyWebhookSignature(): boolean {
    return false;
  }
}

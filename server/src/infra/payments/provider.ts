/**
 * The seam between our payments and whoever takes the money: Paystack in production, the built-in
 * test provider when no secret key is configured. Amounts are whole minor units (kobo for NGN).
 */

export interface InitializeRequest {
  /** In the minor unit of `currency`. */
  amount: number;
  currency: string;
  /** Ours, unique per payment: the provider reports back under it. */
  reference: string;
  email: string;
  /** Where the provider sends the player once they have paid (or given up). */
  callbackUrl: string;
}

/**
 * What the provider says happened: `success` (the money was taken), `failed` (declined or
 * reversed), `abandoned` (the player left the checkout), `pending` (not decided yet).
 */
export type ProviderStatus = 'success' | 'failed' | 'abandoned' | 'pending';

export interface Verification {
  status: ProviderStatus;
  /** What was actually paid, in the minor unit, and in which currency (null when not known). */
  amount: number | null;
  currency: string | null;
}

export interface PaymentProvider {
  /** Stored on each payment row: which provider a reference belongs to. */
  readonly name: 'paystack' | 'test';
  /** True for the built-in provider, where no real money moves. */
  readonly testMode: boolean;
  /** Starts a transaction and returns the page to send the player to. */
  initialize(request: InitializeRequest): Promise<{ authorizationUrl: string }>;
  verify(reference: string): Promise<Verification>;
  /** Whether a webhook body really comes from the provider. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}

/** The provider did not answer, or answered something we cannot use; nothing was settled. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/**
 * The provider answered that it has no payment under this reference: it was never started there,
 * so nothing was paid on it (yet). Nothing was settled; the payments sweep ends such a payment.
 */
export class PaymentUnknownToProvider extends PaymentProviderError {
  override name = 'PaymentUnknownToProvider';
}

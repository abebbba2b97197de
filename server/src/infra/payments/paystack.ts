import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  PaymentProviderError,
  PaymentUnknownToProvider,
  type InitializeRequest,
  type PaymentProvider,
  type ProviderStatus,
  type Verification,
} from './provider';

export interface PaystackOptions {
  secretKey: string;
  /** https://api.paystack.co, or a local fake in tests. */
  baseUrl: string;
  /** A request to Paystack that takes longer is abandoned (the payment stays pending). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

// Paystack wraps every answer in {status, message, data}, and names an error in `code`; only the
// fields we use are read.
const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    status: z.boolean(),
    message: z.string().optional(),
    code: z.string().optional(),
    data: data.optional().nullable(),
  });

const initializeAnswer = envelope(
  z.object({
    authorization_url: z.string().url(),
    access_code: z.string().optional(),
    reference: z.string(),
  }),
);

const verifyAnswer = envelope(
  z.object({
    status: z.string(),
    reference: z.string(),
    amount: z.number().int().nonnegative(),
    currency: z.string(),
  }),
);

/** Paystack's transaction states as ours; anything still in flight (ongoing, queued…) is pending. */
function statusOf(paystackStatus: string): ProviderStatus {
  switch (paystackStatus) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    case 'abandoned':
      return 'abandoned';
    default:
      return 'pending';
  }
}

/** The real provider: Paystack's REST API with the secret key as a bearer token. */
export class PaystackProvider implements PaymentProvider {
  readonly name = 'paystack';
  readonly testMode = false;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: PaystackOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetch = options.fetch ?? fetch;
  }

  async initialize(request: InitializeRequest): Promise<{ authorizationUrl: string }> {
    const answer = await this.call('POST', '/transaction/initialize', initializeAnswer, {
      amount: request.amount,
      currency: request.currency,
      reference: request.reference,
      email: request.email,
      callback_url: request.callbackUrl,
    });
    if (answer.data.reference !== request.reference)
      throw new PaymentProviderError('Paystack answered for another reference');
    return { authorizationUrl: answer.data.authorization_url };
  }

  async verify(reference: string): Promise<Verification> {
    const answer = await this.call(
      'GET',
      `/transaction/verify/${encodeURIComponent(reference)}`,
      verifyAnswer,
    );
    if (answer.data.reference !== reference)
      throw new PaymentProviderError('Paystack answered for another reference');
    return {
      status: statusOf(answer.data.status),
      amount: answer.data.amount,
      currency: answer.data.currency,
    };
  }

  /** Paystack signs the raw body: hex HMAC-SHA512 with the secret key, in `x-paystack-signature`. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
    const expected = createHmac('sha512', this.options.secretKey).update(rawBody).digest();
    return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  }

  private async call<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T> & { data: NonNullable<unknown> }> {
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.options.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Covers the whole exchange, body included: a slow Paystack must not hold a request open.
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new PaymentProviderError(
        timedOut
          ? `Paystack did not answer within ${this.timeoutMs} ms`
          : `Paystack could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let parsed: z.infer<T>;
    try {
      parsed = schema.parse(JSON.parse(text));
    } catch {
      throw new PaymentProviderError(`Paystack answered ${response.status} with an unexpected body`);
    }
    const { status, message, code, data } = parsed as {
      status: boolean;
      message?: string;
      code?: string;
      data?: unknown;
    };
    if (!response.ok || !status || data === undefined || data === null) {
      const refusal = `Paystack refused (${response.status}): ${message ?? 'no message'}`;
      // Its verify answers 400 "Transaction reference not found" (code transaction_not_found)
      // for a reference it was never given; see docs/operations.md, "Payments".
      const unknown =
        response.status === 400 &&
        (code === 'transaction_not_found' || /^transaction reference not found/i.test(message ?? ''));
      throw unknown ? new PaymentUnknownToProvider(refusal) : new PaymentProviderError(refusal);
    }
    return parsed as z.infer<T> & { data: NonNullable<unknown> };
  }
}

import type { PaymentsConfig } from '../../config';
import { PaystackProvider } from './paystack';
import { TestPaymentProvider } from './test-provider';

export * from './provider';
export { PaystackProvider } from './paystack';
export { TestPaymentProvider } from './test-provider';

/** Paystack when a secret key is configured; the built-in test provider otherwise. */
export function createPaymentProvider(
  config: PaymentsConfig,
  publicUrl: string,
): PaystackProvider | TestPaymentProvider {
  if (config.paystackSecretKey)
    return new PaystackProvider({ secretKey: config.paystackSecretKey, baseUrl: config.paystackBaseUrl });
  return new TestPaymentProvider(publicUrl);
}

import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import { DomainError } from '../../errors';
import { renderCheckoutPage } from './checkout-page';
import type { PaymentService } from './service';

/** Paystack's webhook bodies are a few kilobytes; nothing bigger is read before its signature. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

const referenceParamsSchema = z.object({ reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/) });
const notFound = () => new DomainError('not_found', 'Payment not found', 'payment_not_found');

export function paymentRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; payments: PaymentService; publicUrl: string },
): void {
  const auth = requireAuth(deps.authenticator);
  const { payments } = deps;

  route(
    app,
    paymentsApi.initialize,
    // Each call opens a payment with the provider: plenty for a player, not for a flood.
    { preHandler: auth, config: { rateLimit: { max: 30, timeWindow: 60_000 } } },
    async (request) => {
      const { user } = authOf(request);
      return payments.initialize({ id: user.id, email: user.email }, request.body.shopItemId);
    },
  );

  route(app, paymentsApi.verify, { preHandler: auth }, async (request) =>
    payments.verify(authOf(request).user.id, request.query.reference),
  );

  // Only the payment's owner: anyone else, staff included, is told it does not exist.
  route(app, paymentsApi.cancel, { preHandler: auth }, async (request) =>
    payments.cancel(authOf(request).user.id, request.body.reference),
  );

  route(app, paymentsApi.pending, { preHandler: auth }, async (request) => ({
    pendingTransactions: await payments.pending(authOf(request).user.id),
  }));

  // The signature covers the exact bytes Paystack sent, so this route reads its body raw
  // (whatever the content type) instead of through the JSON parser.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    route(scope, paymentsApi.webhook, {}, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-paystack-signature'];
      return payments.webhook(raw, typeof signature === 'string' ? signature : undefined);
    });
  });

  if (payments.testMode) {
    app.log.warn(
      'PAYSTACK_SECRET_KEY is not set: the test payment provider gives packs away (no real money)',
    );
    testCheckoutRoutes(app, payments, deps.publicUrl);
  }
}

/**
 * The test provider's checkout page and its two buttons (plain HTML forms, no script). Only
 * registered when the test provider takes payments.
 */
function testCheckoutRoutes(app: ContractApp, payments: PaymentService, publicUrl: string): void {
  // Stricter than the app's own policy (no scripts at all); the form may post here and its
  // answer redirect to the shop at PUBLIC_URL, which need not be this origin in development.
  const pagePolicy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `form-action 'self' ${new URL(publicUrl).origin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    // The buttons post empty url-encoded forms; there is nothing in them to read.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );

    scope.get(
      '/payments/test-checkout/:reference',
      { schema: { params: referenceParamsSchema } },
      async (request, reply) => {
        const view = await payments.testCheckout(request.params.reference);
        if (!view) throw notFound();
        return reply
          .header('content-security-policy', pagePolicy)
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(renderCheckoutPage(view));
      },
    );

    for (const outcome of ['pay', 'fail', 'cancel'] as const) {
      scope.post(
        `/payments/test-checkout/:reference/${outcome}`,
        { schema: { params: referenceParamsSchema } },
        async (request, reply) => {
          const callbackUrl = await payments.testCheckoutOutcome(request.params.reference, outcome);
          if (!callbackUrl) throw notFound();
          return reply.redirect(callbackUrl, 303);
        },
      );
    }
  });
}

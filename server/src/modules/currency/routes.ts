import {
  balanceSchema,
  purchaseResponseSchema,
  purchasesResponseSchema,
  shopItemParamsSchema,
  shopResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import type { ContractApp } from '../../http/contract';
import type { CurrencyService } from './service';

/** Balance, ledger, shop and purchases: every route private. See docs/api.md, "Economy". */
export function currencyRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; currency: CurrencyService },
): void {
  // Before validation, so an anonymous caller gets the 401 whatever the path or query holds.
  const auth = requireAuth(deps.authenticator);
  const { currency } = deps;

  app.get(
    '/api/currency/balance',
    { preValidation: auth, schema: { response: { 200: balanceSchema } } },
    async (request) => currency.balance(authOf(request).user.id),
  );

  app.get(
    '/api/currency/transactions',
    {
      preValidation: auth,
      schema: { querystring: transactionsQuerySchema, response: { 200: transactionsResponseSchema } },
    },
    async (request) =>
      currency.transactions(authOf(request).user.id, request.query.limit, request.query.before),
  );

  app.get(
    '/api/currency/shop',
    { preValidation: auth, schema: { response: { 200: shopResponseSchema } } },
    async (request) => currency.shop(authOf(request).user.id),
  );

  app.post(
    '/api/currency/shop/:id/purchase',
    {
      preValidation: auth,
      schema: { params: shopItemParamsSchema, response: { 200: purchaseResponseSchema } },
    },
    async (request) => currency.purchase(authOf(request).user.id, request.params.id),
  );

  app.get(
    '/api/currency/purchases',
    { preValidation: auth, schema: { response: { 200: purchasesResponseSchema } } },
    async (request) => currency.purchases(authOf(request).user.id),
  );
}

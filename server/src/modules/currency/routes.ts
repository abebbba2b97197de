import { currencyApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import type { CurrencyService } from './service';

/** Balance, ledger, shop and purchases: every route private. See docs/api.md, "Economy". */
export function currencyRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; currency: CurrencyService },
): void {
  // Before validation, so an anonymous caller gets the 401 whatever the path or query holds.
  const auth = { preValidation: requireAuth(deps.authenticator) };
  const { currency } = deps;

  route(app, currencyApi.balance, auth, async (request) => currency.balance(authOf(request).user.id));

  route(app, currencyApi.transactions, auth, async (request) =>
    currency.transactions(authOf(request).user.id, request.query.limit, request.query.before),
  );

  route(app, currencyApi.shop, auth, async (request) => currency.shop(authOf(request).user.id));

  route(app, currencyApi.purchase, auth, async (request) =>
    currency.purchase(authOf(request).user.id, request.params.id),
  );

  route(app, currencyApi.purchases, auth, async (request) => currency.purchases(authOf(request).user.id));
}

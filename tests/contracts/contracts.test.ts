import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, currencyApi } from '@shared/protocol';
import { createTestApp, register, type TestApp } from '../../server/src/testing/harness';

/**
 * The server's side of the REST contracts (docs/design.md, "REST contracts"): the app registers
 * exactly the endpoints of `shared/protocol` under /api, and a refusal carries a code its
 * endpoint's contract lists.
 */
describe('REST contracts', () => {
  let t: TestApp;
  const routes: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      'sqlite',
      {},
      {
        onRoute: ({ method, url }) => {
          // Fastify adds a HEAD route beside each GET; the contract is the GET.
          for (const m of [method].flat())
            if (m !== 'HEAD' && url.startsWith('/api/')) routes.push(`${m} ${url}`);
        },
      },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('every /api route of the app is a contract, and every contract is a route', () => {
    const contracts = ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`);
    expect(new Set(contracts).size).toBe(contracts.length);
    expect([...routes].sort()).toEqual([...contracts].sort());
  });

  it('a refusal answers with a code the endpoint’s contract lists', async () => {
    const { token } = await register(t.app, { username: 'kwame' });
    const headers = { authorization: `Bearer ${token}` };
    const shop = await t.app.inject({ method: 'GET', url: currencyApi.shop.path, headers });
    // An item priced beyond a new player's coins.
    const dear = (shop.json() as { id: number; price: number | null; currencyType: string | null }[])
      .filter((item) => item.price !== null && item.currencyType === 'regular')
      .sort((a, b) => b.price! - a.price!)[0]!;
    const refused = await t.app.inject({
      method: currencyApi.purchase.method,
      url: currencyApi.purchase.path.replace(':id', String(dear.id)),
      headers,
    });
    expect(refused.statusCode).toBe(400);
    const { code } = refused.json() as { code: string };
    expect(code).toBe('insufficient_funds');
    expect(currencyApi.purchase.errors).toContain(code);
  });
});

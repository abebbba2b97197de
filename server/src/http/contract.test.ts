import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authUserSchema, idParamSchema } from '@shared/protocol';
import { AuthError, DomainError } from '../errors';
import { withContracts } from './contract';
import { registerErrorHandling } from './errors';
import { registerSecurity } from './security';

/** A bare app with the HTTP layer of ours and a few routes that exercise it. */
async function contractApp() {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  const routes = withContracts(app);
  await registerSecurity(app, 'http://spar.test');
  routes.get(
    '/users/:id',
    { schema: { params: z.object({ id: idParamSchema }), response: { 200: authUserSchema } } },
    async (request) => ({
      id: request.params.id,
      username: 'ama',
      email: null,
      isVerified: true,
      markedForDelete: false,
      role: 'user' as const,
      createdAt: 1,
      // What a careless handler might spread in from a database row.
      ...{ passwordHash: '$argon2id$secret', token: 'session-token' },
    }),
  );
  routes.post(
    '/things',
    {
      schema: {
        body: z.object({ name: z.string().min(1, 'name is required'), count: z.number().int().optional() }),
        response: { 201: z.object({ name: z.string() }) },
      },
    },
    async (request, reply) => reply.code(201).send({ name: request.body.name }),
  );
  routes.get('/domain', async () => {
    throw new DomainError('conflict', 'Already there', 'already_there');
  });
  routes.get('/expired', async () => {
    throw new AuthError('Token expired', 'token_expired');
  });
  routes.get('/plugin-401', async () => {
    throw Object.assign(new Error('Unauthorized'), { statusCode: 401 });
  });
  routes.get('/fault', async () => {
    throw new Error('database is on fire');
  });
  routes.get('/limited', { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => ({
    ok: true,
  }));
  await app.ready();
  return app;
}

describe('route contracts and error bodies', () => {
  let app: Awaited<ReturnType<typeof contractApp>>;
  beforeEach(async () => {
    app = await contractApp();
  });
  afterEach(() => app.close());

  it('serialises answers through the response schema, so unlisted fields never leave', async () => {
    const res = await app.inject({ method: 'GET', url: '/users/7' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: 7,
      username: 'ama',
      email: null,
      isVerified: true,
      markedForDelete: false,
      role: 'user',
      createdAt: 1,
    });
    expect(res.body).not.toContain('argon2');
    expect(res.body).not.toContain('session-token');
  });

  it('answers 404 for a path parameter that is not an id', async () => {
    for (const id of ['abc', '0', '99999999999999999999', '9007199254740993']) {
      const res = await app.inject({ method: 'GET', url: `/users/${id}` });
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
    }
  });

  it('validates bodies with the parseInput wording', async () => {
    const post = (payload: unknown) =>
      app.inject({ method: 'POST', url: '/things', payload: payload as object });
    expect((await post({ name: 'x', extra: 1 })).json()).toEqual({ name: 'x' });
    expect((await post({})).json()).toEqual({ message: 'name is required', code: 'invalid_input' });
    expect((await post({ name: 5 })).json()).toEqual({
      message: 'name must be a string',
      code: 'invalid_input',
    });
    expect((await post({ name: 'x', count: 1.5 })).json()).toEqual({
      message: 'count must be a whole number',
      code: 'invalid_input',
    });
    expect((await post([1])).json()).toEqual({
      message: 'Request body must be a JSON object',
      code: 'not_an_object',
    });
  });

  it('gives every error a code, and every 401 a machine-readable error', async () => {
    const get = (url: string) => app.inject({ method: 'GET', url });
    const domain = await get('/domain');
    expect(domain.statusCode).toBe(409);
    expect(domain.json()).toEqual({ message: 'Already there', code: 'already_there' });
    expect((await get('/expired')).json()).toEqual({ error: 'token_expired', message: 'Token expired' });
    const plugin = await get('/plugin-401');
    expect(plugin.statusCode).toBe(401);
    expect(plugin.json()).toEqual({ error: 'auth_required', message: 'Unauthorized' });
    const fault = await get('/fault');
    expect(fault.statusCode).toBe(500);
    expect(fault.json()).toEqual({ message: 'Internal server error', code: 'internal_error' });
    expect((await get('/limited')).statusCode).toBe(200);
    const limited = await get('/limited');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      message: 'Too many requests. Please try again in 60 seconds.',
      code: 'rate_limited',
    });
  });
});

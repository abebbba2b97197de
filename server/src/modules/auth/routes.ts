import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  deleteAccountBodySchema,
  googleBodySchema,
  loginBodySchema,
  registerBodySchema,
} from '@shared/protocol';
import { authOf, requireAuth } from '../../http/auth';
import { parseInput } from '../../http/errors';
import { toAuthUser, type AccountService, type ClientInfo } from './service';

function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
}

export function authRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  options: { signInPerMinute: number; googleClientIds: string[] },
): void {
  const auth = requireAuth(accounts);
  /** Sign-in endpoints get a tighter per-IP limit than the rest of the API. */
  const SIGN_IN_LIMIT = { rateLimit: { max: options.signInPerMinute, timeWindow: 60_000 } };

  /** What the sign-in page may offer: the Google button only when the server can verify it. */
  app.get('/api/auth/providers', async () => ({
    google: options.googleClientIds[0] ? { clientId: options.googleClientIds[0] } : null,
  }));

  app.post('/api/auth/register', { config: SIGN_IN_LIMIT }, async (request, reply) => {
    const body = parseInput(registerBodySchema, request.body);
    return reply.code(201).send(await accounts.register(body, clientOf(request)));
  });

  app.post('/api/auth/login', { config: SIGN_IN_LIMIT }, async (request) => {
    return accounts.login(parseInput(loginBodySchema, request.body), clientOf(request));
  });

  app.post('/api/auth/google', { config: SIGN_IN_LIMIT }, async (request) => {
    return accounts.googleSignIn(parseInput(googleBodySchema, request.body).idToken, clientOf(request));
  });

  app.post('/api/auth/logout', { preHandler: auth }, async (request) => {
    await accounts.logout(authOf(request).sessionId);
    return { message: 'Logged out' };
  });

  app.get('/api/auth/user', { preHandler: auth }, async (request) => toAuthUser(authOf(request).user));

  app.post('/api/auth/resend-verification', { preHandler: auth, config: SIGN_IN_LIMIT }, async (request) =>
    accounts.resendVerification(authOf(request).user),
  );

  app.get('/api/auth/verify-email', async (request, reply) => {
    const token = (request.query as { token?: unknown }).token;
    const outcome = await accounts.verifyEmail(typeof token === 'string' ? token : '');
    const notice =
      outcome === 'verified'
        ? 'email_verified'
        : outcome === 'expired'
          ? 'verification_expired'
          : 'verification_failed';
    return reply.redirect(`/?notice=${notice}`, 303);
  });

  app.post('/api/auth/delete-account', { preHandler: auth }, async (request) =>
    accounts.markForDeletion(authOf(request).user, parseInput(deleteAccountBodySchema, request.body)),
  );

  app.post('/api/auth/restore-account', { preHandler: auth }, async (request) =>
    accounts.restore(authOf(request).user),
  );
}

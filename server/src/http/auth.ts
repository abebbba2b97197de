import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService, Authenticated } from '../modules/auth/service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireAuth on private routes. */
    auth: Authenticated | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * The one auth hook: every private route uses it as its preValidation hook, so an anonymous
 * caller learns nothing about the body it sent, and it sets request.auth or answers 401.
 */
export function requireAuth(accounts: AccountService) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.auth = await accounts.authenticate(bearerToken(request));
  };
}

/** request.auth on a route behind requireAuth. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('route is missing requireAuth');
  return request.auth;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../db/schema';

/** A signed-in caller: the user behind a live session. */
export interface Authenticated {
  user: Selectable<UsersTable>;
  sessionId: number;
  /** When the session expires unless it is used again (sessions slide with use). */
  expiresAt: number;
}

/**
 * Turns a bearer token into its caller or throws an AuthError. Declared here, implemented by the
 * auth module's AccountService and handed to each module's routes by the composition root, so
 * the HTTP layer and the routes depend on this contract rather than on a module's service
 * (docs/design.md, "Import directions").
 */
export interface Authenticator {
  authenticate(token: string | undefined): Promise<Authenticated>;
}

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
export function requireAuth(authenticator: Authenticator) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    request.auth = await authenticator.authenticate(bearerToken(request));
  };
}

/** request.auth on a route behind requireAuth. */
export function authOf(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error('route is missing requireAuth');
  return request.auth;
}

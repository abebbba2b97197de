import type { FastifyRequest } from 'fastify';
import { authApi } from '@shared/protocol';
import { authOf, requireAuth } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import { DomainError } from '../../errors';
import type { GoogleFlow } from './google-flow';
import { toAuthUser, type AccountService, type ClientInfo } from './service';

function clientOf(request: FastifyRequest): ClientInfo {
  return { userAgent: request.headers['user-agent'] ?? null, ip: request.ip };
}

export function authRoutes(
  app: ContractApp,
  accounts: AccountService,
  options: { signInPerMinute: number; googleFlow: GoogleFlow | null },
): void {
  const auth = requireAuth(accounts);
  /** Sign-in endpoints get a tighter per-IP limit than the rest of the API. */
  const SIGN_IN_LIMIT = { rateLimit: { max: options.signInPerMinute, timeWindow: 60_000 } };

  /** What the sign-in page may offer: the Google button only when the browser sign-in is set up. */
  route(app, authApi.providers, {}, async () => ({
    google: options.googleFlow ? { clientId: options.googleFlow.clientId, flow: 'redirect' as const } : null,
  }));

  const googleFlow = (): GoogleFlow => {
    if (options.googleFlow) return options.googleFlow;
    throw new DomainError(
      'unavailable',
      'Google sign-in is not configured on this server',
      'google_unavailable',
    );
  };
  // Google sign-in through the browser; see docs/design.md, "Google sign-in".
  route(app, authApi.googleStart, { config: SIGN_IN_LIMIT }, async (request) =>
    googleFlow().start(request.body),
  );
  route(app, authApi.googleCallback, { config: SIGN_IN_LIMIT }, async (request) =>
    googleFlow().callback(request.body),
  );
  route(app, authApi.googleExchange, { config: SIGN_IN_LIMIT }, async (request) =>
    googleFlow().exchange(request.body, clientOf(request)),
  );

  route(app, authApi.register, { config: SIGN_IN_LIMIT }, async (request, reply) =>
    reply.code(201).send(await accounts.register(request.body, clientOf(request))),
  );

  route(app, authApi.login, { config: SIGN_IN_LIMIT }, async (request) =>
    accounts.login(request.body, clientOf(request)),
  );

  route(app, authApi.google, { config: SIGN_IN_LIMIT }, async (request) =>
    accounts.googleSignIn(request.body.idToken, clientOf(request)),
  );

  route(app, authApi.logout, { preValidation: auth }, async (request) => {
    await accounts.logout(authOf(request).sessionId);
    return { message: 'Logged out' };
  });

  route(app, authApi.user, { preValidation: auth }, async (request) => toAuthUser(authOf(request).user));

  route(app, authApi.resendVerification, { preValidation: auth, config: SIGN_IN_LIMIT }, async (request) =>
    accounts.resendVerification(authOf(request).user),
  );

  // The link in a verification mail opens in a browser: whatever is wrong with it, the answer is
  // a redirect into the app with a notice, never a JSON error, so validation only informs.
  route(app, authApi.verifyEmail, { attachValidation: true }, async (request, reply) => {
    const token = request.validationError ? '' : (request.query.token ?? '');
    const outcome = await accounts.verifyEmail(token);
    const notice =
      outcome === 'verified'
        ? 'email_verified'
        : outcome === 'expired'
          ? 'verification_expired'
          : 'verification_failed';
    return reply.redirect(`/?notice=${notice}`, 303);
  });

  route(app, authApi.deleteAccount, { preValidation: auth }, async (request) =>
    accounts.markForDeletion(authOf(request).user, request.body),
  );

  route(app, authApi.restoreAccount, { preValidation: auth }, async (request) =>
    accounts.restore(authOf(request).user),
  );

  // Recovery and settings; see docs/design.md, "Account recovery and settings".
  route(app, authApi.forgotPassword, { config: SIGN_IN_LIMIT }, async (request) =>
    accounts.settings.requestPasswordReset(request.body.email),
  );

  route(app, authApi.resetPassword, { config: SIGN_IN_LIMIT }, async (request) =>
    accounts.settings.resetPassword(request.body, request.ip),
  );

  route(app, authApi.account, { preValidation: auth }, async (request) =>
    accounts.settings.settingsOf(authOf(request).user),
  );

  route(app, authApi.changePassword, { preValidation: auth, config: SIGN_IN_LIMIT }, async (request) =>
    accounts.settings.changePassword(authOf(request), request.body),
  );

  route(app, authApi.changeEmail, { preValidation: auth, config: SIGN_IN_LIMIT }, async (request) =>
    accounts.settings.changeEmail(authOf(request).user, request.body),
  );
}

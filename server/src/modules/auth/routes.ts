import type { FastifyRequest } from 'fastify';
import {
  accountSettingsContract,
  changeEmailContract,
  changePasswordContract,
  currentUserContract,
  deleteAccountContract,
  forgotPasswordContract,
  googleCallbackContract,
  googleContract,
  googleExchangeContract,
  googleStartContract,
  loginContract,
  logoutContract,
  providersContract,
  registerContract,
  resendVerificationContract,
  resetPasswordContract,
  restoreAccountContract,
  verifyEmailContract,
} from '@shared/protocol';
import { authOf, requireAuth } from '../../http/auth';
import type { ContractApp } from '../../http/contract';
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
  app.get('/api/auth/providers', { schema: providersContract }, async () => ({
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
  app.post(
    '/api/auth/google/start',
    { config: SIGN_IN_LIMIT, schema: googleStartContract },
    async (request) => googleFlow().start(request.body),
  );
  app.post(
    '/api/auth/google/callback',
    { config: SIGN_IN_LIMIT, schema: googleCallbackContract },
    async (request) => googleFlow().callback(request.body),
  );
  app.post(
    '/api/auth/google/exchange',
    { config: SIGN_IN_LIMIT, schema: googleExchangeContract },
    async (request) => googleFlow().exchange(request.body, clientOf(request)),
  );

  app.post(
    '/api/auth/register',
    { config: SIGN_IN_LIMIT, schema: registerContract },
    async (request, reply) => reply.code(201).send(await accounts.register(request.body, clientOf(request))),
  );

  app.post('/api/auth/login', { config: SIGN_IN_LIMIT, schema: loginContract }, async (request) =>
    accounts.login(request.body, clientOf(request)),
  );

  app.post('/api/auth/google', { config: SIGN_IN_LIMIT, schema: googleContract }, async (request) =>
    accounts.googleSignIn(request.body.idToken, clientOf(request)),
  );

  app.post('/api/auth/logout', { preValidation: auth, schema: logoutContract }, async (request) => {
    await accounts.logout(authOf(request).sessionId);
    return { message: 'Logged out' };
  });

  app.get('/api/auth/user', { preValidation: auth, schema: currentUserContract }, async (request) =>
    toAuthUser(authOf(request).user),
  );

  app.post(
    '/api/auth/resend-verification',
    { preValidation: auth, config: SIGN_IN_LIMIT, schema: resendVerificationContract },
    async (request) => accounts.resendVerification(authOf(request).user),
  );

  // The link in a verification mail opens in a browser: whatever is wrong with it, the answer is
  // a redirect into the app with a notice, never a JSON error, so validation only informs.
  app.get(
    '/api/auth/verify-email',
    { schema: verifyEmailContract, attachValidation: true },
    async (request, reply) => {
      const token = request.validationError ? '' : (request.query.token ?? '');
      const outcome = await accounts.verifyEmail(token);
      const notice =
        outcome === 'verified'
          ? 'email_verified'
          : outcome === 'expired'
            ? 'verification_expired'
            : 'verification_failed';
      return reply.redirect(`/?notice=${notice}`, 303);
    },
  );

  app.post(
    '/api/auth/delete-account',
    { preValidation: auth, schema: deleteAccountContract },
    async (request) => accounts.markForDeletion(authOf(request).user, request.body),
  );

  app.post(
    '/api/auth/restore-account',
    { preValidation: auth, schema: restoreAccountContract },
    async (request) => accounts.restore(authOf(request).user),
  );

  // Recovery and settings; see docs/design.md, "Account recovery and settings".
  app.post(
    '/api/auth/forgot-password',
    { config: SIGN_IN_LIMIT, schema: forgotPasswordContract },
    async (request) => accounts.settings.requestPasswordReset(request.body.email),
  );

  app.post(
    '/api/auth/reset-password',
    { config: SIGN_IN_LIMIT, schema: resetPasswordContract },
    async (request) => accounts.settings.resetPassword(request.body, request.ip),
  );

  app.get('/api/auth/account', { preValidation: auth, schema: accountSettingsContract }, async (request) =>
    accounts.settings.settingsOf(authOf(request).user),
  );

  app.post(
    '/api/auth/change-password',
    { preValidation: auth, config: SIGN_IN_LIMIT, schema: changePasswordContract },
    async (request) => accounts.settings.changePassword(authOf(request), request.body),
  );

  app.post(
    '/api/auth/change-email',
    { preValidation: auth, config: SIGN_IN_LIMIT, schema: changeEmailContract },
    async (request) => accounts.settings.changeEmail(authOf(request).user, request.body),
  );
}

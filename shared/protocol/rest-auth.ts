/**
 * The contracts of /api/auth: what each route takes and what it answers. The server validates
 * requests and serialises answers through these schemas, so an answer carries only the fields
 * named here (zod objects drop any other key: a hash or a token cannot leak by accident), and
 * the clients take their types from them. See docs/design.md, "REST contracts".
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  OAUTH_PLATFORMS,
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  forgotPasswordBodySchema,
  googleBodySchema,
  googleCallbackBodySchema,
  googleExchangeBodySchema,
  googleStartBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
} from './rest';

export const roleSchema = z.enum(['user', 'manager', 'admin']);
export type Role = z.infer<typeof roleSchema>;
export const ROLES: readonly Role[] = roleSchema.options;

/** The signed-in user as the API shows it (never a password hash or a token). */
export const authUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  isVerified: z.boolean(),
  markedForDelete: z.boolean(),
  role: roleSchema,
  createdAt: z.number().int(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** A new session from register or login. */
export const authResponseSchema = z.object({
  token: z.string(),
  user: authUserSchema,
  requiresVerification: z.boolean(),
  emailVerificationSent: z.boolean(),
  message: z.string(),
  isNewUser: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const googleAuthResponseSchema = z.object({
  token: z.string(),
  user: authUserSchema,
  isNewUser: z.boolean(),
  markedForDelete: z.boolean(),
  message: z.string(),
});
export type GoogleAuthResponse = z.infer<typeof googleAuthResponseSchema>;

/** Google is offered only when the server can run the browser sign-in (`flow` says how it starts). */
export const providersResponseSchema = z.object({
  google: z.object({ clientId: z.string(), flow: z.literal('redirect') }).nullable(),
});
export type ProvidersResponse = z.infer<typeof providersResponseSchema>;

/** Where to send the browser: Google's authorization page for this sign-in. */
export const googleStartResponseSchema = z.object({ url: z.string() });
export type GoogleStartResponse = z.infer<typeof googleStartResponseSchema>;

/** A one-time code (60 s) for the app that started the sign-in, and which kind of app that is. */
export const googleCallbackResponseSchema = z.object({
  platform: z.enum(OAUTH_PLATFORMS),
  code: z.string(),
});
export type GoogleCallbackResponse = z.infer<typeof googleCallbackResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const resendVerificationResponseSchema = z.object({
  emailVerificationSent: z.boolean(),
  message: z.string(),
});
export type ResendVerificationResponse = z.infer<typeof resendVerificationResponseSchema>;

export const deleteAccountResponseSchema = z.object({
  markedForDelete: z.literal(true),
  /** When the account will be anonymised, unless restored first. */
  deleteAfter: z.number().int(),
  message: z.string(),
});
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

export const restoreAccountResponseSchema = z.object({
  markedForDelete: z.literal(false),
  message: z.string(),
});
export type RestoreAccountResponse = z.infer<typeof restoreAccountResponseSchema>;

/** What the account settings page shows beyond the user: see docs/api.md, "Account recovery and settings". */
export const accountSettingsResponseSchema = z.object({
  email: z.string().nullable(),
  isVerified: z.boolean(),
  /** A new address waiting for its verification link; the current one works until then. */
  pendingEmail: z.string().nullable(),
  /** False for an account that signs in with Google only (it sets one through "Forgot password?"). */
  hasPassword: z.boolean(),
  googleLinked: z.boolean(),
});
export type AccountSettingsResponse = z.infer<typeof accountSettingsResponseSchema>;

export const changeEmailResponseSchema = z.object({
  pendingEmail: z.string(),
  emailVerificationSent: z.boolean(),
  message: z.string(),
});
export type ChangeEmailResponse = z.infer<typeof changeEmailResponseSchema>;

/** The link in a verification mail; anything else about the query is a failed verification. */
export const verifyEmailQuerySchema = z.object({ token: z.string().max(512).optional() });

export type RegisterBody = z.input<typeof registerBodySchema>;
export type LoginBody = z.input<typeof loginBodySchema>;
export type GoogleBody = z.input<typeof googleBodySchema>;
export type GoogleStartBody = z.input<typeof googleStartBodySchema>;
export type GoogleCallbackBody = z.input<typeof googleCallbackBodySchema>;
export type GoogleExchangeBody = z.input<typeof googleExchangeBodySchema>;
export type DeleteAccountBody = z.input<typeof deleteAccountBodySchema>;
export type ForgotPasswordBody = z.input<typeof forgotPasswordBodySchema>;
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

/** Sign-up, sign-in (password and Google), the session, recovery and the account's settings. */
export const authApi = {
  providers: defineEndpoint({
    method: 'GET',
    path: '/api/auth/providers',
    response: providersResponseSchema,
    auth: 'none',
  }),
  googleStart: defineEndpoint({
    method: 'POST',
    path: '/api/auth/google/start',
    body: googleStartBodySchema,
    response: googleStartResponseSchema,
    auth: 'none',
    errors: ['google_unavailable'],
  }),
  googleCallback: defineEndpoint({
    method: 'POST',
    path: '/api/auth/google/callback',
    body: googleCallbackBodySchema,
    response: googleCallbackResponseSchema,
    auth: 'none',
    errors: ['google_unavailable'],
  }),
  googleExchange: defineEndpoint({
    method: 'POST',
    path: '/api/auth/google/exchange',
    body: googleExchangeBodySchema,
    response: googleAuthResponseSchema,
    auth: 'none',
    errors: ['google_unavailable'],
  }),
  register: defineEndpoint({
    method: 'POST',
    path: '/api/auth/register',
    body: registerBodySchema,
    response: authResponseSchema,
    status: 201,
    auth: 'none',
    errors: ['username_taken', 'username_reserved', 'email_taken'],
  }),
  login: defineEndpoint({
    method: 'POST',
    path: '/api/auth/login',
    body: loginBodySchema,
    response: authResponseSchema,
    auth: 'none',
    errors: ['invalid_credentials', 'too_many_attempts'],
  }),
  google: defineEndpoint({
    method: 'POST',
    path: '/api/auth/google',
    body: googleBodySchema,
    response: googleAuthResponseSchema,
    auth: 'none',
    errors: ['google_unavailable'],
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/api/auth/logout',
    response: messageResponseSchema,
    auth: 'required',
  }),
  user: defineEndpoint({ method: 'GET', path: '/api/auth/user', response: authUserSchema, auth: 'required' }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/api/auth/resend-verification',
    response: resendVerificationResponseSchema,
    auth: 'required',
    errors: ['no_email', 'already_verified'],
  }),
  /** The link in a verification mail: always a redirect into the app (303) with a notice. */
  verifyEmail: defineEndpoint({
    method: 'GET',
    path: '/api/auth/verify-email',
    query: verifyEmailQuerySchema,
    status: 303,
    auth: 'none',
  }),
  deleteAccount: defineEndpoint({
    method: 'POST',
    path: '/api/auth/delete-account',
    body: deleteAccountBodySchema,
    response: deleteAccountResponseSchema,
    auth: 'required',
    errors: ['incorrect_password'],
  }),
  restoreAccount: defineEndpoint({
    method: 'POST',
    path: '/api/auth/restore-account',
    response: restoreAccountResponseSchema,
    auth: 'required',
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    body: forgotPasswordBodySchema,
    response: messageResponseSchema,
    auth: 'none',
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    body: resetPasswordBodySchema,
    response: messageResponseSchema,
    auth: 'none',
    errors: ['invalid_reset_token'],
  }),
  account: defineEndpoint({
    method: 'GET',
    path: '/api/auth/account',
    response: accountSettingsResponseSchema,
    auth: 'required',
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    body: changePasswordBodySchema,
    response: messageResponseSchema,
    auth: 'required',
    errors: ['incorrect_password', 'too_many_attempts'],
  }),
  changeEmail: defineEndpoint({
    method: 'POST',
    path: '/api/auth/change-email',
    body: changeEmailBodySchema,
    response: changeEmailResponseSchema,
    auth: 'required',
    errors: ['incorrect_password', 'too_many_attempts', 'same_email', 'email_taken'],
  }),
};

/**
 * The contracts of /api/auth: what each route takes and what it answers. The server validates
 * requests and serialises answers through these schemas, so an answer carries only the fields
 * named here (zod objects drop any other key: a hash or a token cannot leak by accident), and
 * the clients take their types from them. See docs/design.md, "REST contracts".
 */
import { z } from 'zod';
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

export const providersContract = { response: { 200: providersResponseSchema } };
export const registerContract = { body: registerBodySchema, response: { 201: authResponseSchema } };
export const loginContract = { body: loginBodySchema, response: { 200: authResponseSchema } };
export const googleContract = { body: googleBodySchema, response: { 200: googleAuthResponseSchema } };
export const googleStartContract = {
  body: googleStartBodySchema,
  response: { 200: googleStartResponseSchema },
};
export const googleCallbackContract = {
  body: googleCallbackBodySchema,
  response: { 200: googleCallbackResponseSchema },
};
export const googleExchangeContract = {
  body: googleExchangeBodySchema,
  response: { 200: googleAuthResponseSchema },
};
export const logoutContract = { response: { 200: messageResponseSchema } };
export const currentUserContract = { response: { 200: authUserSchema } };
export const resendVerificationContract = { response: { 200: resendVerificationResponseSchema } };
export const verifyEmailContract = { querystring: verifyEmailQuerySchema };
export const deleteAccountContract = {
  body: deleteAccountBodySchema,
  response: { 200: deleteAccountResponseSchema },
};
export const restoreAccountContract = { response: { 200: restoreAccountResponseSchema } };
export const forgotPasswordContract = {
  body: forgotPasswordBodySchema,
  response: { 200: messageResponseSchema },
};
export const resetPasswordContract = {
  body: resetPasswordBodySchema,
  response: { 200: messageResponseSchema },
};
export const changePasswordContract = {
  body: changePasswordBodySchema,
  response: { 200: messageResponseSchema },
};
export const changeEmailContract = {
  body: changeEmailBodySchema,
  response: { 200: changeEmailResponseSchema },
};
export const accountSettingsContract = { response: { 200: accountSettingsResponseSchema } };

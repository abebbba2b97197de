/** REST request bodies and answers, shared by server and clients. See docs/design.md, "REST contracts". */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { ratingHistoryQuerySchema, ratingHistorySchema } from './rating-history';
import {
  RESERVED_USERNAME_MESSAGE,
  findInvisibleCharacter,
  isReservedUsername,
  trimSpaces,
} from '../usernames';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../passwords';
import { avatarSourceSchema, playerStatusSchema } from './decks';
import { gameModeSchema, userGamesQuerySchema, userGamesSchema } from './games';

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{3,20}$/;
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

/** See shared/usernames.ts: invisible characters are refused before the ends are trimmed. */
export const usernameSchema = z
  .string()
  .check((ctx) => {
    const found = findInvisibleCharacter(ctx.value);
    if (found)
      ctx.issues.push({
        code: 'custom',
        input: ctx.value,
        message: `Username must not contain invisible or formatting characters (${found})`,
        abort: true,
      });
  })
  .overwrite(trimSpaces)
  .regex(USERNAME_PATTERN, {
    message: 'Username must be 3 to 20 letters, digits or underscores',
    abort: true,
  })
  .refine((name) => !isReservedUsername(name), { message: RESERVED_USERNAME_MESSAGE });
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG);
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Email is too long')
  .email('Email address is not valid');

/** An empty or missing email means none: the account then needs no verification. */
const optionalEmail = z
  .string()
  .nullish()
  .transform((value) => (value?.trim() ? value : null))
  .pipe(emailSchema.nullable());

export const registerBodySchema = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: optionalEmail,
});

export const loginBodySchema = z.object({
  /** Username or email. */
  username: z.string().trim().min(1, 'Enter your username or email').max(254, 'Username is too long'),
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

export const googleBodySchema = z.object({
  idToken: z.string().min(1, 'idToken is required').max(8192, 'idToken is too long'),
});

/**
 * Google sign-in through the browser (see docs/design.md, "Google sign-in"). PKCE (RFC 7636): the
 * app keeps a random verifier and sends its S256 challenge; only the verifier redeems the code.
 */
export const OAUTH_PLATFORMS = ['web', 'native'] as const;
export const pkceChallengeSchema = z
  .string({ message: 'codeChallenge must be a string' })
  .regex(
    /^[A-Za-z0-9_-]{43}$/,
    'codeChallenge must be the base64url SHA-256 of the verifier (43 characters)',
  );
export const pkceVerifierSchema = z
  .string({ message: 'codeVerifier must be a string' })
  .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'codeVerifier must be 43 to 128 letters, digits or - . _ ~');

export const googleStartBodySchema = z.object({
  platform: z.enum(OAUTH_PLATFORMS, { message: 'platform must be web or native' }),
  codeChallenge: pkceChallengeSchema,
});

export const googleCallbackBodySchema = z.object({
  state: z.string().min(1, 'state is required').max(256, 'state is too long'),
  code: z.string().min(1, 'code is required').max(2048, 'code is too long'),
});

export const googleExchangeBodySchema = z.object({
  code: z.string().min(1, 'code is required').max(256, 'code is too long'),
  codeVerifier: pkceVerifierSchema,
});

export const deleteAccountBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  /** Accounts without a password (Google sign-in) confirm instead. */
  confirm: z.boolean().optional(),
});

/** Account recovery and settings; see docs/design.md, "Account recovery and settings". */
export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z.object({
  token: z.string().min(1, 'token is required').max(512, 'token is too long'),
  password: passwordSchema,
});

export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH, 'Password is too long'),
  newPassword: passwordSchema,
});

export const changeEmailBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Enter your password').max(PASSWORD_MAX_LENGTH, 'Password is too long'),
});

export const DEVICE_PLATFORMS = ['ios', 'android', 'web', 'desktop'] as const;

export const deviceTokenBodySchema = z.object({
  token: z.string().trim().min(1, 'token is required').max(4096, 'token is too long'),
  platform: z.enum(DEVICE_PLATFORMS, { message: `platform must be one of ${DEVICE_PLATFORMS.join(', ')}` }),
  deviceName: z.string().trim().max(100, 'deviceName is too long').optional().nullable(),
});

export const deactivateDeviceBodySchema = z.object({
  token: z.string().trim().min(1, 'token is required').max(4096, 'token is too long'),
});

/**
 * Every error answer: `{message, code}`, or for a 401 `{error, message}` where `error` is the
 * reason (auth_required, invalid_token, token_expired, invalid_credentials). See docs/api.md.
 */
export interface ApiError {
  message: string;
  code?: string;
  error?: string;
}

/**
 * A numeric id in a path. Ids are safe integers: anything longer or larger is not an id we
 * issued, so it is a 404 rather than a database error.
 */
export const idParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'id must be a positive whole number')
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER, 'id is out of range'));
export const userIdParamsSchema = z.object({ id: idParamSchema });

/** A player's finished games of one mode, and how many of them they won. */
export const modeRecordSchema = z.object({
  mode: gameModeSchema,
  games: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
});
export type ModeRecord = z.infer<typeof modeRecordSchema>;

/** GET /api/users/{id}/profile: what anyone signed in may see of a player. */
export const playerProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  rating: z.number().int(),
  ratedGames: z.number().int(),
  /** Ranked games only (the rating's record); `record` has every mode. */
  wins: z.number().int(),
  losses: z.number().int(),
  /** Finished games by mode, in GAME_MODES order (games.ts), only the modes the player has finished a game of. */
  record: z.array(modeRecordSchema),
  createdAt: z.number().int(),
  /** The avatar shop item the player chose, or null for their initials (`avatarSource` default). */
  avatarId: z.number().int().nullable(),
  avatarSource: avatarSourceSchema,
  /** The chosen avatar's image, or null for the initials. */
  avatarUrl: z.string().nullable(),
  status: playerStatusSchema,
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

/**
 * A player as others see them: the profile, recent games and rating history. Signed in first, and
 * the same 404 for an unknown player and a blocked pair; see docs/design.md, "Social".
 */
export const playersApi = {
  profile: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/profile',
    params: userIdParamsSchema,
    response: playerProfileSchema,
    auth: 'required',
    errors: ['user_not_found'],
  }),
  games: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/games',
    params: userIdParamsSchema,
    query: userGamesQuerySchema,
    response: userGamesSchema,
    auth: 'required',
    errors: ['user_not_found'],
  }),
  ratingHistory: defineEndpoint({
    method: 'GET',
    path: '/api/users/:id/rating-history',
    params: userIdParamsSchema,
    query: ratingHistoryQuerySchema,
    response: ratingHistorySchema,
    auth: 'required',
    errors: ['user_not_found'],
  }),
};

/**
 * Games and the leaderboard: the game-mode and finish-reason unions (declared here once, used by
 * the socket messages, the server's rooms and its database rows) and the contracts of the games
 * REST routes. See docs/design.md, "REST contracts".
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { BOT_LEVELS } from '../game/bots';
import { cardSchema, gameIdSchema, limitSchema, seatSchema, userIdSchema } from './common';

export const GAME_MODES = ['ranked', 'quick', 'private', 'practice'] as const;
export const gameModeSchema = z.enum(GAME_MODES);
export type GameMode = z.infer<typeof gameModeSchema>;

/** Why a game ended: a player reached the target score, resigned, timed out or left. */
export const FINISH_REASONS = ['score', 'resign', 'timeout', 'abandon'] as const;
export const finishReasonSchema = z.enum(FINISH_REASONS);
export type FinishReason = z.infer<typeof finishReasonSchema>;

/**
 * `waiting`: a private game whose players have not both joined yet; `cancelled`: one that never
 * started (declined, withdrawn or expired). See docs/design.md, "Social".
 */
export const GAME_STATUSES = ['waiting', 'active', 'finished', 'cancelled'] as const;
export const gameStatusSchema = z.enum(GAME_STATUSES);
export type GameStatus = z.infer<typeof gameStatusSchema>;

/** POST /api/games/practice */
export const practiceBodySchema = z.object({
  difficulty: z.enum(BOT_LEVELS, { message: `difficulty must be one of ${BOT_LEVELS.join(', ')}` }),
  /** How many bots sit at the table: 1 (the default), 2 or 3. */
  opponents: z
    .number({ message: 'opponents must be 1, 2 or 3' })
    .int('opponents must be 1, 2 or 3')
    .min(1, 'opponents must be 1, 2 or 3')
    .max(3, 'opponents must be 1, 2 or 3')
    .optional(),
});
export const practiceCreatedSchema = z.object({ id: gameIdSchema });

/** POST /api/game-rooms/private */
export const privateGameBodySchema = z.object({
  friendshipId: z
    .number({ message: 'friendshipId must be a number' })
    .int('friendshipId must be a whole number')
    .positive('friendshipId must be positive'),
});
export const privateGameCreatedSchema = z.object({ id: gameIdSchema });

/** GET /api/games */
export const gamesQuerySchema = z.object({
  scope: z.enum(['mine', 'live'], { message: 'scope must be mine or live' }).default('mine'),
  limit: limitSchema(20),
});

/** A player of a listed game, at their seat with their score. */
const seatedPlayerSchema = z.object({
  seat: seatSchema,
  userId: userIdSchema.nullable(),
  username: z.string(),
  /** The player's avatar image, or null (a bot, or a player showing their initials). */
  avatarUrl: z.string().nullable(),
  isBot: z.boolean(),
  score: z.number().int(),
});

const listedPlayerSchema = seatedPlayerSchema.extend({
  /** Only in `scope=live`: the player's current rating (null for a bot) and chosen avatar item. */
  rating: z.number().int().nullable().optional(),
  avatarId: z.number().int().nullable().optional(),
});

export const gameListItemSchema = z.object({
  id: gameIdSchema,
  mode: gameModeSchema,
  status: gameStatusSchema,
  players: z.array(listedPlayerSchema),
  /** The caller's side of it; only in `scope=mine`. */
  opponent: z
    .object({
      userId: userIdSchema.nullable(),
      username: z.string(),
      avatarUrl: z.string().nullable(),
      isBot: z.boolean(),
    })
    .nullable()
    .optional(),
  result: z.enum(['win', 'loss']).nullable().optional(),
  /** Only in `scope=live`: the score to reach and how many are watching on this server. */
  targetScore: z.number().int().optional(),
  spectators: z.number().int().min(0).optional(),
  /** Only in `scope=live`, on a tournament's game: which one (the top table of a live tournament is listed first). */
  tournament: z.object({ id: z.number().int().positive(), name: z.string() }).nullable().optional(),
  score: z.object({ you: z.number().int(), opponent: z.number().int() }).optional(),
  ratingChange: z.number().int().nullable().optional(),
  reason: finishReasonSchema.nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export const gameListSchema = z.array(gameListItemSchema);
export type GameListItem = z.infer<typeof gameListItemSchema>;

/**
 * GET /api/users/{id}/games: a player's most recent finished ranked and quick games, newest first,
 * for their profile. Never practice or private games, never a running one (its seed is secret),
 * whoever asks, the player themselves included.
 */
export const userGamesQuerySchema = z.object({ limit: limitSchema(10, 20) });
export const userGameSchema = z.object({
  id: gameIdSchema,
  mode: z.enum(['ranked', 'quick']),
  players: z.array(seatedPlayerSchema),
  winnerUserId: userIdSchema.nullable(),
  reason: finishReasonSchema.nullable(),
  finishedAt: z.number().int(),
});
export const userGamesSchema = z.array(userGameSchema);
export type UserGame = z.infer<typeof userGameSchema>;

/** GET /api/games/{id} */
export const gameIdParamsSchema = z.object({ id: gameIdSchema });

export const gameSummarySchema = z.object({
  id: gameIdSchema,
  mode: gameModeSchema,
  status: gameStatusSchema,
  targetScore: z.number().int(),
  handNumber: z.number().int(),
  players: z.array(
    listedPlayerSchema.extend({
      ratingBefore: z.number().int().nullable(),
      ratingAfter: z.number().int().nullable(),
    }),
  ),
  winnerUserId: userIdSchema.nullable(),
  reason: finishReasonSchema.nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  /** Only once finished: the seed and moves replay every deal, so a running game keeps them secret. */
  replay: z
    .object({
      seed: z.string(),
      players: z.number().int(),
      targetScore: z.number().int(),
      /** Each card played in order, and `"resign"` where a seat of three or four left the game. */
      moves: z.array(
        z.object({
          seq: z.number().int(),
          seat: seatSchema,
          card: z.union([cardSchema, z.literal('resign')]),
          auto: z.boolean(),
        }),
      ),
    })
    .optional(),
});
export type GameSummary = z.infer<typeof gameSummarySchema>;

/** GET /api/games/{id}/replay: a finished game's summary, its replay always present. */
export const gameReplaySchema = gameSummarySchema.extend({
  replay: gameSummarySchema.shape.replay.unwrap(),
});
export type GameReplay = z.infer<typeof gameReplaySchema>;

/** GET /api/leaderboard */
export const leaderboardQuerySchema = z.object({ limit: limitSchema(50) });
export const leaderboardEntrySchema = z.object({
  rank: z.number().int(),
  userId: userIdSchema,
  username: z.string(),
  /** The player's avatar image, or null for their initials. */
  avatarUrl: z.string().nullable(),
  rating: z.number().int(),
  games: z.number().int(),
  wins: z.number().int(),
});
export const leaderboardSchema = z.array(leaderboardEntrySchema);
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

/** Starting practice and private games, the game lists, a game's summary and replay, the leaderboard. */
export const gamesApi = {
  practice: defineEndpoint({
    method: 'POST',
    path: '/api/games/practice',
    body: practiceBodySchema,
    response: practiceCreatedSchema,
    status: 201,
    auth: 'required',
    errors: ['already_in_game'],
  }),
  private: defineEndpoint({
    method: 'POST',
    path: '/api/game-rooms/private',
    body: privateGameBodySchema,
    response: privateGameCreatedSchema,
    status: 201,
    auth: 'required',
    errors: ['friendship_not_found', 'cannot_challenge_self', 'blocked', 'already_in_game', 'friend_in_game'],
  }),
  list: defineEndpoint({
    method: 'GET',
    path: '/api/games',
    query: gamesQuerySchema,
    response: gameListSchema,
    auth: 'required',
  }),
  summary: defineEndpoint({
    method: 'GET',
    path: '/api/games/:id',
    params: gameIdParamsSchema,
    response: gameSummarySchema,
    auth: 'required',
    errors: ['game_not_found'],
  }),
  replay: defineEndpoint({
    method: 'GET',
    path: '/api/games/:id/replay',
    params: gameIdParamsSchema,
    response: gameReplaySchema,
    auth: 'required',
    errors: ['game_not_found'],
  }),
  leaderboard: defineEndpoint({
    method: 'GET',
    path: '/api/leaderboard',
    query: leaderboardQuerySchema,
    response: leaderboardSchema,
    auth: 'none',
  }),
};

/**
 * GET /api/users/{id}/rating-history: a player's rating after each of their last rated (ranked)
 * games, oldest first, with the game behind each point. Seen by whoever may see the profile; see
 * docs/api.md, "Players".
 */
import { z } from 'zod';
import { finishReasonSchema } from './games';
import { gameIdSchema, limitSchema, userIdSchema } from './common';

/** The most points one answer holds: the chart shows the recent trend, not a whole career. */
export const RATING_HISTORY_MAX = 100;

export const ratingHistoryQuerySchema = z.object({
  limit: limitSchema(50, RATING_HISTORY_MAX),
});

export const ratingPointSchema = z.object({
  gameId: gameIdSchema,
  finishedAt: z.number().int(),
  /** Whole ratings, as the game-over dialog told them: `ratingBefore + change = rating`. */
  ratingBefore: z.number().int(),
  rating: z.number().int(),
  change: z.number().int(),
  result: z.enum(['win', 'loss']),
  reason: finishReasonSchema.nullable(),
  opponents: z.array(z.object({ userId: userIdSchema.nullable(), username: z.string() })),
});
export type RatingPoint = z.infer<typeof ratingPointSchema>;

export const ratingHistorySchema = z.object({
  /** Oldest first; at most `limit`, the most recent ones. */
  points: z.array(ratingPointSchema),
  /** Every rated game the player has finished, so a capped chart can say how many it leaves out. */
  totalGames: z.number().int().min(0),
});
export type RatingHistory = z.infer<typeof ratingHistorySchema>;

/**
 * Arena tournaments: what staff schedule, what players see and do, and the live messages over
 * `/ws`. One object per endpoint, as everywhere in `shared/protocol`. The rules (scoring, streak,
 * pairing, ties) are in docs/design.md, "Arena tournaments".
 */
import { z } from 'zod';
import { userIdSchema, gameIdSchema } from './common';
import { currencyTypeSchema } from './currency';
import { defineEndpoint } from './endpoint';
import { UPLOAD_PATH_PATTERN, managerIdParamsSchema } from './manager';

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────

export const TOURNAMENT_MIN_MINUTES = 15;
export const TOURNAMENT_MAX_MINUTES = 180;
export const TOURNAMENT_SEATS = [2, 3, 4] as const;
/** A game to the ordinary 10 points, or a shorter one (any target from 3 up). */
export const TOURNAMENT_MIN_TARGET = 3;
export const TOURNAMENT_DEFAULT_TARGET = 10;
/** Places paid: at most this many rows in a prize table. */
export const TOURNAMENT_MAX_PRIZES = 10;
export const TOURNAMENT_MAX_PLAYERS = 10_000;
/** Entrants get a notice (push and in-app) this long before the start. */
export const TOURNAMENT_NOTICE_MS = 5 * 60_000;

export const TOURNAMENT_STATUSES = ['scheduled', 'running', 'finished', 'cancelled'] as const;
export const tournamentStatusSchema = z.enum(TOURNAMENT_STATUSES);
export type TournamentStatus = z.infer<typeof tournamentStatusSchema>;

export const TOURNAMENT_VISIBILITIES = ['public', 'invite'] as const;
export const tournamentVisibilitySchema = z.enum(TOURNAMENT_VISIBILITIES);
export type TournamentVisibility = z.infer<typeof tournamentVisibilitySchema>;

/** Which list a player asks for: not started yet, running now, or over (finished or cancelled). */
export const TOURNAMENT_LISTS = ['upcoming', 'live', 'finished'] as const;

const whole = (field: string) =>
  z.number().int(`${field} must be a whole number`).nonnegative(`${field} must not be negative`);

// ── Shapes the server answers ───────────────────────────────────────────────────────────────────

/** What joining costs: nothing, or an amount of coins (`regular`) or gems (`premium`). */
export const entryFeeSchema = z
  .object({
    currencyType: currencyTypeSchema,
    amount: whole('entry fee')
      .min(1, 'entry fee must be at least 1')
      .max(1_000_000, 'entry fee is too large'),
  })
  .nullable();
export type EntryFee = z.infer<typeof entryFeeSchema>;

/** One paid place: coins and/or gems, and optionally a shop item (a deck, an avatar, …). */
export const prizeSchema = z.object({
  place: z.number().int().min(1).max(TOURNAMENT_MAX_PRIZES),
  coins: whole('coins').max(100_000_000, 'coins is too large'),
  gems: whole('gems').max(1_000_000, 'gems is too large'),
  shopItemId: z.number().int().positive().nullable(),
});
export type Prize = z.infer<typeof prizeSchema>;

/** A tournament as lists show it. */
export const tournamentSummarySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  description: z.string(),
  /** An uploaded banner (`/uploads/…`) or null. */
  bannerUrl: z.string().nullable(),
  /** ISO 8601. */
  startsAt: z.string(),
  endsAt: z.string(),
  durationMinutes: z.number().int(),
  seats: z.number().int(),
  targetScore: z.number().int(),
  entryFee: entryFeeSchema,
  prizes: z.array(prizeSchema),
  ratingMin: z.number().int().nullable(),
  ratingMax: z.number().int().nullable(),
  playerCap: z.number().int().nullable(),
  visibility: tournamentVisibilitySchema,
  status: tournamentStatusSchema,
  entrantCount: z.number().int(),
  /** Whether the signed-in player has joined. */
  joined: z.boolean(),
});
export type TournamentSummary = z.infer<typeof tournamentSummarySchema>;

/** One line of the standings: place (1-based, no ties; see docs/design.md), score and streak. */
export const standingSchema = z.object({
  place: z.number().int().positive(),
  userId: userIdSchema,
  username: z.string(),
  avatarUrl: z.string().nullable(),
  rating: z.number().int(),
  score: z.number().int(),
  games: z.number().int(),
  wins: z.number().int(),
  /** Wins in a row now: at 2 or more the next win counts double. */
  streak: z.number().int(),
  /** Out of the pool by choice; paired again once they come back. */
  paused: z.boolean(),
  /** Set once the tournament has finished and this place was paid. */
  prize: prizeSchema.nullable(),
});
export type Standing = z.infer<typeof standingSchema>;

/** A game of the tournament: the player's own, or one of the top tables to watch. */
export const tournamentGameSchema = z.object({
  gameId: gameIdSchema,
  status: z.enum(['active', 'finished']),
  players: z.array(z.object({ userId: userIdSchema, username: z.string(), score: z.number().int() })),
  winnerId: userIdSchema.nullable(),
  startedAt: z.string(),
});
export type TournamentGame = z.infer<typeof tournamentGameSchema>;

/** One tournament's page. */
export const tournamentDetailSchema = tournamentSummarySchema.extend({
  standings: z.array(standingSchema),
  /** The signed-in player's own games here, newest first (empty when not joined). */
  myGames: z.array(tournamentGameSchema),
  /** Games in progress, the best placed first: what `/watch` features. */
  topTables: z.array(tournamentGameSchema),
  /** The signed-in player's game in progress here, if any: where "your next game" points. */
  currentGameId: gameIdSchema.nullable(),
  /** Whether the signed-in player has paused (left the pool). */
  paused: z.boolean(),
  /** The invitation link's code: to staff always, to others only on an invite-only tournament they may see. */
  inviteCode: z.string().nullable(),
});
export type TournamentDetail = z.infer<typeof tournamentDetailSchema>;

// ── Players ─────────────────────────────────────────────────────────────────────────────────────

export const tournamentListQuerySchema = z.object({
  list: z.enum(TOURNAMENT_LISTS).default('upcoming'),
});
export const tournamentListResponseSchema = z.object({ tournaments: z.array(tournamentSummarySchema) });

export const tournamentParamsSchema = managerIdParamsSchema;
/** An invite-only tournament is seen and joined with its link's code. */
export const inviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invite code is not valid');
export const tournamentViewQuerySchema = z.object({ invite: inviteCodeSchema.optional() });
export const joinTournamentBodySchema = z.object({ invite: inviteCodeSchema.optional() });
export const pauseTournamentBodySchema = z.object({ paused: z.boolean() });

export const tournamentsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/tournaments',
    query: tournamentListQuerySchema,
    response: tournamentListResponseSchema,
    auth: 'required',
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/tournaments/:id',
    params: tournamentParamsSchema,
    query: tournamentViewQuerySchema,
    response: tournamentDetailSchema,
    auth: 'required',
    errors: ['tournament_not_found'],
  }),
  join: defineEndpoint({
    method: 'POST',
    path: '/api/tournaments/:id/join',
    params: tournamentParamsSchema,
    body: joinTournamentBodySchema,
    response: tournamentDetailSchema,
    auth: 'required',
    errors: [
      'tournament_not_found',
      'tournament_closed',
      'tournament_full',
      'already_joined',
      'rating_too_low',
      'rating_too_high',
      'insufficient_funds',
      'in_another_game',
    ],
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/tournaments/:id/withdraw',
    params: tournamentParamsSchema,
    response: tournamentDetailSchema,
    auth: 'required',
    errors: ['tournament_not_found', 'not_joined', 'tournament_started'],
  }),
  pause: defineEndpoint({
    method: 'POST',
    path: '/api/tournaments/:id/pause',
    params: tournamentParamsSchema,
    body: pauseTournamentBodySchema,
    response: tournamentDetailSchema,
    auth: 'required',
    errors: ['tournament_not_found', 'not_joined', 'tournament_not_running'],
  }),
};

// ── Staff ───────────────────────────────────────────────────────────────────────────────────────

const tournamentFields = {
  name: z.string().trim().min(1, 'name is required').max(80, 'name must be at most 80 characters'),
  description: z.string().trim().max(2000, 'description must be at most 2000 characters'),
  bannerUrl: z
    .string()
    .regex(UPLOAD_PATH_PATTERN, 'bannerUrl must be an uploaded image (/uploads/…)')
    .nullable(),
  startsAt: z.iso.datetime({ offset: true, message: 'startsAt must be a date and time (ISO 8601)' }),
  durationMinutes: z
    .number()
    .int('durationMinutes must be a whole number')
    .min(TOURNAMENT_MIN_MINUTES, `durationMinutes must be at least ${TOURNAMENT_MIN_MINUTES}`)
    .max(TOURNAMENT_MAX_MINUTES, `durationMinutes must be at most ${TOURNAMENT_MAX_MINUTES}`),
  seats: z.union([z.literal(2), z.literal(3), z.literal(4)], { message: 'seats must be 2, 3 or 4' }),
  targetScore: z
    .number()
    .int('targetScore must be a whole number')
    .min(TOURNAMENT_MIN_TARGET, `targetScore must be at least ${TOURNAMENT_MIN_TARGET}`)
    .max(TOURNAMENT_DEFAULT_TARGET, `targetScore must be at most ${TOURNAMENT_DEFAULT_TARGET}`),
  entryFee: entryFeeSchema,
  prizes: z.array(prizeSchema).max(TOURNAMENT_MAX_PRIZES, `at most ${TOURNAMENT_MAX_PRIZES} prizes`),
  ratingMin: z.number().int().min(0).max(5000).nullable(),
  ratingMax: z.number().int().min(0).max(5000).nullable(),
  playerCap: z.number().int().min(2, 'playerCap must be at least 2').max(TOURNAMENT_MAX_PLAYERS).nullable(),
  visibility: tournamentVisibilitySchema,
};

/**
 * A new tournament. The server also refuses: a start in the past, prize places that are not
 * 1, 2, 3, … in order, a rating band whose minimum is above its maximum, a cap below the seats,
 * and a shop item that does not exist.
 */
export const createTournamentBodySchema = z.object(tournamentFields);
export type CreateTournamentBody = z.infer<typeof createTournamentBodySchema>;
/** An edit before the start: any of the fields, the same checks on the result. */
export const updateTournamentBodySchema = z.object(tournamentFields).partial();
export type UpdateTournamentBody = z.infer<typeof updateTournamentBodySchema>;

export const managerTournamentListResponseSchema = z.object({
  tournaments: z.array(tournamentSummarySchema.extend({ inviteCode: z.string().nullable() })),
});

const staffTournamentErrors = [
  'staff_only',
  'start_in_past',
  'prize_places_out_of_order',
  'rating_band_inverted',
  'cap_below_seats',
  'unknown_prize_item',
] as const;

export const managerTournamentsApi = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/manager/tournaments',
    response: managerTournamentListResponseSchema,
    auth: 'staff',
    errors: ['staff_only'],
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/manager/tournaments',
    body: createTournamentBodySchema,
    response: tournamentDetailSchema,
    status: 201,
    auth: 'staff',
    errors: staffTournamentErrors,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/api/manager/tournaments/:id',
    params: managerIdParamsSchema,
    body: updateTournamentBodySchema,
    response: tournamentDetailSchema,
    auth: 'staff',
    errors: [...staffTournamentErrors, 'tournament_not_found', 'tournament_started', 'nothing_to_change'],
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/api/manager/tournaments/:id/cancel',
    params: managerIdParamsSchema,
    response: tournamentDetailSchema,
    auth: 'staff',
    errors: ['staff_only', 'tournament_not_found', 'tournament_finished'],
  }),
};

// ── Live messages (server → client over /ws; see docs/protocol.md) ─────────────────────────────

export const tournamentServerMessageSchemas = {
  /** The standings changed (a game finished, someone joined, paused or came back). */
  TOURNAMENT_STANDINGS: z.object({
    type: z.literal('TOURNAMENT_STANDINGS'),
    tournamentId: z.number().int().positive(),
    status: tournamentStatusSchema,
    standings: z.array(standingSchema),
  }),
  /** "Your next game": the entrant was paired; open the table. */
  TOURNAMENT_GAME: z.object({
    type: z.literal('TOURNAMENT_GAME'),
    tournamentId: z.number().int().positive(),
    gameId: gameIdSchema,
  }),
  /** The tournament the player entered starts at `startsAt` (sent five minutes before). */
  TOURNAMENT_STARTING: z.object({
    type: z.literal('TOURNAMENT_STARTING'),
    tournamentId: z.number().int().positive(),
    name: z.string(),
    startsAt: z.string(),
  }),
  /** Started, finished (with the final standings, prizes set) or cancelled (fees refunded). */
  TOURNAMENT_STATUS: z.object({
    type: z.literal('TOURNAMENT_STATUS'),
    tournamentId: z.number().int().positive(),
    status: tournamentStatusSchema,
  }),
};

/** Client → server: follow a tournament's standings live (entrants follow theirs without asking). */
export const tournamentClientMessageSchemas = {
  TOURNAMENT_WATCH: z.object({
    type: z.literal('TOURNAMENT_WATCH'),
    tournamentId: z.number().int().positive(),
  }),
  TOURNAMENT_UNWATCH: z.object({
    type: z.literal('TOURNAMENT_UNWATCH'),
    tournamentId: z.number().int().positive(),
  }),
};

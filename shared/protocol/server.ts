/** Messages the server sends over /ws (see docs/design.md, "Protocol principles"). */
import { z } from 'zod';
import {
  cardSchema,
  gameIdSchema,
  matchTokenSchema,
  queueNameSchema,
  seatSchema,
  tableSizeSchema,
  userIdSchema,
} from './common';
import { chatClientIdSchema, chatMessageFrameSchema } from './chat';
import { clientVersionSchema, updateUrlsSchema } from './client-version';
import { gameEmoteShownSchema } from './emotes';
import { tournamentServerMessageSchemas } from './tournaments';
import { finishReasonSchema, gameModeSchema, gameStatusSchema } from './games';

const matchOpponentSchema = z.object({ username: z.string(), avatarUrl: z.string().nullable() });

/** Why a private game's invitation ended without a game: see docs/protocol.md, "Private games". */
export const INVITATION_CANCEL_REASONS = ['declined', 'withdrawn', 'expired'] as const;
export type InvitationCancelReason = (typeof INVITATION_CANCEL_REASONS)[number];

/** Why a rematch ended without a game: see docs/protocol.md, "Rematch". */
export const REMATCH_CANCEL_REASONS = ['declined', 'left', 'expired', 'unavailable'] as const;
export type RematchCancelReason = (typeof REMATCH_CANCEL_REASONS)[number];

export const ERROR_CODES = [
  'AUTH_REQUIRED',
  'INVALID_MESSAGE',
  'RATE_LIMITED',
  'NOT_YOUR_TURN',
  'MUST_FOLLOW_SUIT',
  'CARD_NOT_IN_HAND',
  'GAME_OVER',
  'STALE_STATE',
  'GAME_NOT_FOUND',
  'GAME_NOT_STARTED',
  'NOT_A_PLAYER',
  'ALREADY_IN_GAME',
  'QUEUE_COOLDOWN',
  'MATCH_NOT_FOUND',
  'FORBIDDEN',
  'INTERNAL_ERROR',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const playSchema = z.object({ seat: seatSchema, card: cardSchema });
const trickSchema = z.object({ plays: z.array(playSchema), winner: seatSchema });

export const gameEventSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('HAND_DEALT'), handNumber: z.number().int(), dealer: seatSchema }),
  z.object({ kind: z.literal('CARD_PLAYED'), seat: seatSchema, card: cardSchema }),
  z.object({
    kind: z.literal('TRICK_WON'),
    seat: seatSchema,
    card: cardSchema,
    trickNumber: z.number().int(),
  }),
  z.object({ kind: z.literal('HAND_WON'), seat: seatSchema, card: cardSchema, points: z.number().int() }),
  z.object({ kind: z.literal('TURN'), seat: seatSchema, deadline: z.number().int() }),
  z.object({ kind: z.literal('AUTO_PLAYED'), seat: seatSchema, card: cardSchema }),
  /**
   * A seat of three or four left and the others play on (docs/design.md, "Rules"): it resigned,
   * or, with `reason`, the server took it out for its turn timer or its reconnect grace running out.
   */
  z.object({
    kind: z.literal('RESIGNED'),
    seat: seatSchema,
    reason: z.enum(['timeout', 'abandon']).optional(),
  }),
  z.object({
    kind: z.literal('GAME_OVER'),
    winnerUserId: userIdSchema.nullable(),
    reason: finishReasonSchema,
  }),
]);
export type GameEventMessage = z.infer<typeof gameEventSchema>;

/** A game as one recipient may see it: never another player's unplayed cards. */
export const gameViewSchema = z.object({
  id: gameIdSchema,
  mode: gameModeSchema,
  status: gameStatusSchema,
  targetScore: z.number().int().positive(),
  seq: z.number().int().min(0),
  players: z.array(
    z.object({
      seat: seatSchema,
      userId: userIdSchema.nullable(),
      username: z.string(),
      /** The player's avatar image; null for a bot or a player showing their initials. */
      avatarUrl: z.string().nullable(),
      score: z.number().int().min(0),
      cardsInHand: z.number().int().min(0).max(5),
      connected: z.boolean(),
      isBot: z.boolean(),
      /** Present (true) once the player has resigned and left a game of three or four. */
      resigned: z.literal(true).optional(),
    }),
  ),
  you: z.object({ seat: seatSchema }).nullable(),
  hand: z.array(cardSchema),
  dealer: seatSchema,
  turn: seatSchema.nullable(),
  turnDeadline: z.number().int().nullable(),
  handNumber: z.number().int().min(1),
  trickNumber: z.number().int().min(1).max(5),
  currentTrick: z.array(playSchema),
  lastTrick: trickSchema.nullable(),
  legalCards: z.array(cardSchema),
  winnerUserId: userIdSchema.nullable(),
  /** A waiting private game: when the invitation lapses unless both players have joined. */
  inviteExpiresAt: z.number().int().nullable().optional(),
  /** How many are watching (not players), as of this view; spectators joining or leaving send nothing. */
  spectators: z.number().int().min(0).optional(),
  /**
   * An arena tournament's game: the tournament, where its players go back to (the arena seats them
   * again; such a game has no rematch). Null or absent for any other game.
   */
  tournamentId: z.number().int().positive().nullable().optional(),
});
export type GameView = z.infer<typeof gameViewSchema>;

const playerViewSchema = gameViewSchema.shape.players.element;

/**
 * What GAME_UPDATE carries instead of the whole view (see docs/protocol.md, "Game updates are
 * deltas"): any changed top-level field but `seq` (the message has it) and `players`, whose
 * entries name their seat and carry only their changed fields. See delta.ts.
 */
export const gameChangesSchema = gameViewSchema
  .omit({ seq: true, players: true })
  .partial()
  .extend({
    players: z.array(playerViewSchema.partial().extend({ seat: playerViewSchema.shape.seat })).optional(),
  })
  .strict();
export type GameChanges = z.infer<typeof gameChangesSchema>;

/** Whole numbers: delta = after − before as shown. */
export const ratingChangeSchema = z.object({
  userId: userIdSchema,
  before: z.number().int(),
  after: z.number().int(),
  delta: z.number().int(),
});
export type RatingChange = z.infer<typeof ratingChangeSchema>;

export const serverMessageSchemas = {
  /**
   * Signed in. With the server's MIN_CLIENT_VERSION set, also the oldest app it serves and where to
   * get a newer one (docs/protocol.md, "Minimum client version"); both absent otherwise.
   */
  MESSAGING_AUTH_SUCCESS: z.object({
    type: z.literal('MESSAGING_AUTH_SUCCESS'),
    userId: userIdSchema,
    minClientVersion: clientVersionSchema.optional(),
    updateUrls: updateUrlsSchema.optional(),
  }),
  PONG: z.object({ type: z.literal('PONG') }),
  CONNECTION_QUALITY: z.object({
    type: z.literal('CONNECTION_QUALITY'),
    quality: z.enum(['good', 'fair', 'poor']),
    latency: z.number().min(0),
  }),
  ONLINE_STATUS: z.object({
    type: z.literal('ONLINE_STATUS'),
    onlineUsers: z.array(userIdSchema),
    timestamp: z.number().int(),
  }),
  USER_ONLINE: z.object({ type: z.literal('USER_ONLINE'), userId: userIdSchema }),
  USER_OFFLINE: z.object({ type: z.literal('USER_OFFLINE'), userId: userIdSchema }),
  /** A new friend request to the recipient from `userId`: their Friends page loads its list again. */
  FRIEND_REQUEST: z.object({ type: z.literal('FRIEND_REQUEST'), userId: userIdSchema }),
  QUEUE_JOIN_SUCCESS: z.object({
    type: z.literal('QUEUE_JOIN_SUCCESS'),
    queue: queueNameSchema,
    size: tableSizeSchema.optional(),
  }),
  QUEUE_LEAVE_SUCCESS: z.object({ type: z.literal('QUEUE_LEAVE_SUCCESS') }),
  QUEUE_STATUS_RESPONSE: z.object({
    type: z.literal('QUEUE_STATUS_RESPONSE'),
    inQueue: z.boolean(),
    queue: queueNameSchema.optional(),
    size: tableSizeSchema.optional(),
  }),
  MATCH_FOUND: z.object({
    type: z.literal('MATCH_FOUND'),
    token: matchTokenSchema,
    /** The first opponent (`avatarUrl`: their avatar image, null for their initials); `opponents` lists every one of them (1 to 3). */
    opponent: matchOpponentSchema,
    opponents: z.array(matchOpponentSchema).min(1).max(3).optional(),
  }),
  MATCH_ACCEPTANCE_UPDATE: z.object({
    type: z.literal('MATCH_ACCEPTANCE_UPDATE'),
    token: matchTokenSchema,
    accepted: z.boolean(),
  }),
  MATCH_REJECTED: z.object({
    type: z.literal('MATCH_REJECTED'),
    token: matchTokenSchema,
    rejectedBy: userIdSchema,
  }),
  GAME_CREATED: z.object({ type: z.literal('GAME_CREATED'), gameId: gameIdSchema }),
  GAME_INVITATION: z.object({
    type: z.literal('GAME_INVITATION'),
    gameId: gameIdSchema,
    from: z.object({ id: userIdSchema, username: z.string() }),
    expiresAt: z.number().int(),
  }),
  GAME_INVITATION_CANCELLED: z.object({
    type: z.literal('GAME_INVITATION_CANCELLED'),
    gameId: gameIdSchema,
    reason: z.enum(INVITATION_CANCEL_REASONS),
    /** Who declined or withdrew it; absent when it expired. */
    by: userIdSchema.optional(),
  }),
  /** A rematch of `gameId` is asked for: who accepted so far, and when the offer lapses. */
  REMATCH_UPDATE: z.object({
    type: z.literal('REMATCH_UPDATE'),
    gameId: gameIdSchema,
    accepted: z.array(userIdSchema),
    deadline: z.number().int(),
  }),
  REMATCH_CANCELLED: z.object({
    type: z.literal('REMATCH_CANCELLED'),
    gameId: gameIdSchema,
    reason: z.enum(REMATCH_CANCEL_REASONS),
    /** Who declined, left or did not answer; absent when a block between players stopped it. */
    by: userIdSchema.optional(),
  }),
  /** Everyone accepted: `newGameId` is the new game, same seats and mode. */
  REMATCH_STARTED: z.object({
    type: z.literal('REMATCH_STARTED'),
    gameId: gameIdSchema,
    newGameId: gameIdSchema,
  }),
  GAME_STATE: z.object({ type: z.literal('GAME_STATE'), gameId: gameIdSchema, game: gameViewSchema }),
  GAME_UPDATE: z.object({
    type: z.literal('GAME_UPDATE'),
    gameId: gameIdSchema,
    seq: z.number().int().min(0),
    events: z.array(gameEventSchema),
    /** Revision 3: the deadline of the TURN the events imply, which `events` then leaves out (compact.ts). */
    deadline: z.number().int().optional(),
    /** Revision 3 leaves out `changes` when there are none. */
    changes: gameChangesSchema.default({}),
    /**
     * `changes` are against the view the events imply (delta.ts `impliedView`): `true` for a
     * connection that signed in with `protocol` 2; 3 for protocol 3 or later, whose `events` also
     * leave out what the rules make follow from them (compact.ts `expandEvents`).
     */
    implied: z.union([z.literal(true), z.literal(3)]).optional(),
  }),
  GAME_OVER: z.object({
    type: z.literal('GAME_OVER'),
    gameId: gameIdSchema,
    winnerUserId: userIdSchema.nullable(),
    reason: finishReasonSchema,
    scores: z.array(z.number().int().min(0)),
    ratingChange: z.array(ratingChangeSchema).optional(),
    rewards: z.object({ currency: z.number().int(), premiumCurrency: z.number().int() }).optional(),
  }),
  CHAT_MESSAGE: chatMessageFrameSchema,
  GAME_EMOTE_SHOWN: gameEmoteShownSchema,
  ERROR: z.object({
    type: z.literal('ERROR'),
    code: z.enum(ERROR_CODES),
    message: z.string().optional(),
    ref: z.string().optional(),
    /** The CHAT_SEND this refuses (see docs/protocol.md, "Chat"). */
    clientId: chatClientIdSchema.optional(),
  }),
  ...tournamentServerMessageSchemas,
} as const;

export type ServerMessageType = keyof typeof serverMessageSchemas;
export const SERVER_MESSAGE_TYPES = Object.keys(serverMessageSchemas) as ServerMessageType[];

export type ServerMessage = {
  [K in ServerMessageType]: z.infer<(typeof serverMessageSchemas)[K]>;
}[ServerMessageType];
export type ServerMessageOf<K extends ServerMessageType> = Extract<ServerMessage, { type: K }>;

/** Messages the client sends over /ws (see docs/design.md, "Protocol principles"). */
import { z } from 'zod';
import { chatSendSchema } from './chat';
import { gameEmoteSchema } from './emotes';
import { tournamentClientMessageSchemas } from './tournaments';
import {
  cardSchema,
  gameIdSchema,
  matchTokenSchema,
  sessionTokenSchema,
  tableSizeSchema,
  userIdSchema,
} from './common';

/** An optional session token; when present it must be the one the socket signed in with. */
const withOptionalToken = { token: sessionTokenSchema.optional() };

/**
 * The presence and queue messages whose `token` is the session token: the app's client sends it on
 * each of them (the renderer's socket adds it), while other clients may leave it out. See
 * docs/design.md, "Protocol principles".
 */
export type SessionTokenMessageType =
  'GET_ONLINE_STATUS' | 'CHECK_QUEUE_STATUS' | 'JOIN_RANKED_QUEUE' | 'JOIN_QUICK_QUEUE' | 'LEAVE_QUEUE';

export const clientMessageSchemas = {
  MESSAGING_AUTH: z.object({
    type: z.literal('MESSAGING_AUTH'),
    token: sessionTokenSchema,
    /** The protocol revision the client speaks (PROTOCOL_VERSION); absent: the first. */
    protocol: z.number().int().min(1).max(1000).optional(),
  }),
  PING: z.object({ type: z.literal('PING'), ...withOptionalToken }),
  GET_ONLINE_STATUS: z.object({
    type: z.literal('GET_ONLINE_STATUS'),
    userIds: z.array(userIdSchema).max(1000),
    ...withOptionalToken,
  }),
  CHECK_QUEUE_STATUS: z.object({ type: z.literal('CHECK_QUEUE_STATUS'), ...withOptionalToken }),
  JOIN_RANKED_QUEUE: z.object({ type: z.literal('JOIN_RANKED_QUEUE'), ...withOptionalToken }),
  /** `size`: the players wanted at the table, 2 (the default), 3 or 4. */
  JOIN_QUICK_QUEUE: z.object({
    type: z.literal('JOIN_QUICK_QUEUE'),
    size: tableSizeSchema.optional(),
    ...withOptionalToken,
  }),
  LEAVE_QUEUE: z.object({ type: z.literal('LEAVE_QUEUE'), ...withOptionalToken }),
  /** `token` here is the match token from MATCH_FOUND, not the session. */
  ACCEPT_MATCH: z.object({ type: z.literal('ACCEPT_MATCH'), token: matchTokenSchema, userId: userIdSchema }),
  REJECT_MATCH: z.object({ type: z.literal('REJECT_MATCH'), token: matchTokenSchema, userId: userIdSchema }),
  GAME_JOIN: z.object({ type: z.literal('GAME_JOIN'), gameId: gameIdSchema }),
  GAME_PLAY: z.object({
    type: z.literal('GAME_PLAY'),
    gameId: gameIdSchema,
    card: cardSchema,
    seq: z.number().int().min(0),
  }),
  GAME_RESIGN: z.object({ type: z.literal('GAME_RESIGN'), gameId: gameIdSchema }),
  GAME_LEAVE: z.object({ type: z.literal('GAME_LEAVE'), gameId: gameIdSchema }),
  /** Turns down a private game's invitation (the friend) or withdraws it (the challenger). */
  DECLINE_GAME_INVITATION: z.object({ type: z.literal('DECLINE_GAME_INVITATION'), gameId: gameIdSchema }),
  /** Asks for (or agrees to) a rematch of a finished game the sender played in. */
  ACCEPT_REMATCH: z.object({ type: z.literal('ACCEPT_REMATCH'), gameId: gameIdSchema }),
  /** Turns down a rematch of a finished game, or leaves it: nobody can start one afterwards. */
  DECLINE_REMATCH: z.object({ type: z.literal('DECLINE_REMATCH'), gameId: gameIdSchema }),
  CHAT_SEND: chatSendSchema,
  GAME_EMOTE: gameEmoteSchema,
  ...tournamentClientMessageSchemas,
} as const;

export type ClientMessageType = keyof typeof clientMessageSchemas;
export const CLIENT_MESSAGE_TYPES = Object.keys(clientMessageSchemas) as ClientMessageType[];

export type ClientMessage = {
  [K in ClientMessageType]: z.infer<(typeof clientMessageSchemas)[K]>;
}[ClientMessageType];
export type ClientMessageOf<K extends ClientMessageType> = Extract<ClientMessage, { type: K }>;

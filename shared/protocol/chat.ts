/**
 * Chat between accepted friends: the socket messages (CHAT_SEND in, CHAT_MESSAGE out) and the
 * contracts of /api/chat. See docs/protocol.md, "Chat", and docs/api.md, "Chat".
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { beforeSchema, limitSchema, userIdSchema } from './common';

/** Longest message, in characters (Unicode code points) after trimming. */
export const CHAT_MAX_CHARS = 1000;
/** Messages one player may send in CHAT_RATE_WINDOW_MS. */
export const CHAT_RATE_LIMIT = 10;
export const CHAT_RATE_WINDOW_MS = 10_000;
/** The default and largest page of GET /api/chat/{friendId}/messages. */
export const CHAT_PAGE_DEFAULT = 30;
export const CHAT_PAGE_MAX = 100;

/** A message's text as stored: surrounding white space removed. */
export function chatText(raw: string): string {
  return raw.trim();
}

/** Characters as a person counts them: code points, so an emoji is one, not two UTF-16 units. */
export function chatLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The sender's id for a message, chosen by the client and repeated on a retry. */
export const chatClientIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'clientId must be 1 to 64 letters, digits, - or _');

/** A stored message, as the socket and the REST API both give it. */
export const chatMessageSchema = z.object({
  id: z.number().int().positive(),
  clientId: z.string(),
  fromUserId: userIdSchema,
  toUserId: userIdSchema,
  text: z.string(),
  createdAt: z.number().int(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** CHAT_SEND: the text is checked (trimmed, 1 to 1000 characters) by the server, not here, so the
 * refusal can name the clientId. The bound only keeps an absurd frame out. */
export const chatSendSchema = z.object({
  type: z.literal('CHAT_SEND'),
  clientId: chatClientIdSchema,
  toUserId: userIdSchema,
  text: z.string().max(CHAT_MAX_CHARS * 4, `text must be at most ${CHAT_MAX_CHARS} characters`),
});

/** CHAT_MESSAGE: a stored message, to every connection of both players. */
export const chatMessageFrameSchema = z.object({
  type: z.literal('CHAT_MESSAGE'),
  message: chatMessageSchema,
});

/** GET /api/chat/conversations */
export const conversationSchema = z.object({
  friend: z.object({ id: userIdSchema, username: z.string() }),
  lastMessage: chatMessageSchema,
  unreadCount: z.number().int().min(0),
});
export type Conversation = z.infer<typeof conversationSchema>;
export const conversationsSchema = z.array(conversationSchema);

const friendIdParamSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, 'friendId must be a positive whole number')
  .transform(Number)
  .pipe(z.number().max(Number.MAX_SAFE_INTEGER));
export const chatFriendParamsSchema = z.object({ friendId: friendIdParamSchema });

/** GET /api/chat/{friendId}/messages?before=&limit= */
export const chatMessagesQuerySchema = z.object({
  before: beforeSchema('before must be a message id', 'before must be a message id'),
  limit: limitSchema(CHAT_PAGE_DEFAULT, CHAT_PAGE_MAX),
});
/**
 * Newest first; `nextBefore` is the `before` of the next (older) page, null at the beginning. The
 * friend and the friendship's id come with every page (the chat header and its challenge button).
 */
export const chatPageSchema = z.object({
  friend: z.object({ id: userIdSchema, username: z.string() }),
  friendshipId: z.number().int().positive(),
  messages: z.array(chatMessageSchema),
  nextBefore: z.number().int().nullable(),
});
export type ChatPage = z.infer<typeof chatPageSchema>;

/** POST /api/chat/{friendId}/read: everything received so far is read. */
export const chatReadSchema = z.object({
  lastReadId: z.number().int().nullable(),
  unreadCount: z.number().int().min(0),
});

// ── Endpoints ───────────────────────────────────────────────────────────────────────────────────

/** Conversations, history and the read marker; sending is over the socket (CHAT_SEND). */
export const chatApi = {
  conversations: defineEndpoint({
    method: 'GET',
    path: '/api/chat/conversations',
    response: conversationsSchema,
    auth: 'required',
  }),
  messages: defineEndpoint({
    method: 'GET',
    path: '/api/chat/:friendId/messages',
    params: chatFriendParamsSchema,
    query: chatMessagesQuerySchema,
    response: chatPageSchema,
    auth: 'required',
    errors: ['chat_not_friends', 'chat_blocked', 'chat_self'],
  }),
  read: defineEndpoint({
    method: 'POST',
    path: '/api/chat/:friendId/read',
    params: chatFriendParamsSchema,
    response: chatReadSchema,
    auth: 'required',
    errors: ['chat_not_friends', 'chat_blocked', 'chat_self'],
  }),
};

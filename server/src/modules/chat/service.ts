/**
 * Chat between accepted friends: messages are stored once per (sender, client id), refused between
 * strangers and blocked pairs, rate-limited per sender, and announced by push to a recipient with
 * no open socket. See docs/design.md, "Chat and push".
 */
import {
  CHAT_MAX_CHARS,
  CHAT_RATE_LIMIT,
  CHAT_RATE_WINDOW_MS,
  chatLength,
  chatText,
  type ChatMessage,
  type ChatPage,
  type Conversation,
} from '@shared/protocol';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import type { Notifier } from '../devices/notifier';
import { friendIdsOf, pairKey, relationBetween, type FriendshipRow } from '../social/relations';
import {
  findByClientId,
  insertMessage,
  lastMessages,
  markRead,
  newestReceived,
  pageOf,
  toChatMessage,
  unreadBySender,
  usernames,
} from './repo';

/** How long a push preview of a message may be, in characters. */
const PREVIEW_CHARS = 140;

/**
 * Messages each sender sent in the last window, by client id: a message sent again with the same
 * client id is not counted twice. In memory for one node; several nodes count in Redis.
 */
export class ChatRateLimiter {
  private readonly sent = new Map<number, { at: number; clientId: string }[]>();

  constructor(
    private readonly limit = CHAT_RATE_LIMIT,
    private readonly windowMs = CHAT_RATE_WINDOW_MS,
  ) {}

  private calls = 0;

  /** Senders with a recent message (tests). */
  get size(): number {
    return this.sent.size;
  }

  /** Counts this send; false when the sender is over the limit. */
  take(userId: number, clientId: string, now: number): boolean {
    // Now and then, forget senders whose messages have all left the window.
    if (++this.calls % 1000 === 0) {
      for (const [id, entries] of this.sent)
        if (entries.every((entry) => now - entry.at >= this.windowMs)) this.sent.delete(id);
    }
    const recent = (this.sent.get(userId) ?? []).filter((entry) => now - entry.at < this.windowMs);
    if (recent.some((entry) => entry.clientId === clientId)) return true;
    if (recent.length >= this.limit) {
      this.sent.set(userId, recent);
      return false;
    }
    recent.push({ at: now, clientId });
    this.sent.set(userId, recent);
    return true;
  }
}

/** Counts a sender's messages: ChatRateLimiter on one node, a Redis one across nodes. */
export interface ChatRateLimits {
  take(userId: number, clientId: string, now: number): boolean | Promise<boolean>;
}

export interface ChatSend {
  clientId: string;
  toUserId: number;
  text: string;
}

export interface ChatDeps {
  db: Db;
  now: () => number;
  notifier?: Pick<Notifier, 'notify'>;
  limiter?: ChatRateLimits;
}

export class ChatService {
  private readonly limiter: ChatRateLimits;

  constructor(private readonly deps: ChatDeps) {
    this.limiter = deps.limiter ?? new ChatRateLimiter();
  }

  private get kysely() {
    return this.deps.db.kysely;
  }

  /** Refuses unless the two are accepted friends (a blocked pair is told so). */
  private async requireFriends(userId: number, friendId: number): Promise<FriendshipRow> {
    if (userId === friendId) throw new DomainError('invalid', 'You cannot message yourself', 'chat_self');
    const relation = await relationBetween(this.kysely, userId, friendId);
    if (relation?.status === 'blocked')
      throw new DomainError('forbidden', 'You cannot message this player', 'chat_blocked');
    if (relation?.status !== 'accepted')
      throw new DomainError('forbidden', 'You can only message friends', 'chat_not_friends');
    return relation;
  }

  /**
   * Stores a message (or finds the one already stored under this client id). `created` is false for
   * a repeat, which the caller answers to the sender alone.
   */
  async send(sender: { userId: number; username: string }, input: ChatSend) {
    const text = chatText(input.text);
    const length = chatLength(text);
    if (length === 0) throw new DomainError('invalid', 'Message cannot be empty', 'chat_text_empty');
    if (length > CHAT_MAX_CHARS)
      throw new DomainError(
        'invalid',
        `Message is longer than ${CHAT_MAX_CHARS} characters`,
        'chat_text_too_long',
      );
    await this.requireFriends(sender.userId, input.toUserId);
    const existing = await findByClientId(this.kysely, sender.userId, input.clientId);
    if (existing) return { message: toChatMessage(existing), created: false };
    const now = this.deps.now();
    if (!(await this.limiter.take(sender.userId, input.clientId, now))) {
      throw new DomainError(
        'rate_limited',
        `You can send ${CHAT_RATE_LIMIT} messages every ${CHAT_RATE_WINDOW_MS / 1000} seconds; wait a moment`,
        'chat_rate_limited',
      );
    }
    const { row, created } = await insertMessage(this.kysely, {
      pairKey: pairKey(sender.userId, input.toUserId),
      senderId: sender.userId,
      recipientId: input.toUserId,
      clientId: input.clientId,
      body: text,
      now,
    });
    const message = toChatMessage(row);
    if (created) {
      void this.deps.notifier?.notify(input.toUserId, {
        kind: 'chat_message',
        title: sender.username,
        body: [...text].slice(0, PREVIEW_CHARS).join(''),
        data: { friendId: String(sender.userId), messageId: String(message.id) },
      });
    }
    return { message, created };
  }

  /** One page of the conversation, newest first. */
  async page(userId: number, friendId: number, before: number | undefined, limit: number): Promise<ChatPage> {
    const friendship = await this.requireFriends(userId, friendId);
    // One more than asked says whether an older page exists.
    const [rows, [friend]] = await Promise.all([
      pageOf(this.kysely, pairKey(userId, friendId), before, limit + 1),
      usernames(this.kysely, [friendId]),
    ]);
    const messages = rows.slice(0, limit).map(toChatMessage);
    return {
      friend: { id: friendId, username: friend?.username ?? '' },
      friendshipId: friendship.id,
      messages,
      nextBefore: rows.length > limit ? messages[messages.length - 1]!.id : null,
    };
  }

  /** The user's conversations with current friends, newest message first. */
  async conversations(userId: number): Promise<Conversation[]> {
    const friends = await friendIdsOf(this.kysely, userId);
    if (friends.length === 0) return [];
    const [last, unread, names] = await Promise.all([
      lastMessages(
        this.kysely,
        friends.map((friendId) => pairKey(userId, friendId)),
      ),
      unreadBySender(this.kysely, userId),
      usernames(this.kysely, friends),
    ]);
    const nameOf = new Map(names.map((row) => [row.id, row.username]));
    return last
      .map((row) => {
        const friendId = row.sender_id === userId ? row.recipient_id : row.sender_id;
        return {
          friend: { id: friendId, username: nameOf.get(friendId) ?? '' },
          lastMessage: toChatMessage(row),
          unreadCount: unread.get(friendId) ?? 0,
        };
      })
      .sort((a, b) => b.lastMessage.id - a.lastMessage.id);
  }

  /** Marks everything the friend has sent so far as read. */
  async read(userId: number, friendId: number): Promise<{ lastReadId: number | null; unreadCount: 0 }> {
    await this.requireFriends(userId, friendId);
    const newest = await newestReceived(this.kysely, userId, friendId);
    if (newest === null) return { lastReadId: null, unreadCount: 0 };
    return {
      lastReadId: await markRead(this.kysely, userId, friendId, newest, this.deps.now()),
      unreadCount: 0,
    };
  }
}

export type { ChatMessage };

import type { Kysely, Selectable } from 'kysely';
import type { ChatMessage } from '@shared/protocol';
import type { ChatMessagesTable, Database } from '../../db/schema';

type Db = Kysely<Database>;
type Row = Selectable<ChatMessagesTable>;

export function toChatMessage(row: Row): ChatMessage {
  return {
    id: row.id,
    clientId: row.client_id,
    fromUserId: row.sender_id,
    toUserId: row.recipient_id,
    text: row.body,
    createdAt: row.created_at,
  };
}

/**
 * Stores a message unless the sender already sent one with this client id; either way returns the
 * stored row and whether this call created it. The unique (sender_id, client_id) key settles
 * concurrent sends of the same message.
 */
export async function insertMessage(
  db: Db,
  row: {
    pairKey: string;
    senderId: number;
    recipientId: number;
    clientId: string;
    body: string;
    now: number;
  },
): Promise<{ row: Row; created: boolean }> {
  const inserted = await db
    .insertInto('chat_messages')
    .values({
      pair_key: row.pairKey,
      sender_id: row.senderId,
      recipient_id: row.recipientId,
      client_id: row.clientId,
      body: row.body,
      created_at: row.now,
    })
    .onConflict((oc) => oc.columns(['sender_id', 'client_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const stored = await findByClientId(db, row.senderId, row.clientId);
  if (!stored) throw new Error('chat message vanished between insert and read');
  return { row: stored, created: false };
}

export function findByClientId(db: Db, senderId: number, clientId: string): Promise<Row | undefined> {
  return db
    .selectFrom('chat_messages')
    .selectAll()
    .where('sender_id', '=', senderId)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

/** A page of a conversation, newest first, older than `before` when given. */
export function pageOf(db: Db, pairKey: string, before: number | undefined, limit: number): Promise<Row[]> {
  let query = db.selectFrom('chat_messages').selectAll().where('pair_key', '=', pairKey);
  if (before !== undefined) query = query.where('id', '<', before);
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** The newest message of each of these conversations. */
export async function lastMessages(db: Db, pairKeys: string[]): Promise<Row[]> {
  if (pairKeys.length === 0) return [];
  const newest = db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('pair_key', 'in', pairKeys)
    .groupBy('pair_key');
  return db.selectFrom('chat_messages').selectAll().where('id', 'in', newest).execute();
}

/** Unread messages to `userId`, counted per sender: newer than the reader's marker for them. */
export async function unreadBySender(db: Db, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('chat_messages as m')
    .leftJoin('chat_reads as r', (join) =>
      join.onRef('r.friend_id', '=', 'm.sender_id').on('r.user_id', '=', userId),
    )
    .select(['m.sender_id', (eb) => eb.fn.countAll<number>().as('unread')])
    .where('m.recipient_id', '=', userId)
    .where((eb) => eb.or([eb('r.last_read_id', 'is', null), eb('m.id', '>', eb.ref('r.last_read_id'))]))
    .groupBy('m.sender_id')
    .execute();
  return new Map(rows.map((row) => [row.sender_id, Number(row.unread)]));
}

/** The newest message `friendId` sent `userId`, or null. */
export async function newestReceived(db: Db, userId: number, friendId: number): Promise<number | null> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('recipient_id', '=', userId)
    .where('sender_id', '=', friendId)
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/** Moves the reader's marker forward to `lastReadId` (never back). */
export async function markRead(
  db: Db,
  userId: number,
  friendId: number,
  lastReadId: number,
  now: number,
): Promise<number> {
  await db
    .insertInto('chat_reads')
    .values({ user_id: userId, friend_id: friendId, last_read_id: lastReadId, updated_at: now })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'friend_id'])
        .doUpdateSet({ last_read_id: lastReadId, updated_at: now })
        .where('chat_reads.last_read_id', '<', lastReadId),
    )
    .execute();
  const row = await db
    .selectFrom('chat_reads')
    .select('last_read_id')
    .where('user_id', '=', userId)
    .where('friend_id', '=', friendId)
    .executeTakeFirstOrThrow();
  return row.last_read_id;
}

export function usernames(db: Db, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();
}

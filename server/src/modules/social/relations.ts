/**
 * How two players stand with each other, read by every social feature (friends, presence, private
 * games, chat) and by matchmaking, which never pairs a blocked pair. One friendships row per pair;
 * see docs/design.md, "Social".
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, FriendshipsTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
export type FriendshipRow = Selectable<FriendshipsTable>;

/** The unique key of a pair, the same whichever of the two asks. */
export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

/** The pair's row, if they have one (pending, accepted or blocked). */
export function relationBetween(db: Db, a: number, b: number): Promise<FriendshipRow | undefined> {
  return db.selectFrom('friendships').selectAll().where('pair_key', '=', pairKey(a, b)).executeTakeFirst();
}

export async function areFriends(db: Db, a: number, b: number): Promise<boolean> {
  return (await relationBetween(db, a, b))?.status === 'accepted';
}

/** True when either of the two blocked the other. */
export async function isBlockedBetween(db: Db, a: number, b: number): Promise<boolean> {
  return (await relationBetween(db, a, b))?.status === 'blocked';
}

/** The ids of a user's accepted friends. */
export async function friendIdsOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('friendships')
    .select(['user_id', 'friend_id'])
    .where('status', '=', 'accepted')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
    .execute();
  return rows.map((row) => (row.user_id === userId ? row.friend_id : row.user_id));
}

/** Everyone a user blocked or was blocked by: they must never meet in a queue or a chat. */
export async function blockedPartnersOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('friendships')
    .select(['user_id', 'friend_id'])
    .where('status', '=', 'blocked')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
    .execute();
  return rows.map((row) => (row.user_id === userId ? row.friend_id : row.user_id));
}

/**
 * The friendships table's writes and list reads. One row per pair, keyed by `pair_key`; every
 * write is a single statement guarded by the row's current state, so requests racing each other
 * leave one row. See docs/design.md, "Social".
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { pairKey, type FriendshipRow } from './relations';

type Db = Kysely<Database>;

/** A pending request from `from` to `to`, unless the pair already has a row. True when inserted. */
export async function insertRequest(db: Db, from: number, to: number, now: number): Promise<boolean> {
  const result = await db
    .insertInto('friendships')
    .values({
      pair_key: pairKey(from, to),
      user_id: from,
      friend_id: to,
      status: 'pending',
      blocked_by: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('pair_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Accepts the pending request with this id sent to `receiver`. True when it was accepted now. */
export async function acceptRequest(db: Db, id: number, receiver: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('friendships')
    .set({ status: 'accepted', updated_at: now })
    .where('id', '=', id)
    .where('friend_id', '=', receiver)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the pending request with this id sent to `receiver`. True when it was deleted now. */
export async function rejectRequest(db: Db, id: number, receiver: number): Promise<boolean> {
  const result = await db
    .deleteFrom('friendships')
    .where('id', '=', id)
    .where('friend_id', '=', receiver)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function findById(db: Db, id: number): Promise<FriendshipRow | undefined> {
  return db.selectFrom('friendships').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes the pair's row when it is accepted or pending (not a block). True when deleted. */
export async function deleteFriendship(db: Db, a: number, b: number): Promise<boolean> {
  const result = await db
    .deleteFrom('friendships')
    .where('pair_key', '=', pairKey(a, b))
    .where('status', 'in', ['accepted', 'pending'])
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * `blocker` blocks `blocked`: the pair's row becomes a block by `blocker`, whatever it was, unless
 * it already is a block (by either of them), which stands as it is.
 */
export async function upsertBlock(db: Db, blocker: number, blocked: number, now: number): Promise<void> {
  const block = {
    user_id: blocker,
    friend_id: blocked,
    status: 'blocked' as const,
    blocked_by: blocker,
    created_at: now,
    updated_at: now,
  };
  await db
    .insertInto('friendships')
    .values({ pair_key: pairKey(blocker, blocked), ...block })
    .onConflict((oc) => oc.column('pair_key').doUpdateSet(block).where('friendships.status', '<>', 'blocked'))
    .execute();
}

/** Lifts the block `blocker` placed on the pair. True when there was one. */
export async function deleteBlock(db: Db, blocker: number, blocked: number): Promise<boolean> {
  const result = await db
    .deleteFrom('friendships')
    .where('pair_key', '=', pairKey(blocker, blocked))
    .where('status', '=', 'blocked')
    .where('blocked_by', '=', blocker)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A row of the caller's list, with the other player's id and name. */
export interface ListedRow extends FriendshipRow {
  otherId: number;
  otherUsername: string;
}

/**
 * Every row the caller takes part in, except blocks placed on them, each with the other player
 * (rows with a deleted account are left out).
 */
export async function listFor(db: Db, userId: number): Promise<ListedRow[]> {
  const rows = await db
    .selectFrom('friendships')
    .selectAll()
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('friend_id', '=', userId)]))
    .where((eb) => eb.or([eb('status', '<>', 'blocked'), eb('blocked_by', '=', userId)]))
    .orderBy('id')
    .execute();
  if (rows.length === 0) return [];
  const otherOf = (row: FriendshipRow) => (row.user_id === userId ? row.friend_id : row.user_id);
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', rows.map(otherOf))
    .where('deleted_at', 'is', null)
    .execute();
  const names = new Map(users.map((u) => [u.id, u.username]));
  return rows.flatMap((row) => {
    const otherUsername = names.get(otherOf(row));
    return otherUsername === undefined ? [] : [{ ...row, otherId: otherOf(row), otherUsername }];
  });
}

/** A user who can be asked or blocked: id, name and visibility, never a deleted account. */
export function findLiveUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'profile_visibility', 'marked_for_delete_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/**
 * Public, live players whose name starts with `prefix` (case-insensitive), at most `limit`, never
 * `viewer` and never anyone in a block with them (either way). Names are compared by their prefix with `substr`,
 * not LIKE, so `_` and `%` in a name mean themselves.
 */
export function searchUsers(db: Db, viewer: number, prefix: string, limit: number) {
  const lower = prefix.toLowerCase();
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where((eb) =>
      eb(eb.fn('substr', [eb.ref('username_lower'), eb.val(1), eb.val(lower.length)]), '=', lower),
    )
    .where('profile_visibility', '=', 'public')
    .where('deleted_at', 'is', null)
    .where('marked_for_delete_at', 'is', null)
    .where('id', '<>', viewer)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('friendships')
            .select('friendships.id')
            .where('friendships.status', '=', 'blocked')
            .where((inner) =>
              inner.or([
                inner.and([
                  inner('friendships.user_id', '=', viewer),
                  inner('friendships.friend_id', '=', inner.ref('users.id')),
                ]),
                inner.and([
                  inner('friendships.friend_id', '=', viewer),
                  inner('friendships.user_id', '=', inner.ref('users.id')),
                ]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('username_lower')
    .limit(limit)
    .execute();
}

export async function visibilityOf(db: Db, userId: number): Promise<'public' | 'private'> {
  const row = await db
    .selectFrom('users')
    .select('profile_visibility')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.profile_visibility;
}

export async function setVisibility(db: Db, userId: number, visibility: 'public' | 'private', now: number) {
  await db
    .updateTable('users')
    .set({ profile_visibility: visibility, updated_at: now })
    .where('id', '=', userId)
    .execute();
}

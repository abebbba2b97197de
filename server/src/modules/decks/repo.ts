import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, DecksTable } from '../../db/schema';

type Db = Kysely<Database>;
export type DeckRow = Selectable<DecksTable>;

/** Every deck, the system default first, then in catalogue order. */
export function allDecks(db: Db) {
  return db.selectFrom('decks').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findDeck(db: Db, id: number) {
  return db.selectFrom('decks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The rows of the decks a user acquired (never the system default, which needs none). */
export function userDeckRows(db: Db, userId: number) {
  return db
    .selectFrom('user_decks')
    .select(['deck_id', 'is_default', 'acquired_at'])
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Adds a deck to a user's collection unless it is there already; returns whether it was added.
 * A concurrent insert of the same (user, deck) waits for the other and then does nothing.
 */
export async function insertUserDeck(
  trx: Transaction<Database>,
  userId: number,
  deckId: number,
  now: number,
): Promise<boolean> {
  const row = await trx
    .insertInto('user_decks')
    .values({ user_id: userId, deck_id: deckId, acquired_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'deck_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Clears the user's default (back to the system deck), then marks `deckId` when given. */
export async function setDefaultDeck(
  trx: Transaction<Database>,
  userId: number,
  deckId: number | null,
): Promise<boolean> {
  await trx
    .updateTable('user_decks')
    .set({ is_default: 0 })
    .where('user_id', '=', userId)
    .where('is_default', '=', 1)
    .execute();
  if (deckId === null) return true;
  const result = await trx
    .updateTable('user_decks')
    .set({ is_default: 1 })
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Removes a deck from a user's collection; returns whether they had it. */
export async function deleteUserDeck(db: Db, userId: number, deckId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('user_decks')
    .where('user_id', '=', userId)
    .where('deck_id', '=', deckId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

import { type Kysely, sql } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { id, time, ref, primaryId }: Spelling): Promise<void> {
  // The deck catalogue, written at start-up (modules/decks/catalogue.ts). Id -1 is a fixed
  // row: the system default deck everyone owns, so it never appears in user_decks.
  await db.schema
    .createTable('decks')
    .addColumn('id', id, primaryId)
    .addColumn('folder', 'text', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('deck_type', 'text', (col) => col.notNull())
    .addColumn('membership', 'text', (col) => col.notNull())
    .addColumn('price', 'integer', (col) => col.notNull().check(sql`price >= 0`))
    .addColumn('currency_type', 'text', (col) => col.notNull())
    .addColumn('is_tradeable', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('deck_url', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', time, (col) => col.notNull())
    .execute();

  // Decks a player acquired; the system default (-1) is owned without a row.
  await db.schema
    .createTable('user_decks')
    .addColumn('id', id, primaryId)
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('deck_id', ref, (col) =>
      col
        .notNull()
        .references('decks.id')
        .check(sql`deck_id > 0`),
    )
    .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('acquired_at', time, (col) => col.notNull())
    .addUniqueConstraint('user_decks_once', ['user_id', 'deck_id'])
    .execute();
  // At most one default per player; none means the system default deck.
  await db.schema
    .createIndex('user_decks_one_default')
    .on('user_decks')
    .column('user_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  // The avatar a player chose from the avatars they bought; null shows their initials.
  await db.schema
    .alterTable('users')
    .addColumn('avatar_item_id', ref, (col) => col.references('shop_items.id').onDelete('set null'))
    .execute();
}

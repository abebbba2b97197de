import { type Kysely, sql } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { id, time, ref, primaryId }: Spelling): Promise<void> {
  // One row per pair of players, whoever asked first: pair_key is "low:high" of the two ids,
  // unique, so a request crossing the other's request or a second block cannot make a second
  // row. user_id asked, friend_id was asked; blocked_by is who blocked (status 'blocked').
  await db.schema
    .createTable('friendships')
    .addColumn('id', id, primaryId)
    .addColumn('pair_key', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('pending', 'accepted', 'blocked')`),
    )
    .addColumn('blocked_by', ref, (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .addCheckConstraint('friendships_two_players', sql`user_id <> friend_id`)
    .execute();
  await db.schema.createIndex('friendships_user').on('friendships').column('user_id').execute();
  await db.schema.createIndex('friendships_friend').on('friendships').column('friend_id').execute();
  // Public profiles can be found and asked; private ones cannot.
  await db.schema
    .alterTable('users')
    .addColumn('profile_visibility', 'text', (col) => col.notNull().defaultTo('public'))
    .execute();
}

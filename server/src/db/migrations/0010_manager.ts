import type { Kysely } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { id, time, ref, primaryId }: Spelling): Promise<void> {
  // The staff audit log: one row per change made in the staff area, written in the same
  // transaction as the change. Accounts are anonymised rather than deleted, so the staff
  // member normally stays; a hard delete keeps the row and forgets who.
  await db.schema
    .createTable('staff_actions')
    .addColumn('id', id, primaryId)
    .addColumn('staff_user_id', ref, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text')
    .addColumn('details', 'text', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .execute();
  // Set when staff edit a shop item, so the catalogue seeded at start-up stops overwriting it.
  await db.schema.alterTable('shop_items').addColumn('edited_at', time).execute();
}

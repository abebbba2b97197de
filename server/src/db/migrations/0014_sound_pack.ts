import type { Kysely } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { ref }: Spelling): Promise<void> {
  // The sound pack a player activated; null plays the standard sounds.
  await db.schema
    .alterTable('users')
    .addColumn('sound_pack_item_id', ref, (col) => col.references('shop_items.id').onDelete('set null'))
    .execute();
}

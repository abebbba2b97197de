import type { Kysely } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { time }: Spelling): Promise<void> {
  // A move row carries what the room needs to resume after it (its turn deadline and
  // expiry counts), so a play stores only its row and the game's state is written at the
  // start of each hand. Older rows, all covered by their game's stored state, keep nulls.
  // See docs/design.md, "Game storage".
  await db.schema.alterTable('moves').addColumn('turn_deadline', time).execute();
  await db.schema.alterTable('moves').addColumn('expiries', 'text').execute();
}

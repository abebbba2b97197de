import type { Kysely } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { time, ref }: Spelling): Promise<void> {
  // A private game waits for the friend it invites: who that is and until when. Both stay
  // set on a game that started or was cancelled, as a record of the invitation.
  await db.schema
    .alterTable('games')
    .addColumn('invited_user_id', ref, (col) => col.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('games').addColumn('invite_expires_at', time).execute();
}

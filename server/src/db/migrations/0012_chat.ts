import type { Kysely } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { id, time, ref, primaryId }: Spelling): Promise<void> {
  // One row per message between two players; pair_key is the friendships key of the two.
  // (sender_id, client_id) is unique: a message sent again with the same client id (a retry,
  // a second tab) is the stored one, never a second row.
  await db.schema
    .createTable('chat_messages')
    .addColumn('id', id, primaryId)
    .addColumn('pair_key', 'text', (col) => col.notNull())
    .addColumn('sender_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addUniqueConstraint('chat_messages_sender_client', ['sender_id', 'client_id'])
    .execute();
  await db.schema.createIndex('chat_messages_pair').on('chat_messages').columns(['pair_key', 'id']).execute();
  await db.schema
    .createIndex('chat_messages_recipient')
    .on('chat_messages')
    .columns(['recipient_id', 'id'])
    .execute();
  // How far each reader has read each conversation: the newest message id they have seen.
  await db.schema
    .createTable('chat_reads')
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('friend_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('last_read_id', ref, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_reads_pk', ['user_id', 'friend_id'])
    .execute();
}

import type { Kysely } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { id, time, ref, primaryId }: Spelling): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', id, primaryId)
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('username_lower', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('email_lower', 'text', (col) => col.unique())
    .addColumn('password_hash', 'text')
    .addColumn('google_sub', 'text', (col) => col.unique())
    .addColumn('is_verified', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
    .addColumn('marked_for_delete_at', time)
    .addColumn('deleted_at', time)
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', id, primaryId)
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('last_used_at', time, (col) => col.notNull())
    .addColumn('expires_at', time, (col) => col.notNull())
    .addColumn('revoked_at', time)
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('id', id, primaryId)
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('expires_at', time, (col) => col.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema.createIndex('email_tokens_user_id').on('email_tokens').column('user_id').execute();

  await db.schema
    .createTable('device_tokens')
    .addColumn('id', id, primaryId)
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token', 'text', (col) => col.notNull().unique())
    .addColumn('platform', 'text', (col) => col.notNull())
    .addColumn('device_name', 'text')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('device_tokens_user_id').on('device_tokens').column('user_id').execute();
}

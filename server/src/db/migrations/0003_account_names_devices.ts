import { type Kysely, sql } from 'kysely';
import { usernameKey } from '@shared/usernames';
import type { Spelling } from './kit';

export async function up(
  db: Kysely<unknown>,
  { dialect, id, time, ref, primaryId }: Spelling,
): Promise<void> {
  // Look-alike names ("bob" and "b0b") share a key, and the key is unique. Existing accounts
  // keep their names: the later of two look-alikes gets its key made unique with its id ('#'
  // never appears in a chosen name), so neither can be copied again. Anonymised accounts
  // keep their `deleted-<id>` name as the key, as anonymiseUser writes it.
  await db.schema
    .alterTable('users')
    .addColumn('username_key', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
  const users = await sql<{ id: number; username: string; deleted_at: number | null }>`
          select id, username, deleted_at from users order by id`.execute(db);
  const seen = new Set<string>();
  for (const user of users.rows) {
    let key = user.deleted_at === null ? usernameKey(user.username) : user.username;
    if (seen.has(key)) key = `${key}#${user.id}`;
    seen.add(key);
    await sql`update users set username_key = ${key} where id = ${user.id}`.execute(db);
  }
  await db.schema.createIndex('users_username_key').on('users').column('username_key').unique().execute();

  // A device token is unique per (token, user), no longer per token: registering someone
  // else's token adds a row instead of taking theirs over. SQLite cannot drop a column's
  // UNIQUE, so there the table is rebuilt.
  if (dialect === 'postgres') {
    await db.schema.alterTable('device_tokens').dropConstraint('device_tokens_token_key').execute();
    await db.schema
      .alterTable('device_tokens')
      .addUniqueConstraint('device_tokens_token_user', ['token', 'user_id'])
      .execute();
  } else {
    await db.schema
      .createTable('device_tokens_next')
      .addColumn('id', id, primaryId)
      .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('token', 'text', (col) => col.notNull())
      .addColumn('platform', 'text', (col) => col.notNull())
      .addColumn('device_name', 'text')
      .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('created_at', time, (col) => col.notNull())
      .addColumn('updated_at', time, (col) => col.notNull())
      .addUniqueConstraint('device_tokens_token_user', ['token', 'user_id'])
      .execute();
    await sql`insert into device_tokens_next
            (id, user_id, token, platform, device_name, is_active, created_at, updated_at)
            select id, user_id, token, platform, device_name, is_active, created_at, updated_at
            from device_tokens`.execute(db);
    await db.schema.dropTable('device_tokens').execute();
    await db.schema.alterTable('device_tokens_next').renameTo('device_tokens').execute();
    await db.schema.createIndex('device_tokens_user_id').on('device_tokens').column('user_id').execute();
  }
}

import { type Kysely, sql } from 'kysely';
import type { Spelling } from './kit';

// It touches only its own tables, so it runs the same in any order relative to the others.
export async function up(db: Kysely<unknown>, { id, time, primaryId }: Spelling): Promise<void> {
  // Google sign-ins in progress and the one-time codes they end in. Both are single use
  // (used_at set by one conditional update) and expire within minutes; see docs/design.md,
  // "Google sign-in".
  await db.schema
    .createTable('oauth_states')
    .addColumn('id', id, primaryId)
    .addColumn('state_hash', 'text', (col) => col.notNull().unique())
    .addColumn('nonce', 'text', (col) => col.notNull())
    .addColumn('google_verifier', 'text', (col) => col.notNull())
    .addColumn('platform', 'text', (col) => col.notNull().check(sql`platform in ('web', 'native')`))
    .addColumn('app_challenge', 'text', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('expires_at', time, (col) => col.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema.createIndex('oauth_states_expiry').on('oauth_states').column('expires_at').execute();
  await db.schema
    .createTable('oauth_codes')
    .addColumn('id', id, primaryId)
    .addColumn('code_hash', 'text', (col) => col.notNull().unique())
    .addColumn('app_challenge', 'text', (col) => col.notNull())
    .addColumn('google_sub', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('email_verified', 'integer', (col) => col.notNull())
    .addColumn('name', 'text')
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('expires_at', time, (col) => col.notNull())
    .addColumn('used_at', time)
    .execute();
  await db.schema.createIndex('oauth_codes_expiry').on('oauth_codes').column('expires_at').execute();
}

import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Password resets and e-mail changes share email_tokens with verification (a purpose
  // each). A new link supersedes the user's earlier ones of its purpose, and resets are
  // counted per account, so both look tokens up by user and purpose, newest first.
  await db.schema
    .createIndex('email_tokens_user_purpose')
    .on('email_tokens')
    .columns(['user_id', 'purpose', 'created_at'])
    .execute();
}

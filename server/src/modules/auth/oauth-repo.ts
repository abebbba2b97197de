/** SQL of the Google sign-in flow: states in progress and one-time app codes. */
import type { Kysely } from 'kysely';
import type { Database, OAuthCodesTable, OAuthStatesTable } from '../../db/schema';

type Db = Kysely<Database>;

export function insertState(db: Db, row: Omit<OAuthStatesTable, 'id' | 'used_at'>) {
  return db.insertInto('oauth_states').values(row).execute();
}

/**
 * Marks a live, unused state used and returns it; undefined when it is unknown, expired or already
 * used. One conditional update, so of two racing callbacks exactly one gets the row.
 */
export function consumeState(db: Db, stateHash: string, now: number) {
  return db
    .updateTable('oauth_states')
    .set({ used_at: now })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

export function insertCode(db: Db, row: Omit<OAuthCodesTable, 'id' | 'used_at'>) {
  return db.insertInto('oauth_codes').values(row).execute();
}

/**
 * Redeems a live, unused code whose challenge matches the verifier's, returning it; undefined
 * otherwise. A wrong verifier does not burn the code; the right one redeems it exactly once.
 */
export function consumeCode(db: Db, codeHash: string, challenge: string, now: number) {
  return db
    .updateTable('oauth_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('app_challenge', '=', challenge)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returningAll()
    .executeTakeFirst();
}

/** Drops states and codes past their expiry (used or not): they can never be redeemed. */
export async function deleteExpired(db: Db, now: number): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<=', now).execute();
  await db.deleteFrom('oauth_codes').where('expires_at', '<=', now).execute();
}

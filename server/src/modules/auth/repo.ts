import type { Kysely, Selectable } from 'kysely';
import { usernameKey } from '@shared/usernames';
import { firstPrepared, prepared } from '../../db/prepared';
import type { Database, EmailTokenPurpose, SessionsTable, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
type Db = Kysely<Database>;

// The session check runs on every request and socket sign-in: prepared statements (see
// docs/design.md, "Game storage").
const USER_BY_ID = prepared<UserRow>('user_by_id', 'select * from users where id = ? and deleted_at is null');
const SESSION_BY_HASH = prepared<Selectable<SessionsTable>>(
  'session_by_hash',
  'select * from sessions where token_hash = ?',
);

/** A unique index refused the write (both dialects' ways of saying so). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return (
    e.code === '23505' ||
    e.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    /UNIQUE constraint failed/.test(e.message ?? '')
  );
}

export function findUserById(db: Db, id: number) {
  return firstPrepared(db, USER_BY_ID, [id]);
}

/** By username or email, ignoring case. */
export function findUserByLogin(db: Db, login: string) {
  const lower = login.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('username_lower', '=', lower), eb('email_lower', '=', lower)]))
    .orderBy('id')
    .executeTakeFirst();
}

export function findUserByUsername(db: Db, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The account whose name folds to the same key as `username` (itself, or a look-alike). */
export function findUserByUsernameKey(db: Db, username: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', usernameKey(username))
    .executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email_lower', '=', email.toLowerCase())
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function findUserByGoogleSub(db: Db, sub: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where('google_sub', '=', sub)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export interface NewUser {
  username: string;
  email: string | null;
  passwordHash: string | null;
  googleSub: string | null;
  isVerified: boolean;
  now: number;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({
      username: user.username,
      username_lower: user.username.toLowerCase(),
      username_key: usernameKey(user.username),
      email: user.email,
      email_lower: user.email?.toLowerCase() ?? null,
      password_hash: user.passwordHash,
      google_sub: user.googleSub,
      is_verified: user.isVerified ? 1 : 0,
      role: 'user',
      created_at: user.now,
      updated_at: user.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateUser(db: Db, id: number, changes: Partial<Omit<UserRow, 'id'>>, now: number) {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function insertSession(
  db: Db,
  session: {
    userId: number;
    tokenHash: string;
    now: number;
    expiresAt: number;
    userAgent: string | null;
    ip: string | null;
  },
) {
  return db
    .insertInto('sessions')
    .values({
      user_id: session.userId,
      token_hash: session.tokenHash,
      created_at: session.now,
      last_used_at: session.now,
      expires_at: session.expiresAt,
      user_agent: session.userAgent,
      ip: session.ip,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function findSessionByHash(db: Db, tokenHash: string) {
  return firstPrepared(db, SESSION_BY_HASH, [tokenHash]);
}

export function findSessionById(db: Db, id: number) {
  return db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function touchSession(db: Db, id: number, now: number, expiresAt: number) {
  return db
    .updateTable('sessions')
    .set({ last_used_at: now, expires_at: expiresAt })
    .where('id', '=', id)
    .execute();
}

export function revokeSession(db: Db, id: number, now: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
}

export function revokeUserSessions(db: Db, userId: number, now: number) {
  return db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function insertEmailToken(
  db: Db,
  token: {
    userId: number;
    tokenHash: string;
    purpose: EmailTokenPurpose;
    email: string;
    now: number;
    expiresAt: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      purpose: token.purpose,
      email: token.email,
      created_at: token.now,
      expires_at: token.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Marks the user's unused links of these purposes used (all but `exceptId`), so none of them
 * works any more: a newer mail replaced them, or what they were for happened.
 */
export function supersedeEmailTokens(
  db: Db,
  userId: number,
  purposes: EmailTokenPurpose[],
  now: number,
  exceptId?: number,
) {
  let query = db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('purpose', 'in', purposes)
    .where('used_at', 'is', null);
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return query.execute();
}

export function findEmailToken(db: Db, tokenHash: string) {
  return db.selectFrom('email_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Marks a token used; false when it was already used (a second click, or a race). */
export async function consumeEmailToken(db: Db, id: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('email_tokens')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function latestEmailTokenAt(db: Db, userId: number, purpose: EmailTokenPurpose = 'verify_email') {
  return db
    .selectFrom('email_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** How many links of `purpose` the user was sent since `since` (used or not). */
export async function countEmailTokensSince(
  db: Db,
  userId: number,
  purpose: EmailTokenPurpose,
  since: number,
): Promise<number> {
  const row = await db
    .selectFrom('email_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The new address an e-mail change waits to verify, if a live link for one is out. */
export async function pendingEmailOf(db: Db, userId: number, now: number): Promise<string | null> {
  const row = await db
    .selectFrom('email_tokens')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'change_email')
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.email ?? null;
}

/**
 * Sets a new password with the reset link that allowed it, in one transaction: the link is
 * consumed only if still unused (of many racing requests exactly one gets here), the account's
 * other reset links and all its sessions end, and the address counts as verified (the link
 * proved it is read). False when the link was already used.
 */
export async function applyPasswordReset(
  db: Db,
  reset: { tokenId: number; userId: number; passwordHash: string; now: number },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await consumeEmailToken(trx, reset.tokenId, reset.now))) return false;
    await supersedeEmailTokens(trx, reset.userId, ['reset_password'], reset.now);
    await trx
      .updateTable('users')
      .set({ password_hash: reset.passwordHash, is_verified: 1, updated_at: reset.now })
      .where('id', '=', reset.userId)
      .execute();
    await revokeUserSessions(trx, reset.userId, reset.now);
    return true;
  });
}

/** A new password for a signed-in user; every session but `keepSessionId` ends with it. */
export async function changePassword(
  db: Db,
  change: { userId: number; passwordHash: string; keepSessionId: number; now: number },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ password_hash: change.passwordHash, updated_at: change.now })
      .where('id', '=', change.userId)
      .execute();
    await trx
      .updateTable('sessions')
      .set({ revoked_at: change.now })
      .where('user_id', '=', change.userId)
      .where('id', '!=', change.keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
    // A reset link mailed before the change must not undo it.
    await supersedeEmailTokens(trx, change.userId, ['reset_password'], change.now);
  });
}

/**
 * Makes a verified new address the account's, consuming its link. False when the link was used
 * already or another account took the address meanwhile (the unique index decides a race).
 */
export async function applyEmailChange(
  db: Db,
  change: { tokenId: number; userId: number; email: string; now: number },
): Promise<boolean> {
  try {
    return await db.transaction().execute(async (trx) => {
      if (!(await consumeEmailToken(trx, change.tokenId, change.now))) return false;
      // Links to the old address (verification, reset) end with it.
      await supersedeEmailTokens(
        trx,
        change.userId,
        ['verify_email', 'change_email', 'reset_password'],
        change.now,
      );
      await trx
        .updateTable('users')
        .set({
          email: change.email,
          email_lower: change.email.toLowerCase(),
          is_verified: 1,
          updated_at: change.now,
        })
        .where('id', '=', change.userId)
        .execute();
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

export function usersPastDeletionGrace(db: Db, cutoff: number) {
  return db
    .selectFrom('users')
    .select('id')
    .where('marked_for_delete_at', 'is not', null)
    .where('marked_for_delete_at', '<=', cutoff)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Removes everything that identifies a user but keeps the row, so game history stays whole. */
export async function anonymiseUser(db: Db, id: number, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').where('user_id', '=', id).execute();
    await trx.deleteFrom('email_tokens').where('user_id', '=', id).execute();
    await trx.deleteFrom('device_tokens').where('user_id', '=', id).execute();
    // A hyphen cannot appear in a chosen username (nor in its key), so this name never collides
    // with one; using it as the key unchanged frees the old name's key.
    const username = `deleted-${id}`;
    await trx
      .updateTable('users')
      .set({
        username,
        username_lower: username,
        username_key: username,
        email: null,
        email_lower: null,
        password_hash: null,
        google_sub: null,
        is_verified: 0,
        role: 'user',
        deleted_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  });
}

import type { Kysely, Selectable } from 'kysely';
import { usernameKey } from '@shared/usernames';
import { firstPrepared, prepared } from '../../db/prepared';
import type { Database, SessionsTable, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;
type Db = Kysely<Database>;

// The session check runs on every request and socket sign-in: prepared statements (see
// docs/design.md, "Game storage").
const USER_BY_ID = prepared<UserRow>('user_by_id', 'select * from users where id = ? and deleted_at is null');
const SESSION_BY_HASH = prepared<Selectable<SessionsTable>>(
  'session_by_hash',
  'select * from sessions where token_hash = ?',
);

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

export function insertEmailToken(
  db: Db,
  token: { userId: number; tokenHash: string; email: string; now: number; expiresAt: number },
) {
  return db
    .insertInto('email_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      purpose: 'verify_email',
      email: token.email,
      created_at: token.now,
      expires_at: token.expiresAt,
    })
    .execute();
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

export function latestEmailTokenAt(db: Db, userId: number) {
  return db
    .selectFrom('email_tokens')
    .select('created_at')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
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

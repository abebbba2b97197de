import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * One row per (token, user). Registering a token again refreshes and revives the caller's own row;
 * registering a token someone else holds adds a row for the caller and leaves theirs alone, so a
 * stranger cannot take a device's notifications over, and its owner's deactivate still finds their
 * row. Delivery goes to the newest active registration (`deliveryOwner`). See docs/design.md,
 * "Device tokens".
 */
export function upsertDeviceToken(
  db: Db,
  row: { userId: number; token: string; platform: string; deviceName: string | null; now: number },
) {
  return db
    .insertInto('device_tokens')
    .values({
      user_id: row.userId,
      token: row.token,
      platform: row.platform,
      device_name: row.deviceName,
      is_active: 1,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.columns(['token', 'user_id']).doUpdateSet({
        platform: row.platform,
        device_name: row.deviceName,
        is_active: 1,
        updated_at: row.now,
      }),
    )
    .returning(['id', 'token', 'platform', 'device_name', 'is_active'])
    .executeTakeFirstOrThrow();
}

/** Deactivates the caller's own row for `token`; false when the caller never registered it. */
export async function deactivateDeviceToken(
  db: Db,
  userId: number,
  token: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('device_tokens')
    .set({ is_active: 0, updated_at: now })
    .where('user_id', '=', userId)
    .where('token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The caller's registrations, newest first; never another user's. */
export function listDeviceTokens(db: Db, userId: number) {
  return db
    .selectFrom('device_tokens')
    .select(['id', 'token', 'platform', 'device_name', 'is_active', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/**
 * Who a notification for `token` may go to: the user whose active registration of it is the most
 * recent (registered or refreshed last), or undefined when no one has it active.
 */
export function deliveryOwner(db: Db, token: string) {
  return db
    .selectFrom('device_tokens')
    .select(['user_id', 'platform', 'updated_at'])
    .where('token', '=', token)
    .where('is_active', '=', 1)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The tokens a notification for `userId` goes to: active, and this user is their delivery owner. */
export async function deliveryTokensOf(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('device_tokens')
    .select('token')
    .where('user_id', '=', userId)
    .where('is_active', '=', 1)
    .execute();
  const tokens: string[] = [];
  for (const { token } of rows) if ((await deliveryOwner(db, token))?.user_id === userId) tokens.push(token);
  return tokens;
}

/** The provider says a token is dead: no one's registration of it is active any more. */
export async function deactivateTokenEverywhere(db: Db, token: string, now: number): Promise<void> {
  await db
    .updateTable('device_tokens')
    .set({ is_active: 0, updated_at: now })
    .where('token', '=', token)
    .where('is_active', '=', 1)
    .execute();
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** One row per device token; registering it again (by anyone) moves it to that user and revives it. */
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
      oc.column('token').doUpdateSet({
        user_id: row.userId,
        platform: row.platform,
        device_name: row.deviceName,
        is_active: 1,
        updated_at: row.now,
      }),
    )
    .returning(['id', 'token', 'platform', 'device_name', 'is_active'])
    .executeTakeFirstOrThrow();
}

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

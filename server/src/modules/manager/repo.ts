import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, DailyRewardsTable, ShopItemsTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
export type DailyRewardRow = Selectable<DailyRewardsTable>;
export type ShopItemRow = Selectable<ShopItemsTable>;

// ── Audit ───────────────────────────────────────────────────────────────────────────────────────

export interface StaffActionInput {
  staffUserId: number;
  action: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown>;
  now: number;
}

/** Appends one audit row and returns its id. */
export async function recordAction(trx: Db, input: StaffActionInput): Promise<number> {
  const row = await trx
    .insertInto('staff_actions')
    .values({
      staff_user_id: input.staffUserId,
      action: input.action,
      target_type: input.targetType,
      target_id: input.targetId,
      details: JSON.stringify(input.details),
      created_at: input.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Newest first, optionally older than `before`, with the staff member's current name. */
export function listActions(db: Db, limit: number, before: number | undefined) {
  let query = db
    .selectFrom('staff_actions')
    .leftJoin('users', 'users.id', 'staff_actions.staff_user_id')
    .select([
      'staff_actions.id',
      'staff_actions.staff_user_id',
      'users.username',
      'staff_actions.action',
      'staff_actions.target_type',
      'staff_actions.target_id',
      'staff_actions.details',
      'staff_actions.created_at',
    ])
    .orderBy('staff_actions.id', 'desc')
    .limit(limit);
  if (before !== undefined) query = query.where('staff_actions.id', '<', before);
  return query.execute();
}

// ── Daily rewards ───────────────────────────────────────────────────────────────────────────────

/** Every reward, inactive ones too, in day order. */
export function allDailyRewards(db: Db): Promise<DailyRewardRow[]> {
  return db.selectFrom('daily_rewards').selectAll().orderBy('day').orderBy('id').execute();
}

export function findDailyReward(db: Db, id: number): Promise<DailyRewardRow | undefined> {
  return db.selectFrom('daily_rewards').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertDailyReward(db: Db, values: Insertable<DailyRewardsTable>): Promise<DailyRewardRow> {
  return db.insertInto('daily_rewards').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateDailyReward(
  db: Db,
  id: number,
  values: Updateable<DailyRewardsTable>,
): Promise<DailyRewardRow | undefined> {
  return db.updateTable('daily_rewards').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteDailyReward(db: Db, id: number): Promise<boolean> {
  const row = await db.deleteFrom('daily_rewards').where('id', '=', id).returning('id').executeTakeFirst();
  return row !== undefined;
}

// ── Shop items ──────────────────────────────────────────────────────────────────────────────────

export function allShopItems(db: Db): Promise<ShopItemRow[]> {
  return db.selectFrom('shop_items').selectAll().orderBy('sort_order').orderBy('id').execute();
}

export function findShopItem(db: Db, id: number): Promise<ShopItemRow | undefined> {
  return db.selectFrom('shop_items').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The next sort position: new items go after every existing one. */
export async function nextSortOrder(db: Db): Promise<number> {
  const row = await db
    .selectFrom('shop_items')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 10;
}

export function insertShopItem(db: Db, values: Insertable<ShopItemsTable>): Promise<ShopItemRow> {
  return db.insertInto('shop_items').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateShopItem(
  db: Db,
  id: number,
  values: Updateable<ShopItemsTable>,
): Promise<ShopItemRow | undefined> {
  return db.updateTable('shop_items').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

// ── Users ───────────────────────────────────────────────────────────────────────────────────────

/** A live (not deleted) account. */
export function findLiveUser(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

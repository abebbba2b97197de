import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, LedgerEntriesTable, ShopItemsTable } from '../../db/schema';

type Db = Kysely<Database>;
export type LedgerRow = Selectable<LedgerEntriesTable>;
export type ShopItemRow = Selectable<ShopItemsTable>;

/** A user's ledger, newest first, from just below `before` (an entry id) when given. */
export function ledgerPage(db: Db, userId: number, limit: number, before: number | undefined) {
  let query = db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId);
  if (before !== undefined) query = query.where('id', '<', before);
  // Ids only grow, so a page read with `before` never shifts when newer entries arrive.
  return query.orderBy('id', 'desc').limit(limit).execute();
}

/** Items on sale, in catalogue order. */
export function activeShopItems(db: Db) {
  return db
    .selectFrom('shop_items')
    .selectAll()
    .where('is_active', '=', 1)
    .orderBy('sort_order')
    .orderBy('id')
    .execute();
}

export function findActiveShopItem(db: Db, id: number) {
  return db
    .selectFrom('shop_items')
    .selectAll()
    .where('id', '=', id)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

/** The ids of the shop items a user holds a purchase of. */
export async function ownedItemIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('purchases')
    .select('shop_item_id')
    .where('user_id', '=', userId)
    .execute();
  return new Set(rows.map((row) => row.shop_item_id));
}

/**
 * Whether the user holds a purchase of the shop item: any, for "already owned" (it is never sold
 * twice), or with `inForce` only one staff have not deactivated, for using the item.
 */
export async function hasPurchase(
  db: Db,
  userId: number,
  shopItemId: number,
  inForce = false,
): Promise<boolean> {
  let query = db
    .selectFrom('purchases')
    .select('id')
    .where('user_id', '=', userId)
    .where('shop_item_id', '=', shopItemId);
  if (inForce) query = query.where('is_active', '=', 1);
  return (await query.executeTakeFirst()) !== undefined;
}

/**
 * Records a purchase unless the user already holds one of the item; returns its id, or undefined
 * when a purchase existed (or a concurrent one committed first: the unique index decides).
 */
export async function insertPurchase(
  trx: Transaction<Database>,
  purchase: {
    userId: number;
    shopItemId: number;
    price: number;
    currencyType: 'regular' | 'premium';
    now: number;
  },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('purchases')
    .values({
      user_id: purchase.userId,
      shop_item_id: purchase.shopItemId,
      price: purchase.price,
      currency_type: purchase.currencyType,
      purchase_date: purchase.now,
      expiry_date: null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'shop_item_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

const PURCHASE_COLUMNS = [
  'purchases.id',
  'purchases.user_id',
  'purchases.shop_item_id',
  'purchases.price',
  'purchases.currency_type',
  'purchases.purchase_date',
  'purchases.expiry_date',
  'purchases.is_active',
  'shop_items.kind',
  'shop_items.name',
  'shop_items.description',
  'shop_items.image_url',
] as const;

/** Purchases, each with the item it bought. */
const purchasesWithItems = (db: Db) =>
  db
    .selectFrom('purchases')
    .innerJoin('shop_items', 'shop_items.id', 'purchases.shop_item_id')
    .select(PURCHASE_COLUMNS);

/** A user's purchases with the item each bought, newest first. */
export function purchasesOf(db: Db, userId: number) {
  return purchasesWithItems(db)
    .where('purchases.user_id', '=', userId)
    .orderBy('purchases.purchase_date', 'desc')
    .orderBy('purchases.id', 'desc')
    .execute();
}

export function findPurchase(db: Db, id: number) {
  return purchasesWithItems(db).where('purchases.id', '=', id).executeTakeFirstOrThrow();
}

export type PurchaseRow = Awaited<ReturnType<typeof findPurchase>>;

/** A user's completed payments for coin and gem packs, with the pack each bought. */
export function paidPacksOf(db: Db, userId: number) {
  return db
    .selectFrom('payments')
    .innerJoin('shop_items', 'shop_items.id', 'payments.shop_item_id')
    .select([
      'payments.id',
      'payments.user_id',
      'payments.shop_item_id',
      'payments.reference',
      'payments.amount',
      'payments.money_currency',
      'payments.grant_currency_type',
      'payments.completed_at',
      'payments.created_at',
      'shop_items.kind',
      'shop_items.name',
      'shop_items.description',
      'shop_items.image_url',
    ])
    .where('payments.user_id', '=', userId)
    .where('payments.status', '=', 'completed')
    .execute();
}
export type PaidPackRow = Awaited<ReturnType<typeof paidPacksOf>>[number];

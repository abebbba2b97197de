import type { Kysely, Selectable } from 'kysely';
import type { Database, PaymentsTable } from '../../db/schema';

type Db = Kysely<Database>;
export type PaymentRow = Selectable<PaymentsTable>;

/** An active shop item with what it costs in money and grants (set for coin and gem packs). */
export function findActiveItem(db: Db, shopItemId: number) {
  return db
    .selectFrom('shop_items')
    .select(['id', 'kind', 'name', 'money_price', 'money_currency', 'grant_amount', 'grant_currency_type'])
    .where('id', '=', shopItemId)
    .where('is_active', '=', 1)
    .executeTakeFirst();
}

export async function insertPayment(
  db: Db,
  row: Omit<PaymentRow, 'id' | 'failure_reason' | 'completed_at' | 'authorization_url'>,
): Promise<void> {
  await db.insertInto('payments').values(row).execute();
}

export function findPayment(db: Db, reference: string) {
  return db.selectFrom('payments').selectAll().where('reference', '=', reference).executeTakeFirst();
}

/** A payment with the name of what it buys (the checkout page shows both). */
export function findPaymentWithItem(db: Db, reference: string) {
  return db
    .selectFrom('payments')
    .innerJoin('shop_items', 'shop_items.id', 'payments.shop_item_id')
    .selectAll('payments')
    .select(['shop_items.name', 'shop_items.description'])
    .where('payments.reference', '=', reference)
    .executeTakeFirst();
}

export async function setAuthorizationUrl(
  db: Db,
  reference: string,
  url: string,
  now: number,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({ authorization_url: url, updated_at: now })
    .where('reference', '=', reference)
    .execute();
}

/** The user's payments still waiting on the provider, newest first. */
export function pendingOf(db: Db, userId: number) {
  return db
    .selectFrom('payments')
    .innerJoin('shop_items', 'shop_items.id', 'payments.shop_item_id')
    .select([
      'payments.reference',
      'payments.status',
      'payments.shop_item_id',
      'shop_items.name',
      'payments.created_at',
    ])
    .where('payments.user_id', '=', userId)
    .where('payments.status', '=', 'pending')
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(100)
    .execute();
}

/** Payments still pending that were started at or before `createdBefore`, oldest first. */
export function pendingSince(db: Db, createdBefore: number, limit: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<=', createdBefore)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Marks a pending payment failed. Only a pending one: a payment that another request completed
 * in the meantime stays completed. Returns whether this call changed it.
 */
export async function markFailed(db: Db, reference: string, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'failed', failure_reason: reason, updated_at: now })
    .where('reference', '=', reference)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

import type { Balance, CurrencyTransaction, Purchase, ShopItem, TransactionsPage } from '@shared/protocol';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { AlreadyRecorded, balanceOf, moveMoney } from './ledger';
import {
  activeShopItems,
  findActiveShopItem,
  findPurchase,
  hasPurchase,
  insertPurchase,
  ledgerPage,
  ownedItemIds,
  paidPacksOf,
  purchasesOf,
  type LedgerRow,
  type PaidPackRow,
  type PurchaseRow,
  type ShopItemRow,
} from './repo';

const itemNotFound = () => new DomainError('not_found', 'Shop item not found', 'shop_item_not_found');
const alreadyOwned = () => new DomainError('conflict', 'You already own this item', 'already_owned');

/** Coin and gem packs cost real money; they are bought through checkout, never from a balance. */
export const isPack = (item: Pick<ShopItemRow, 'kind'>) =>
  item.kind === 'coin_pack' || item.kind === 'gem_pack';

function toTransaction(row: LedgerRow): CurrencyTransaction {
  return {
    id: row.id,
    currencyType: row.currency_type,
    amount: row.delta,
    balanceAfter: row.balance_after,
    reason: row.reason,
    reference: row.reference,
    description: row.description,
    createdAt: row.created_at,
  };
}

export function toShopItem(row: ShopItemRow, owned: boolean): ShopItem {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    price: row.price,
    currencyType: row.currency_type,
    moneyPrice: row.money_price,
    moneyCurrency: row.money_currency,
    grantAmount: row.grant_amount,
    grantCurrencyType: row.grant_currency_type,
    assetUrl: row.asset_url,
    // A pack is spent the moment it is paid for; it is never something one owns.
    owned: !isPack(row) && owned,
  };
}

/** What a purchase says of its record and the item bought, however it was paid. */
function purchasedItem(row: PurchaseRow | PaidPackRow) {
  return {
    id: row.id,
    userId: row.user_id,
    shopItemId: row.shop_item_id,
    itemId: row.shop_item_id,
    kind: row.kind,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
  };
}

function toPurchase(row: PurchaseRow): Purchase {
  return {
    ...purchasedItem(row),
    price: row.price,
    currencyType: row.currency_type,
    purchaseDate: row.purchase_date,
    expiryDate: row.expiry_date,
    // Active unless explicitly switched off.
    isActive: row.is_active !== 0,
    paymentReference: null,
    moneyPrice: null,
    moneyCurrency: null,
  };
}

/** A pack paid with money, as a purchase: nothing was spent from a balance. */
function packToPurchase(row: PaidPackRow): Purchase {
  return {
    ...purchasedItem(row),
    price: 0,
    currencyType: row.grant_currency_type,
    purchaseDate: row.completed_at ?? row.created_at,
    expiryDate: null,
    isActive: true,
    paymentReference: row.reference,
    moneyPrice: row.amount,
    moneyCurrency: row.money_currency,
  };
}

/** Balances, the ledger, the shop, and purchases paid from a balance. */
export class CurrencyService {
  constructor(private readonly deps: { db: Db; now: () => number }) {}

  balance(userId: number): Promise<Balance> {
    return balanceOf(this.deps.db.kysely, userId);
  }

  /** Newest first; `nextBefore` is the cursor of the next page, null when this one is the last. */
  async transactions(userId: number, limit: number, before: number | undefined): Promise<TransactionsPage> {
    // One extra row says whether another page exists without a count query.
    const rows = await ledgerPage(this.deps.db.kysely, userId, limit + 1, before);
    const page = rows.slice(0, limit);
    return {
      transactions: page.map(toTransaction),
      nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
    };
  }

  async shop(userId: number): Promise<ShopItem[]> {
    const db = this.deps.db.kysely;
    const [items, owned] = await Promise.all([activeShopItems(db), ownedItemIds(db, userId)]);
    return items.map((item) => toShopItem(item, owned.has(item.id)));
  }

  /** Items bought from a balance and packs paid with money, newest first. */
  async purchases(userId: number): Promise<Purchase[]> {
    const db = this.deps.db.kysely;
    const [items, packs] = await Promise.all([purchasesOf(db, userId), paidPacksOf(db, userId)]);
    return [...items.map(toPurchase), ...packs.map(packToPurchase)].sort(
      (a, b) => b.purchaseDate - a.purchaseDate,
    );
  }

  /**
   * Buys an item priced in coins or gems: the ownership row and the debit (with its ledger row)
   * commit together or not at all. Concurrent purchases by one user serialise on the user's row
   * inside moveMoney, and the purchases table's unique (user, item) lets one of several attempts
   * at the same item through.
   */
  async purchase(
    userId: number,
    shopItemId: number,
  ): Promise<{ message: string; purchase: Purchase; balance: Balance }> {
    const db = this.deps.db.kysely;
    const item = await findActiveShopItem(db, shopItemId);
    if (!item) throw itemNotFound();
    if (isPack(item) || item.money_price !== null)
      throw new DomainError(
        'invalid',
        'Coin and gem packs are paid for with money, not coins or gems: buy them through checkout',
        'pay_with_money',
      );
    const { price, currency_type: currencyType } = item;
    if (price === null || currencyType === null)
      throw new DomainError('invalid', 'This item is not for sale', 'not_for_sale');
    // Answers the common repeat without a write; the unique index below settles any race.
    if (await hasPurchase(db, userId, item.id)) throw alreadyOwned();

    const now = this.deps.now();
    try {
      return await db.transaction().execute(async (trx) => {
        const purchaseId = await insertPurchase(trx, {
          userId,
          shopItemId: item.id,
          price,
          currencyType,
          now,
        });
        if (purchaseId === undefined) throw alreadyOwned();
        if (price > 0) {
          await moveMoney(trx, {
            userId,
            currencyType,
            delta: -price,
            reason: 'purchase',
            reference: `item:${item.id}`,
            description: `Bought ${item.name}`,
            now,
          });
        }
        return {
          message: `You bought ${item.name}`,
          purchase: toPurchase(await findPurchase(trx, purchaseId)),
          balance: await balanceOf(trx, userId),
        };
      });
    } catch (error) {
      // A ledger debit for this item without an ownership row: it was bought before.
      if (error instanceof AlreadyRecorded) throw alreadyOwned();
      throw error;
    }
  }
}

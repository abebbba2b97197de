import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type {
  AdjustBalanceBody,
  CreateDailyRewardBody,
  CreateShopItemBody,
  DailyReward,
  ManagerShopItem,
  Role,
  StaffAction,
  UpdateDailyRewardBody,
  UpdateShopItemBody,
} from '@shared/protocol';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors';
import { balanceOf, moveMoney } from '../currency/ledger';
import { isPack, toShopItem } from '../currency/service';
import { toDailyReward } from '../rewards/service';
import * as repo from './repo';

/** Who may use the staff area. Decided from the session's user, never from the request. */
export function isStaff(role: Role): boolean {
  return role === 'manager' || role === 'admin';
}

export interface Staff {
  id: number;
  username: string;
}

const rewardNotFound = () => new DomainError('not_found', 'Daily reward not found', 'daily_reward_not_found');
const dayTaken = (day: number) =>
  new DomainError('conflict', `Day ${day} already has an active reward`, 'daily_reward_day_taken');
const itemNotFound = () => new DomainError('not_found', 'Shop item not found', 'shop_item_not_found');
const nothingToChange = () =>
  new DomainError('invalid', 'Send at least one field to change', 'nothing_to_change');

/** The shop's view of an item, plus what only staff see. */
function toItem(row: repo.ShopItemRow): ManagerShopItem {
  const { owned: _owned, ...item } = toShopItem(row, false);
  return {
    ...item,
    id: Number(row.id),
    sku: row.sku,
    sortOrder: row.sort_order,
    isActive: row.is_active === 1,
  };
}

export interface ManagerServiceDeps {
  db: Db;
  now: () => number;
  /** What new packs are charged in (the payment currency). */
  moneyCurrency: string;
}

/**
 * The staff area. Every change is written together with its audit row in one transaction, so
 * nothing a member of staff does goes unrecorded and no record outlives a change that failed.
 */
export class ManagerService {
  constructor(private readonly deps: ManagerServiceDeps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  private audit(
    trx: Transaction<Database>,
    staff: Staff,
    action: string,
    target: { type: string; id: number | null },
    details: Record<string, unknown>,
  ): Promise<number> {
    return repo.recordAction(trx, {
      staffUserId: staff.id,
      action,
      targetType: target.type,
      targetId: target.id === null ? null : String(target.id),
      details,
      now: this.deps.now(),
    });
  }

  // ── Daily rewards ───────────────────────────────────────────────────────────────────────────

  async dailyRewards(): Promise<DailyReward[]> {
    return (await repo.allDailyRewards(this.db)).map(toDailyReward);
  }

  /** A bonus item must be a shop item that exists (it may be inactive: claims then skip it). */
  private async checkBonusItem(trx: Transaction<Database>, itemId: number | null | undefined) {
    if (itemId === null || itemId === undefined) return;
    if (!(await repo.findShopItem(trx, itemId)))
      throw new DomainError('invalid', 'bonusItemId: no such shop item', 'unknown_bonus_item');
  }

  /**
   * Runs a write that may make a second active reward for a day. The partial unique index on
   * active days decides between concurrent writes (one commits, the others fail here and write
   * nothing, their audit row included). See docs/design.md, "Staff area".
   */
  private async oneActivePerDay<T>(day: () => number | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw dayTaken(day() ?? 1);
      throw error;
    }
  }

  async createDailyReward(staff: Staff, body: CreateDailyRewardBody): Promise<DailyReward> {
    const now = this.deps.now();
    return this.oneActivePerDay(
      () => body.day,
      () =>
        this.db.transaction().execute(async (trx) => {
          await this.checkBonusItem(trx, body.bonusItemId);
          const row = await repo.insertDailyReward(trx, {
            day: body.day,
            amount: body.amount,
            currency_type: body.currencyType,
            description: body.description,
            image_url: body.imageUrl,
            is_active: body.isActive ? 1 : 0,
            bonus_item_id: body.bonusItemId,
            created_at: now,
            updated_at: now,
          });
          const reward = toDailyReward(row);
          await this.audit(
            trx,
            staff,
            'daily_reward.create',
            { type: 'daily_reward', id: reward.id },
            reward,
          );
          return reward;
        }),
    );
  }

  async updateDailyReward(staff: Staff, id: number, body: UpdateDailyRewardBody): Promise<DailyReward> {
    if (Object.keys(body).length === 0) throw nothingToChange();
    const now = this.deps.now();
    let day = body.day;
    return this.oneActivePerDay(
      () => day,
      () =>
        this.db.transaction().execute(async (trx) => {
          const before = await repo.findDailyReward(trx, id);
          if (!before) throw rewardNotFound();
          day ??= before.day;
          await this.checkBonusItem(trx, body.bonusItemId);
          const row = await repo.updateDailyReward(trx, id, {
            day: body.day,
            amount: body.amount,
            currency_type: body.currencyType,
            description: body.description,
            image_url: body.imageUrl,
            is_active: body.isActive === undefined ? undefined : body.isActive ? 1 : 0,
            bonus_item_id: body.bonusItemId,
            updated_at: now,
          });
          if (!row) throw rewardNotFound();
          const reward = toDailyReward(row);
          await this.audit(
            trx,
            staff,
            'daily_reward.update',
            { type: 'daily_reward', id },
            { before: toDailyReward(before), changes: body },
          );
          return reward;
        }),
    );
  }

  async deleteDailyReward(staff: Staff, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await repo.findDailyReward(trx, id);
      if (!before || !(await repo.deleteDailyReward(trx, id))) throw rewardNotFound();
      await this.audit(
        trx,
        staff,
        'daily_reward.delete',
        { type: 'daily_reward', id },
        toDailyReward(before),
      );
    });
  }

  // ── Shop items ──────────────────────────────────────────────────────────────────────────────

  async shopItems(): Promise<ManagerShopItem[]> {
    return (await repo.allShopItems(this.db)).map(toItem);
  }

  async createShopItem(staff: Staff, body: CreateShopItemBody): Promise<ManagerShopItem> {
    const now = this.deps.now();
    return this.db.transaction().execute(async (trx) => {
      const common = {
        // Staff items get their own sku space, so the start-up catalogue can never claim them.
        sku: `staff_${body.kind}_${randomBytes(6).toString('hex')}`,
        kind: body.kind,
        name: body.name,
        description: body.description,
        image_url: body.imageUrl,
        sort_order: await repo.nextSortOrder(trx),
        is_active: body.isActive ? 1 : 0,
        created_at: now,
        edited_at: now,
      };
      const row = await repo.insertShopItem(
        trx,
        'moneyPrice' in body
          ? {
              ...common,
              money_price: body.moneyPrice,
              money_currency: this.deps.moneyCurrency,
              grant_amount: body.grantAmount,
              grant_currency_type: body.kind === 'coin_pack' ? 'regular' : 'premium',
            }
          : {
              ...common,
              price: body.price,
              currency_type: body.currencyType,
              // An avatar's full image is its picture unless another is given.
              asset_url: body.assetUrl ?? (body.kind === 'avatar' ? body.imageUrl : null),
            },
      );
      const item = toItem(row);
      await this.audit(trx, staff, 'shop_item.create', { type: 'shop_item', id: item.id }, item);
      return item;
    });
  }

  /** Edits an item; `isActive: false` withdraws it from sale (purchases keep pointing at it). */
  async updateShopItem(staff: Staff, id: number, body: UpdateShopItemBody): Promise<ManagerShopItem> {
    if (Object.keys(body).length === 0) throw nothingToChange();
    const now = this.deps.now();
    return this.db.transaction().execute(async (trx) => {
      const before = await repo.findShopItem(trx, id);
      if (!before) throw itemNotFound();
      const pack = isPack(before);
      if (pack && (body.price !== undefined || body.currencyType !== undefined))
        throw new DomainError(
          'invalid',
          'Packs are bought with money: set moneyPrice and grantAmount, not price',
          'pack_has_no_price',
        );
      if (!pack && (body.moneyPrice !== undefined || body.grantAmount !== undefined))
        throw new DomainError(
          'invalid',
          'Only coin and gem packs have moneyPrice and grantAmount',
          'not_a_pack',
        );
      const row = await repo.updateShopItem(trx, id, {
        name: body.name,
        description: body.description,
        image_url: body.imageUrl,
        price: body.price,
        currency_type: body.currencyType,
        money_price: body.moneyPrice,
        grant_amount: body.grantAmount,
        is_active: body.isActive === undefined ? undefined : body.isActive ? 1 : 0,
        edited_at: now,
      });
      if (!row) throw itemNotFound();
      const item = toItem(row);
      await this.audit(
        trx,
        staff,
        'shop_item.update',
        { type: 'shop_item', id },
        { before: toItem(before), changes: body },
      );
      return item;
    });
  }

  // ── Balances ────────────────────────────────────────────────────────────────────────────────

  /**
   * Grants (positive) or deducts (negative) coins or gems. The audit row is written first so its
   * id names the ledger move (`staff:<actionId>`); a deduction below zero rolls both back.
   */
  async adjustBalance(staff: Staff, userId: number, body: AdjustBalanceBody) {
    const now = this.deps.now();
    return this.db.transaction().execute(async (trx) => {
      const user = await repo.findLiveUser(trx, userId);
      if (!user) throw new DomainError('not_found', 'User not found', 'user_not_found');
      const actionId = await this.audit(
        trx,
        staff,
        'user.adjust',
        { type: 'user', id: userId },
        {
          username: user.username,
          currencyType: body.currencyType,
          amount: body.amount,
          reason: body.reason,
        },
      );
      await moveMoney(trx, {
        userId,
        currencyType: body.currencyType,
        delta: body.amount,
        reason: 'staff_adjustment',
        reference: `staff:${actionId}`,
        description: `${body.amount > 0 ? 'Granted' : 'Deducted'} by ${staff.username}: ${body.reason}`,
        now,
      });
      const unit = body.currencyType === 'regular' ? 'coin' : 'gem';
      const size = Math.abs(body.amount);
      return {
        message: `${body.amount > 0 ? 'Granted' : 'Deducted'} ${size} ${unit}${size === 1 ? '' : 's'} ${
          body.amount > 0 ? 'to' : 'from'
        } ${user.username}`,
        actionId,
        balance: await balanceOf(trx, userId),
      };
    });
  }

  // ── Uploads and audit ───────────────────────────────────────────────────────────────────────

  /** Records an upload made by `storeUpload` (the file is already on disk). */
  async recordUpload(staff: Staff, details: { imageUrl: string; type: string; bytes: number }) {
    await this.db
      .transaction()
      .execute((trx) => this.audit(trx, staff, 'image.upload', { type: 'image', id: null }, details));
  }

  async auditLog(limit: number, before: number | undefined) {
    const rows = await repo.listActions(this.db, limit, before);
    const actions: StaffAction[] = rows.map((row) => ({
      id: Number(row.id),
      staffUserId: row.staff_user_id === null ? null : Number(row.staff_user_id),
      staffUsername: row.username,
      action: row.action,
      targetType: row.target_type,
      targetId: row.target_id,
      details: JSON.parse(row.details) as Record<string, unknown>,
      createdAt: Number(row.created_at),
    }));
    return { actions, nextBefore: actions.length === limit ? actions[actions.length - 1]!.id : null };
  }
}

import { type Kysely, sql } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { id, time, ref, primaryId }: Spelling): Promise<void> {
  // Balances live on the user row so a debit is one guarded UPDATE; the CHECKs are the
  // database's own promise that no bug can take a balance below zero.
  await db.schema
    .alterTable('users')
    .addColumn('currency', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`currency >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('premium_currency', 'integer', (col) =>
      col
        .notNull()
        .defaultTo(0)
        .check(sql`premium_currency >= 0`),
    )
    .execute();

  // Append-only: one row per change of a balance, written in the same transaction. The
  // unique (reason, reference, user) makes every credit idempotent.
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', id, primaryId)
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('currency_type', 'text', (col) => col.notNull())
    .addColumn('delta', 'integer', (col) => col.notNull())
    .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('reference', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addUniqueConstraint('ledger_entries_once', ['reason', 'reference', 'user_id'])
    .execute();
  await db.schema
    .createIndex('ledger_entries_user')
    .on('ledger_entries')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('shop_items')
    .addColumn('id', id, primaryId)
    .addColumn('sku', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text', (col) => col.notNull())
    // Priced in coins or gems (avatars, sound packs, decks)…
    .addColumn('price', 'integer', (col) => col.check(sql`price >= 0`))
    .addColumn('currency_type', 'text')
    // …or in real money, in the minor unit (packs); `grant_*` is what a pack credits.
    .addColumn('money_price', 'integer', (col) => col.check(sql`money_price > 0`))
    .addColumn('money_currency', 'text')
    .addColumn('grant_amount', 'integer')
    .addColumn('grant_currency_type', 'text')
    .addColumn('asset_url', 'text')
    .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', time, (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('purchases')
    .addColumn('id', id, primaryId)
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_item_id', ref, (col) => col.notNull().references('shop_items.id'))
    .addColumn('price', 'integer', (col) => col.notNull())
    .addColumn('currency_type', 'text', (col) => col.notNull())
    .addColumn('purchase_date', time, (col) => col.notNull())
    .addColumn('expiry_date', time)
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addUniqueConstraint('purchases_once', ['user_id', 'shop_item_id'])
    .execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', id, primaryId)
    .addColumn('reference', 'text', (col) => col.notNull().unique())
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('shop_item_id', ref, (col) => col.notNull().references('shop_items.id'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('money_currency', 'text', (col) => col.notNull())
    .addColumn('grant_amount', 'integer', (col) => col.notNull())
    .addColumn('grant_currency_type', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('authorization_url', 'text')
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .addColumn('completed_at', time)
    .execute();
  await db.schema.createIndex('payments_user_status').on('payments').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('daily_rewards')
    .addColumn('id', id, primaryId)
    .addColumn('day', 'integer', (col) => col.notNull().check(sql`day >= 1`))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 1`))
    .addColumn('currency_type', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('image_url', 'text')
    .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('bonus_item_id', ref, (col) => col.references('shop_items.id').onDelete('set null'))
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();

  // One claim per user per UTC day; the streak is read from the newest claims.
  await db.schema
    .createTable('daily_claims')
    .addColumn('id', id, primaryId)
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('claim_date', 'text', (col) => col.notNull())
    .addColumn('day', 'integer', (col) => col.notNull())
    .addColumn('streak', 'integer', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addUniqueConstraint('daily_claims_once', ['user_id', 'claim_date'])
    .execute();

  // What each player earned in a finished game, written when the game finishes.
  await db.schema
    .createTable('game_rewards')
    .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('currency_type', 'text', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('claimed_at', time)
    .addPrimaryKeyConstraint('game_rewards_pk', ['game_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('game_rewards_user')
    .on('game_rewards')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('achievement_claims')
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('achievement_id', 'text', (col) => col.notNull())
    .addColumn('amount', 'integer', (col) => col.notNull())
    .addColumn('currency_type', 'text', (col) => col.notNull())
    .addColumn('claimed_at', time, (col) => col.notNull())
    .addPrimaryKeyConstraint('achievement_claims_pk', ['user_id', 'achievement_id'])
    .execute();
}

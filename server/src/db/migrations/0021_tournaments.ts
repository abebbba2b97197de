import { type Kysely, sql } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { id, time, ref, primaryId }: Spelling): Promise<void> {
  // Arena tournaments (docs/design.md, "Arena tournaments"). The prize table is JSON: it is read
  // and written whole, and paid places are recorded row by row in tournament_payouts. ends_at is
  // fixed when the tournament starts (the "minute" is a configured length). owner_node and
  // lease_until are the runner's lease: one node runs a started tournament at a time.
  await db.schema
    .createTable('tournaments')
    .addColumn('id', id, primaryId)
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('banner_url', 'text')
    .addColumn('starts_at', time, (col) => col.notNull())
    .addColumn('duration_minutes', 'integer', (col) => col.notNull())
    .addColumn('seats', 'integer', (col) => col.notNull().check(sql`seats in (2, 3, 4)`))
    .addColumn('target_score', 'integer', (col) => col.notNull())
    .addColumn('fee_currency', 'text', (col) => col.check(sql`fee_currency in ('regular', 'premium')`))
    .addColumn('fee_amount', 'integer')
    .addColumn('prizes', 'text', (col) => col.notNull())
    .addColumn('rating_min', 'integer')
    .addColumn('rating_max', 'integer')
    .addColumn('player_cap', 'integer')
    .addColumn('visibility', 'text', (col) => col.notNull().check(sql`visibility in ('public', 'invite')`))
    .addColumn('invite_code', 'text', (col) => col.unique())
    .addColumn('status', 'text', (col) =>
      col.notNull().check(sql`status in ('scheduled', 'running', 'finished', 'cancelled')`),
    )
    // Kept with the entrant rows in one transaction: the guarded increment is what holds the cap
    // when a thousand players join at once (it takes the tournament's row lock on PostgreSQL).
    .addColumn('entrant_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_by', ref, (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .addColumn('notified_at', time)
    .addColumn('started_at', time)
    .addColumn('ends_at', time)
    .addColumn('finished_at', time)
    .addColumn('owner_node', 'text')
    .addColumn('lease_until', time)
    .addCheckConstraint(
      'tournaments_fee_whole',
      sql`(fee_currency is null and fee_amount is null) or (fee_currency is not null and fee_amount > 0)`,
    )
    .execute();
  await db.schema
    .createIndex('tournaments_status_start')
    .on('tournaments')
    .columns(['status', 'starts_at'])
    .execute();

  // One row per entrant; withdrawing deletes it (the refund's ledger row keeps the record). What
  // was paid is kept on the row, so a refund returns exactly that even if staff change the fee.
  await db.schema
    .createTable('tournament_entrants')
    .addColumn('id', id, primaryId)
    .addColumn('tournament_id', ref, (col) => col.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('fee_currency', 'text')
    .addColumn('fee_amount', 'integer')
    .addColumn('joined_at', time, (col) => col.notNull())
    .addUniqueConstraint('tournament_entrants_one_entry', ['tournament_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('tournament_entrants_user')
    .on('tournament_entrants')
    .column('user_id')
    .execute();

  await db.schema
    .alterTable('games')
    .addColumn('tournament_id', ref, (col) => col.references('tournaments.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('games_tournament').on('games').columns(['tournament_id', 'status']).execute();

  // A paid place: the primary key is the idempotency key, inserted in the transaction that credits
  // the prize, so a place is paid once even if the paying node dies and another pays again.
  await db.schema
    .createTable('tournament_payouts')
    .addColumn('tournament_id', ref, (col) => col.notNull().references('tournaments.id').onDelete('cascade'))
    .addColumn('place', 'integer', (col) => col.notNull())
    .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('coins', 'integer', (col) => col.notNull())
    .addColumn('gems', 'integer', (col) => col.notNull())
    .addColumn('shop_item_id', ref)
    .addColumn('paid_at', time, (col) => col.notNull())
    .addPrimaryKeyConstraint('tournament_payouts_pk', ['tournament_id', 'place'])
    .execute();
}

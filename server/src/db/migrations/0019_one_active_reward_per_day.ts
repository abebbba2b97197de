import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // At most one active reward per schedule day: two would make a claim's payout depend on
  // which row a query met first. Duplicates written before keep their oldest row active.
  // See docs/design.md, "Staff area".
  await sql`update daily_rewards set is_active = 0
          where is_active = 1 and exists (
            select 1 from daily_rewards older
            where older.day = daily_rewards.day and older.is_active = 1 and older.id < daily_rewards.id)`.execute(
    db,
  );
  await db.schema
    .createIndex('daily_rewards_one_active_day')
    .on('daily_rewards')
    .column('day')
    .unique()
    .where(sql.ref('is_active'), '=', 1)
    .execute();
}

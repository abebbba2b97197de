import { type Kysely, sql } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { ref }: Spelling): Promise<void> {
  await db.schema
    .createTable('active_players')
    .addColumn('user_id', ref, (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('active_players_game').on('active_players').column('game_id').execute();
  await claimActivePlayers(db);
}

/**
 * Fills active_players from the games running now. Before this table, concurrent starts could
 * leave a user in several active games; the newest keeps them and the older ones end as
 * abandoned, without a winner, so each user is left with at most one.
 */
async function claimActivePlayers(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ game_id: string; user_id: number; updated_at: number }>`
    select g.id as game_id, p.user_id, g.updated_at
    from games g join game_players p on p.game_id = g.id
    where g.status = 'active' and p.user_id is not null
    order by g.created_at desc, g.id desc`.execute(db);
  const playersOf = new Map<string, { userIds: number[]; updatedAt: number }>();
  for (const row of rows) {
    const game = playersOf.get(row.game_id) ?? { userIds: [], updatedAt: Number(row.updated_at) };
    game.userIds.push(Number(row.user_id));
    playersOf.set(row.game_id, game);
  }
  const claimed = new Set<number>();
  for (const [gameId, game] of playersOf) {
    if (game.userIds.some((userId) => claimed.has(userId))) {
      await sql`update games set status = 'finished', reason = 'abandon', winner_user_id = null,
        turn_deadline = null, finished_at = ${game.updatedAt} where id = ${gameId}`.execute(db);
      continue;
    }
    for (const userId of game.userIds) {
      claimed.add(userId);
      await sql`insert into active_players (user_id, game_id) values (${userId}, ${gameId})`.execute(db);
    }
  }
}

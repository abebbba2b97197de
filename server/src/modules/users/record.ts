import { sql, type Kysely } from 'kysely';
import { GAME_MODES, type ModeRecord } from '@shared/protocol';
import type { Database } from '../../db/schema';

/**
 * A player's finished games by mode and how many they won (the winner is the one player who
 * reached the target or was left when the others resigned, timed out or left). Cancelled games
 * count for nobody. Modes without a finished game are left out; see docs/api.md, "Players".
 */
export async function recordByMode(db: Kysely<Database>, userId: number): Promise<ModeRecord[]> {
  const rows = await db
    .selectFrom('game_players')
    .innerJoin('games', 'games.id', 'game_players.game_id')
    .select([
      'games.mode',
      (eb) => eb.fn.countAll<number | string | bigint>().as('games'),
      sql<number | string | bigint>`sum(case when games.winner_user_id = ${userId} then 1 else 0 end)`.as(
        'wins',
      ),
    ])
    .where('game_players.user_id', '=', userId)
    .where('games.status', '=', 'finished')
    .groupBy('games.mode')
    .execute();
  // PostgreSQL answers counts as strings (bigint); SQLite as numbers.
  const byMode = new Map(rows.map((row) => [row.mode, { games: Number(row.games), wins: Number(row.wins) }]));
  return GAME_MODES.flatMap((mode) => {
    const found = byMode.get(mode);
    return found ? [{ mode, games: found.games, wins: found.wins, losses: found.games - found.wins }] : [];
  });
}

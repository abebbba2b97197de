import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** What a preview may need of a game: never its seed or moves. */
export function previewGameOf(db: Db, id: string) {
  return db
    .selectFrom('games')
    .select(['id', 'mode', 'status', 'state', 'target_score', 'winner_user_id', 'reason'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * A game's seats with each human's account as it is now: its current name (a deleted account is
 * anonymised, and its old name must not reappear in a preview) and whether its profile is public.
 */
export function previewSeatsOf(db: Db, gameId: string) {
  return db
    .selectFrom('game_players')
    .leftJoin('users', 'users.id', 'game_players.user_id')
    .select([
      'game_players.seat',
      'game_players.user_id',
      'game_players.username as seat_name',
      'game_players.bot_level',
      'users.username',
      'users.profile_visibility',
      'users.deleted_at',
      'users.marked_for_delete_at',
    ])
    .where('game_players.game_id', '=', gameId)
    .orderBy('game_players.seat')
    .execute();
}

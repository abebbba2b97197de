import type { Kysely } from 'kysely';
import type { GameMode, GameStatus } from '@shared/protocol';
import type { Database } from '../db/schema';

/** A seat of a stored game: a player, or null for a bot. */
export type StoredSeat = { id: number; username: string } | null;

export interface StoredGame {
  id: string;
  mode: GameMode;
  status: GameStatus;
  seats: StoredSeat[];
  /** The seats' scores, kept in the stored state as the rooms leave it. */
  scores?: number[];
  winnerUserId?: number | null;
  /** Defaults to 'score' for a finished game, none otherwise. */
  reason?: 'score' | 'resign' | 'timeout' | 'abandon' | null;
  /** When it was last written (and finished, if it is); it was created 100 ms before. */
  at?: number;
}

/**
 * Writes a game and its seats straight into the tables, as the rooms leave them, for tests of what
 * the server reads back from stored games (lists, replays, records, link previews).
 */
export async function insertStoredGame(db: Kysely<Database>, game: StoredGame): Promise<void> {
  const { id, mode, status, seats, scores = seats.map(() => 0), winnerUserId = null, at = 2000 } = game;
  const finished = status === 'finished';
  await db
    .insertInto('games')
    .values({
      id,
      mode,
      status,
      seed: `secret-${id}`,
      player_count: seats.length,
      target_score: 10,
      state: JSON.stringify({ scores, handNumber: 4 }),
      seq: 40,
      turn_deadline: null,
      expiries: JSON.stringify(seats.map(() => 0)),
      winner_user_id: winnerUserId,
      reason: game.reason === undefined ? (finished ? 'score' : null) : game.reason,
      created_at: at - 100,
      updated_at: at,
      finished_at: finished ? at : null,
    })
    .execute();
  await db
    .insertInto('game_players')
    .values(
      seats.map((user, seat) => ({
        game_id: id,
        seat,
        user_id: user?.id ?? null,
        username: user?.username ?? 'Bot',
        bot_level: user ? null : ('easy' as const),
        rating_before: null,
        rating_after: null,
      })),
    )
    .execute();
}

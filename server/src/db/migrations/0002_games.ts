import type { Kysely } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { id, time, ref, float, primaryId }: Spelling): Promise<void> {
  await db.schema
    .createTable('games')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('mode', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('seed', 'text', (col) => col.notNull())
    .addColumn('player_count', 'integer', (col) => col.notNull())
    .addColumn('target_score', 'integer', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('turn_deadline', time)
    .addColumn('expiries', 'text', (col) => col.notNull())
    .addColumn('winner_user_id', ref)
    .addColumn('reason', 'text')
    .addColumn('created_at', time, (col) => col.notNull())
    .addColumn('updated_at', time, (col) => col.notNull())
    .addColumn('finished_at', time)
    .execute();
  await db.schema.createIndex('games_status').on('games').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('game_players')
    .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('seat', 'integer', (col) => col.notNull())
    .addColumn('user_id', ref, (col) => col.references('users.id'))
    .addColumn('username', 'text', (col) => col.notNull())
    .addColumn('bot_level', 'text')
    .addColumn('rating_before', float)
    .addColumn('rating_after', float)
    .addPrimaryKeyConstraint('game_players_pk', ['game_id', 'seat'])
    .execute();
  await db.schema.createIndex('game_players_user').on('game_players').column('user_id').execute();

  await db.schema
    .createTable('moves')
    .addColumn('id', id, primaryId)
    .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('seat', 'integer', (col) => col.notNull())
    .addColumn('card', 'text', (col) => col.notNull())
    .addColumn('auto', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', time, (col) => col.notNull())
    .addUniqueConstraint('moves_game_seq', ['game_id', 'seq'])
    .execute();

  await db.schema
    .createTable('ratings')
    .addColumn('user_id', ref, (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('rating', float, (col) => col.notNull())
    .addColumn('rd', float, (col) => col.notNull())
    .addColumn('volatility', float, (col) => col.notNull())
    .addColumn('games', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('wins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', time, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('ratings_rating').on('ratings').column('rating').execute();
}

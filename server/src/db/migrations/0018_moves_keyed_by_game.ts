import { type Kysely, sql } from 'kysely';
import type { Spelling } from './kit';

export async function up(db: Kysely<unknown>, { dialect, time }: Spelling): Promise<void> {
  // A move is found by its game and seq, never by a number of its own: the key (game_id,
  // seq) replaces the id and the unique index beside it. On SQLite the table is clustered on
  // that key (WITHOUT ROWID), so appending a move writes one B-tree instead of a table and
  // an index, about half the pages per commit. See docs/design.md, "Game storage".
  if (dialect === 'postgres') {
    await sql`alter table moves drop constraint moves_game_seq`.execute(db);
    await sql`alter table moves drop column id`.execute(db);
    await sql`alter table moves add constraint moves_pk primary key (game_id, seq)`.execute(db);
    return;
  }
  // SQLite cannot change a table's key in place: build the new table, copy, swap — in one
  // transaction (Kysely runs SQLite migrations without one), so a crash leaves the old table.
  await db.transaction().execute(async (trx) => {
    await trx.schema
      .createTable('moves_by_game')
      .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('seat', 'integer', (col) => col.notNull())
      .addColumn('card', 'text', (col) => col.notNull())
      .addColumn('auto', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', time, (col) => col.notNull())
      .addColumn('turn_deadline', time)
      .addColumn('expiries', 'text')
      .addPrimaryKeyConstraint('moves_pk', ['game_id', 'seq'])
      .modifyEnd(sql`without rowid`)
      .execute();
    await sql`insert into moves_by_game (game_id, seq, seat, card, auto, created_at, turn_deadline, expiries)
          select game_id, seq, seat, card, auto, created_at, turn_deadline, expiries from moves`.execute(trx);
    await trx.schema.dropTable('moves').execute();
    await trx.schema.alterTable('moves_by_game').renameTo('moves').execute();
  });
}

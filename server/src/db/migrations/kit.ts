import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { DialectName } from '../dialect';

/**
 * How the dialect being migrated spells what the two spell differently: an auto-increment key
 * and a 64-bit time (and a float). Everything else in a migration is the same schema builder
 * call on both, so SQLite and PostgreSQL run the same migrations.
 */
export interface Spelling {
  dialect: DialectName;
  /** The type of an auto-increment id. */
  id: 'bigserial' | 'integer';
  /** Epoch milliseconds. */
  time: 'bigint' | 'integer';
  /** A column holding another table's id. */
  ref: 'bigint' | 'integer';
  float: 'double precision' | 'real';
  /** Makes an `id` column the auto-increment primary key. */
  primaryId(col: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

export function spellingOf(dialect: DialectName): Spelling {
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    dialect,
    id: dialect === 'postgres' ? 'bigserial' : 'integer',
    time,
    ref: time,
    float: dialect === 'postgres' ? 'double precision' : 'real',
    primaryId: (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()),
  };
}

/** One migration's step forward (none has a step back). */
export type Up = (db: Kysely<unknown>, spelling: Spelling) => Promise<void>;

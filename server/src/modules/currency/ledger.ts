import { sql, type Kysely, type Transaction } from 'kysely';
import type { CurrencyType, Database } from '../../db/schema';
import { DomainError } from '../../errors';

/**
 * The only code that changes a balance. Every change is one guarded UPDATE of the user's row and
 * one append-only ledger row, inside the caller's transaction, so money never moves without its
 * record and a failure anywhere in the transaction undoes both. See docs/design.md, "Money".
 */
export interface MoneyMove {
  userId: number;
  currencyType: CurrencyType;
  /** Whole coins or gems: positive credits, negative debits. */
  delta: number;
  /** What kind of move (purchase, payment, daily_reward, achievement, game_reward…). */
  reason: string;
  /** Which one: with `reason` and the user, it names the move; the same one twice is refused. */
  reference: string;
  /** Shown in the player's transaction history. */
  description: string;
  now: number;
}

/** The same (reason, reference, user) was already recorded: the move happened before. */
export class AlreadyRecorded extends DomainError {
  constructor() {
    super('conflict', 'This has already been credited', 'already_recorded');
  }
}

export function insufficientFunds(): DomainError {
  return new DomainError('invalid', 'Insufficient funds', 'insufficient_funds');
}

const COLUMN = { regular: 'currency', premium: 'premium_currency' } as const;

/**
 * Applies one move and returns the balance after it. Throws `insufficient_funds` when a debit
 * would go below zero and `AlreadyRecorded` when the move was made before; either way the caller's
 * transaction must roll back (throwing from inside `transaction().execute` does that).
 *
 * Concurrency: the UPDATE takes the user's row lock on PostgreSQL (SQLite runs one write
 * transaction at a time), so moves for one user serialise, and the ledger's unique index decides
 * between two attempts at the same credit; `on conflict do nothing` keeps PostgreSQL's
 * transaction usable so the refusal is a clean rollback.
 */
export async function moveMoney(trx: Transaction<Database>, move: MoneyMove): Promise<number> {
  if (!Number.isSafeInteger(move.delta) || move.delta === 0)
    throw new Error(`a money move needs a whole, non-zero delta (got ${move.delta})`);
  const column = COLUMN[move.currencyType];
  const updated = await trx
    .updateTable('users')
    .set({ [column]: sql`${sql.ref(column)} + ${move.delta}` })
    .where('id', '=', move.userId)
    .where(sql<boolean>`${sql.ref(column)} + ${move.delta} >= 0`)
    .returning(column)
    .executeTakeFirst();
  if (!updated) {
    const exists = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', move.userId)
      .executeTakeFirst();
    if (!exists) throw new DomainError('not_found', 'User not found', 'user_not_found');
    throw insufficientFunds();
  }
  const balanceAfter = Number((updated as Record<string, unknown>)[column]);
  const recorded = await trx
    .insertInto('ledger_entries')
    .values({
      user_id: move.userId,
      currency_type: move.currencyType,
      delta: move.delta,
      balance_after: balanceAfter,
      reason: move.reason,
      reference: move.reference,
      description: move.description,
      created_at: move.now,
    })
    .onConflict((oc) => oc.columns(['reason', 'reference', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!recorded) throw new AlreadyRecorded();
  return balanceAfter;
}

/** The balances of a user, as `GET /api/currency/balance` answers them. */
export async function balanceOf(
  db: Kysely<Database>,
  userId: number,
): Promise<{ currency: number; premiumCurrency: number }> {
  const row = await db
    .selectFrom('users')
    .select(['currency', 'premium_currency'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new DomainError('not_found', 'User not found', 'user_not_found');
  return { currency: row.currency, premiumCurrency: row.premium_currency };
}

/** Whether a ledger move already exists (e.g. to answer "already claimed" without a write). */
export async function isRecorded(
  db: Kysely<Database>,
  key: { userId: number; reason: string; reference: string },
): Promise<boolean> {
  const row = await db
    .selectFrom('ledger_entries')
    .select('id')
    .where('user_id', '=', key.userId)
    .where('reason', '=', key.reason)
    .where('reference', '=', key.reference)
    .executeTakeFirst();
  return row !== undefined;
}

import { afterEach, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors';
import { DIALECTS, createTestApp, register, type TestApp } from '../../testing/harness';
import { AlreadyRecorded, balanceOf, isRecorded, moveMoney, type MoneyMove } from './ledger';

describe.each(DIALECTS)('moveMoney on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  const move = (userId: number, delta: number, reference: string, reason = 'test_grant'): MoneyMove => ({
    userId,
    currencyType: 'regular',
    delta,
    reason,
    reference,
    description: 'Test move',
    now: t.clock.now(),
  });
  const apply = (m: MoneyMove) => t.app.db.kysely.transaction().execute((trx) => moveMoney(trx, m));
  const ledgerOf = (userId: number) =>
    t.app.db.kysely
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return error;
    }
    throw new Error('the move was not refused');
  };

  it('credits and debits with one ledger row each, returning the balance after', async () => {
    t = await createTestApp(dialect);
    const { user } = await register(t.app, { username: 'ama' });
    expect(await apply(move(user.id, 100, 'a'))).toBe(100);
    expect(await apply(move(user.id, -30, 'b', 'purchase'))).toBe(70);
    expect(await balanceOf(t.app.db.kysely, user.id)).toEqual({ currency: 70, premiumCurrency: 0 });
    expect((await ledgerOf(user.id)).map((row) => [row.delta, row.balance_after])).toEqual([
      [100, 100],
      [-30, 70],
    ]);
    expect(await isRecorded(t.app.db.kysely, { userId: user.id, reason: 'purchase', reference: 'b' })).toBe(
      true,
    );
  });

  it('refuses a debit past zero and leaves the balance and the ledger as they were', async () => {
    t = await createTestApp(dialect);
    const { user } = await register(t.app, { username: 'ama' });
    await apply(move(user.id, 25, 'a'));
    const ledger = await ledgerOf(user.id);
    const error = await refusal(apply(move(user.id, -26, 'b', 'purchase')));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      kind: 'invalid',
      code: 'insufficient_funds',
      message: 'Insufficient funds',
    });
    expect(await balanceOf(t.app.db.kysely, user.id)).toEqual({ currency: 25, premiumCurrency: 0 });
    expect(await ledgerOf(user.id)).toEqual(ledger);
  });

  it('refuses the same (reason, reference) credit twice and rolls the second one back', async () => {
    t = await createTestApp(dialect);
    const { user } = await register(t.app, { username: 'ama' });
    const other = await register(t.app, { username: 'kofi' });
    await apply(move(user.id, 50, 'day-1', 'daily_reward'));
    const error = await refusal(apply(move(user.id, 50, 'day-1', 'daily_reward')));
    expect(error).toBeInstanceOf(AlreadyRecorded);
    expect(error).toMatchObject({ kind: 'conflict', code: 'already_recorded' });
    // The guarded UPDATE ran before the ledger refused: the rollback must have undone it.
    expect(await balanceOf(t.app.db.kysely, user.id)).toEqual({ currency: 50, premiumCurrency: 0 });
    expect(await ledgerOf(user.id)).toHaveLength(1);
    // The same key for another user, or another reason, is a different move.
    expect(await apply(move(other.user.id, 50, 'day-1', 'daily_reward'))).toBe(50);
    expect(await apply(move(user.id, 5, 'day-1', 'achievement'))).toBe(55);
  });

  it('rolls a move back when a later step of the same transaction fails', async () => {
    t = await createTestApp(dialect);
    const { user } = await register(t.app, { username: 'ama' });
    const failure = await refusal(
      t.app.db.kysely.transaction().execute(async (trx) => {
        await moveMoney(trx, move(user.id, 80, 'a'));
        throw new Error('a later step failed');
      }),
    );
    expect((failure as Error).message).toBe('a later step failed');
    expect(await balanceOf(t.app.db.kysely, user.id)).toEqual({ currency: 0, premiumCurrency: 0 });
    expect(await ledgerOf(user.id)).toEqual([]);
  });
});

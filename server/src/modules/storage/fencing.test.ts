import { afterEach, describe, expect, it } from 'vitest';
import { lowestLegalCard } from '@shared/game';
import { StaleWriteError } from '../../rooms/store';
import { DIALECTS, createTestApp, register, type TestApp } from '../../testing/harness';
import { SqlGameStore } from './store';

/** The seq fence of GameStore.save: docs/scale-out.md, "Fencing". */
describe.each(DIALECTS)('game writes fenced on seq on %s', (dialect) => {
  let t: TestApp;
  afterEach(() => t.close());

  it('refuses a step whose previous seq is not the stored one, and writes nothing', async () => {
    t = await createTestApp(dialect);
    const a = await register(t.app, { username: 'fence_a' });
    const b = await register(t.app, { username: 'fence_b' });
    const room = await t.app.rooms.create('quick', [
      { userId: a.user.id, username: 'fence_a' },
      { userId: b.user.id, username: 'fence_b' },
    ]);
    const seat = room.state.turn!;
    const card = lowestLegalCard(room.state, seat);
    const store = new SqlGameStore(t.app.db);
    const step = (seq: number) => ({
      gameId: room.id,
      seq,
      state: room.state,
      turnDeadline: null,
      expiries: room.expiries,
      move: { seat, card, auto: false },
      now: 5,
    });
    // Another node (this test) writes seq 1 first; the room's own seq-1 write is then stale.
    await store.save(step(1), null);
    await expect(room.play(room.players[seat]!.userId!, card, 0)).rejects.toMatchObject({
      code: 'GAME_NOT_FOUND',
    });
    await expect(store.save(step(1), null)).rejects.toBeInstanceOf(StaleWriteError);
    await expect(store.save(step(3), null)).rejects.toBeInstanceOf(StaleWriteError);
    const moves = await t.app.db.kysely
      .selectFrom('moves')
      .selectAll()
      .where('game_id', '=', room.id)
      .execute();
    expect(moves.map((m) => m.seq)).toEqual([1]);
    const row = await t.app.db.kysely
      .selectFrom('games')
      .select('seq')
      .where('id', '=', room.id)
      .executeTakeFirstOrThrow();
    expect(row.seq).toBe(1);
  });
});

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, type TestApp } from '../../testing/harness';
import { tournamentKit } from '../../testing/tournaments';

// A file of its own: it starts a server process, so it runs alone (vitest.config.ts).
describe.each(DIALECTS)('tournament payouts on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });
  const { users, staffToken, call, create, coins, ledger, status, runner } = tournamentKit(() => t);

  it('pays each prize exactly once when the node paying them is killed mid-payout and a survivor adopts the tournament', async () => {
    t = await createTestApp(dialect);
    t.app.tournamentRunner.stop();
    const staff = await staffToken();
    const prizes = [
      { place: 1, coins: 1000, gems: 5, shopItemId: null },
      { place: 2, coins: 500, gems: 0, shopItemId: null },
      { place: 3, coins: 250, gems: 0, shopItemId: null },
    ];
    const id = await create(staff, { durationMinutes: 15, entryFee: null, prizes });
    for (const p of await users(4))
      expect((await call('POST', `/api/tournaments/${id}/join`, p.token, {})).statusCode).toBe(200);

    // Another node, a real process on the same database with the real clock: it starts the
    // tournament (due long ago on the test clock), which lasts 1.5 s at 100 ms a "minute", pays
    // place 1 and is killed while place 2's transaction is open.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing/payout-crash-server.ts'], {
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: 'tsconfig.server.json',
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://spar.test',
        DATA_DIR: t.config.dataDir,
        DATABASE_URL: t.config.databaseUrl ?? '',
        REDIS_URL: '',
        TOURNAMENT_MINUTE_MS: '100',
        HOLD_PAYOUT_PLACE: '2',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      await new Promise<void>((resolve, reject) => {
        void exited.then(() => reject(new Error('the node exited before it held the payout')));
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if ((JSON.parse(line) as { held?: number }).held === 2) resolve();
        });
      });
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const paid = () =>
      t.app.db.kysely
        .selectFrom('tournament_payouts')
        .select(['place', 'user_id'])
        .where('tournament_id', '=', id)
        .orderBy('place')
        .execute();
    // Place 1 committed; place 2 died with its transaction.
    expect((await paid()).map((p) => p.place)).toEqual([1]);
    expect(await ledger('tournament_prize')).toHaveLength(2);
    expect(await status()).toBe('running');

    // The survivor adopts it once the dead node's lease lapses, pays what is left, and closes it.
    const survivor = (nodeId: string) =>
      runner({ now: () => Date.now() + 11_000, minuteMs: 100, nodeId, onlineAmong: async () => [] });
    await survivor('node-b').tick();
    await survivor('node-c').tick();
    const places = await paid();
    expect(places.map((p) => p.place)).toEqual([1, 2, 3]);
    const entries = await ledger('tournament_prize');
    expect(entries).toHaveLength(4);
    expect(new Set(entries.map((e) => e.reference)).size).toBe(4);
    for (const { place, user_id } of places) {
      const prize = prizes[place - 1]!;
      expect(await coins(Number(user_id))).toBe(prize.coins);
    }
    expect(await status()).toBe('finished');
  }, 90_000);
});

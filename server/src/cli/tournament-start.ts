// npm run tournament:start -- <id>: starts a scheduled tournament now, for staging and tests. It
// sets the start to the present; the running server's tournament tick (every second) starts it
// (docs/operations.md, "Game timings").
import { buildApp } from '../app';
import { loadConfig } from '../config';

const id = Number(process.argv[2]);
if (!Number.isSafeInteger(id) || id <= 0) {
  console.error('usage: npm run tournament:start -- <tournament id>');
  process.exit(2);
}

const app = await buildApp({ ...loadConfig(), logLevel: 'warn' }, { sweepIntervalMs: 0 });
// Only the database is wanted: this process must not run tournaments itself.
app.tournamentRunner.stop();
try {
  const now = Date.now();
  const result = await app.db.kysely
    .updateTable('tournaments')
    .set({ starts_at: now, notified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) console.log(`tournament ${id} starts now`);
  else {
    console.error(`tournament ${id} does not exist or is not scheduled`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
}

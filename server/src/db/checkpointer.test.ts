import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from './index';

/** Enough small commits to pass SQLite's inline checkpoint threshold (1000 log pages) twice. */
const COMMITS = 2500;

describe('SQLite checkpoints on a worker thread', () => {
  let dir: string;
  let db: Db | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  async function open(onCheckpointFailure?: (error: Error) => void): Promise<Db> {
    dir = mkdtempSync(path.join(tmpdir(), 'spar-checkpoint-'));
    db = await openDb({ dataDir: dir, ...(onCheckpointFailure && { onCheckpointFailure }) });
    return db;
  }

  const autocheckpoint = async (d: Db) =>
    (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(d.kysely)).rows[0]!
      .wal_autocheckpoint;

  async function writeMany(d: Db): Promise<void> {
    await sql`create table filler (id integer primary key, body text)`.execute(d.kysely);
    for (let i = 0; i < COMMITS; i++)
      await sql`insert into filler (body) values (${'x'.repeat(200)})`.execute(d.kysely);
  }

  it('the server connection never checkpoints; the worker copies the whole log back', async () => {
    const d = await open();
    expect(d.checkpointer).toBeDefined();
    expect(await autocheckpoint(d)).toBe(0);
    await writeMany(d);
    const result = await d.checkpointer!.now();
    expect(result.busy).toBe(0);
    expect(result.log).toBeGreaterThan(0);
    expect(result.checkpointed).toBe(result.log);
    // Copied in full, the log starts again from its beginning: it does not grow with every commit.
    for (let i = 0; i < 10; i++) await sql`insert into filler (body) values ('again')`.execute(d.kysely);
    const after = await d.checkpointer!.now();
    expect(after.log).toBeLessThan(result.log);
    // The data is in the database file itself, not only in the log.
    expect(statSync(path.join(dir, 'spar.db')).size).toBeGreaterThan(COMMITS * 200);
  });

  it('if the worker dies, the server connection checkpoints by itself again and says so', async () => {
    const failures: Error[] = [];
    const d = await open((error) => failures.push(error));
    await d.checkpointer!.worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toMatch(/checkpoint worker exited/);
    expect(await autocheckpoint(d)).toBe(1000);
  });

  it('closing stops the worker without reporting a failure', async () => {
    const failures: Error[] = [];
    const d = await open((error) => failures.push(error));
    const worker = d.checkpointer!.worker;
    let exited = false;
    worker.once('exit', () => (exited = true));
    await d.close();
    expect(exited).toBe(true);
    expect(failures).toEqual([]);
    db = undefined;
  });
});

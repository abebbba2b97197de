import { describe, expect, it } from 'vitest';
import { GroupCommit, RefusedWrite, WriteFailed } from './group-commit';

/** A fake database: a transaction is a list of writes, kept only when the work resolves. */
function fakeDb(options: { failOn?: Set<string>; refuse?: Set<string>; maxBatch?: number } = {}) {
  const committed: string[][] = [];
  const attempts: string[][] = [];
  let release: (() => void) | null = null;
  let holdNext = false;
  const commits = new GroupCommit<string[], string, string>({
    async transact(work) {
      const tx: string[] = [];
      attempts.push(tx);
      const result = await work(tx);
      committed.push(tx);
      return result;
    },
    async write(tx, item) {
      if (options.refuse?.has(item)) throw new RefusedWrite(`${item} refused`);
      if (options.failOn?.has(item)) throw new Error(`${item} broke`);
      tx.push(item);
      return `${item} stored`;
    },
    describe: (item) => `write ${item}`,
    hooks: {
      beforeCommit: () =>
        holdNext
          ? new Promise<void>((resolve) => {
              holdNext = false;
              release = resolve;
            })
          : Promise.resolve(),
    },
    ...(options.maxBatch ? { maxBatch: options.maxBatch } : {}),
  });
  return {
    commits,
    committed,
    attempts,
    hold: () => (holdNext = true),
    release: () => release?.(),
  };
}

describe('group commit', () => {
  it('writes everything submitted in one event-loop turn in one transaction', async () => {
    const db = fakeDb();
    const results = await Promise.all(['a', 'b', 'c'].map((item) => db.commits.submit(item)));
    expect(results).toEqual(['a stored', 'b stored', 'c stored']);
    expect(db.committed).toEqual([['a', 'b', 'c']]);
  });

  it('resolves a write only after its batch commits; writes arriving meanwhile form the next batch', async () => {
    const db = fakeDb();
    db.hold();
    const settled: string[] = [];
    const first = ['a', 'b'].map((item) => db.commits.submit(item).then((r) => settled.push(r)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(db.attempts).toEqual([['a', 'b']]);
    const later = ['c', 'd'].map((item) => db.commits.submit(item).then((r) => settled.push(r)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toEqual([]);
    expect(db.committed).toEqual([]);
    db.release();
    await Promise.all([...first, ...later]);
    expect(db.committed).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(settled).toEqual(['a stored', 'b stored', 'c stored', 'd stored']);
  });

  it('splits a long queue into batches of at most maxBatch', async () => {
    const db = fakeDb({ maxBatch: 4 });
    const items = Array.from({ length: 10 }, (_, i) => `m${i}`);
    await Promise.all(items.map((item) => db.commits.submit(item)));
    expect(db.committed.map((batch) => batch.length)).toEqual([4, 4, 2]);
    expect(db.committed.flat()).toEqual(items);
  });

  it('a failing write rejects alone with a clear error; the rest of its batch commits', async () => {
    const db = fakeDb({ failOn: new Set(['b']) });
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((item) => db.commits.submit(item)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const error = (outcomes[1] as PromiseRejectedResult).reason as WriteFailed;
    expect(error).toBeInstanceOf(WriteFailed);
    expect(error.message).toBe('Could not store write b: b broke');
    expect(db.committed).toEqual([['a'], ['c']]);
  });

  it('a refused write rejects alone without failing its batch', async () => {
    const db = fakeDb({ refuse: new Set(['b']) });
    const outcomes = await Promise.allSettled(['a', 'b', 'c'].map((item) => db.commits.submit(item)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(RefusedWrite);
    expect(db.committed).toEqual([['a', 'c']]);
    expect(db.attempts).toHaveLength(1);
  });

  it('settled() waits for every write handed over', async () => {
    const db = fakeDb();
    db.hold();
    const writes = ['a', 'b'].map((item) => db.commits.submit(item));
    let done = false;
    const settled = db.commits.settled().then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    db.release();
    await settled;
    await Promise.all(writes);
    expect(db.committed).toEqual([['a', 'b']]);
  });

  describe('the synchronous way', () => {
    /** A fake store that writes a batch at once unless `busy` (a transaction of its own is open). */
    function syncDb(options: { failOn?: Set<string>; refuse?: Set<string>; busy?: () => boolean } = {}) {
      const committed: string[][] = [];
      const ways: string[] = [];
      const write = (tx: string[], item: string) => {
        if (options.refuse?.has(item)) throw new RefusedWrite(`${item} refused`);
        if (options.failOn?.has(item)) throw new Error(`${item} broke`);
        tx.push(item);
        return `${item} stored`;
      };
      const commits = new GroupCommit<string[], string, string>({
        async transact(work) {
          ways.push('async');
          const tx: string[] = [];
          const result = await work(tx);
          committed.push(tx);
          return result;
        },
        write: async (tx, item) => write(tx, item),
        now: {
          transact(work) {
            if (options.busy?.()) return false;
            ways.push('now');
            const tx: string[] = [];
            const value = work(tx);
            committed.push(tx);
            return { value };
          },
          write,
        },
        describe: (item) => `write ${item}`,
      });
      return { commits, committed, ways };
    }

    it("writes the turn's batch inside the flush itself, and settles each write after it", async () => {
      const db = syncDb();
      const order: string[] = [];
      const writes = ['a', 'b'].map((item) => db.commits.submit(item).then((r) => order.push(r)));
      // Scheduled after the flush: by then the batch has committed and its writes have settled.
      await new Promise((resolve) => setImmediate(resolve));
      expect(db.committed).toEqual([['a', 'b']]);
      expect(order).toEqual(['a stored', 'b stored']);
      await Promise.all(writes);
      expect(db.ways).toEqual(['now']);
    });

    it('refuses and fails writes alone, as the asynchronous way does', async () => {
      const db = syncDb({ refuse: new Set(['b']), failOn: new Set(['d']) });
      const outcomes = await Promise.allSettled(['a', 'b', 'c', 'd'].map((item) => db.commits.submit(item)));
      expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected']);
      expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(RefusedWrite);
      const failed = (outcomes[3] as PromiseRejectedResult).reason as WriteFailed;
      expect(failed).toBeInstanceOf(WriteFailed);
      expect(failed.message).toBe('Could not store write d: d broke');
      // The batch failed on d and was rolled back; each write then went alone.
      expect(db.committed).toEqual([['a'], [], ['c']]);
    });

    it('leaves a batch to the asynchronous way when the store cannot write it now', async () => {
      let busy = true;
      const db = syncDb({ busy: () => busy });
      expect(await db.commits.submit('a')).toBe('a stored');
      busy = false;
      expect(await db.commits.submit('b')).toBe('b stored');
      expect(db.ways).toEqual(['async', 'now']);
      expect(db.committed).toEqual([['a'], ['b']]);
    });
  });
});

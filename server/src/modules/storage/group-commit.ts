/**
 * Group commit: the writes of every room that arrive together go to the database in one
 * transaction, so a busy server pays one commit for many moves. See docs/design.md, "Game storage".
 *
 * One writer. When it is idle, the first write schedules a flush on the next turn of the event
 * loop (setImmediate), so everything submitted in the same turn — the window — shares it; writes
 * arriving while a flush runs wait for the next one. Each caller's promise settles only once its
 * batch has committed, so nothing is announced before it is stored.
 *
 * A store that can write a batch synchronously (`now`: SQLite, when no other transaction is open
 * on its connection) does so inside the flush's own callback: a lone move then pays none of the
 * asynchronous hand-offs of `transact`, which cost it more than its writes did. A store with a
 * writer thread (`offload`: SQLite's, db/writer.ts) hands the batch to it instead, so a write that
 * blocks on the disk blocks that thread and not this event loop.
 */

/** One write's outcome: its result, or why it alone was refused or failed. */
export type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

/** The most writes one transaction carries; a longer queue is flushed in several. */
export const GROUP_COMMIT_MAX_BATCH = 64;

/**
 * A write that was refused without failing any statement (a stale seq): it rejects on its own
 * and the rest of its batch still commits.
 */
export class RefusedWrite extends Error {}

/** Why a write that was not refused did not commit; `cause` is the database's error. */
export class WriteFailed extends Error {}

export interface GroupCommitHooks {
  /**
   * Runs inside each batch's transaction after its writes and before the commit. Tests use it
   * to hold a window open (and kill the process in it); it has no other use.
   */
  beforeCommit?(size: number): Promise<void>;
  /**
   * A batch of `size` writes committed after `ms` milliseconds (from taking the batch to its
   * commit). The metrics observe it (docs/operations.md, "Metrics"); it must not throw.
   */
  committed?(size: number, ms: number): void;
}

export interface GroupCommitOptions<Tx, Item, Result> {
  /**
   * Runs `work` in one transaction: committed when it resolves, rolled back when it throws.
   * `items` are the batch's writes, so a store may pick a cheaper transaction for a batch that
   * allows one.
   */
  transact<T>(work: (tx: Tx) => Promise<T>, items: readonly Item[]): Promise<T>;
  /**
   * Writes one item in the batch's transaction; throws RefusedWrite (or an error `isRefusal`
   * recognises) to refuse it alone.
   */
  write(tx: Tx, item: Item): Promise<Result>;
  /** Errors besides RefusedWrite that refuse only their own write (e.g. the store's stale seq). */
  isRefusal?(error: unknown): boolean;
  /** For error messages: which write this is. */
  describe(item: Item): string;
  /**
   * The way through another thread, for a store that has one (SQLite's writer thread): writes the
   * batch in one transaction there and resolves with each write's outcome once it committed —
   * running `beforeCommit`, when given, with the transaction open — or returns false when this
   * batch must take one of the other ways. Rejects when the transaction failed.
   */
  offload?(
    items: readonly Item[],
    beforeCommit: (() => Promise<void>) | undefined,
  ): Promise<Outcome<Result>[]> | false;
  /** The synchronous way through, for a store that has one. */
  now?: {
    /**
     * Runs `work` in one transaction synchronously — committed when it returns, rolled back when
     * it throws — or returns false when it cannot at this moment (the batch then takes `transact`).
     */
    transact<T>(work: (tx: Tx) => T, items: readonly Item[]): { value: T } | false;
    /** `write`, synchronously. */
    write(tx: Tx, item: Item): Result;
  };
  hooks?: GroupCommitHooks;
  maxBatch?: number;
}

interface Entry<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export class GroupCommit<Tx, Item, Result> {
  private pending: Entry<Item, Result>[] = [];
  private running = false;
  private idle: Promise<void> = Promise.resolve();

  constructor(private readonly options: GroupCommitOptions<Tx, Item, Result>) {}

  /** Queues a write; resolves once the transaction carrying it has committed. */
  submit(item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.kick();
    });
  }

  /** Resolves once every write submitted so far has settled (shutdown waits for it). */
  async settled(): Promise<void> {
    while (this.running) await this.idle;
  }

  private kick(): void {
    if (this.running) return;
    this.running = true;
    this.idle = new Promise<void>((done) => {
      setImmediate(() => {
        void this.drain().finally(() => {
          this.running = false;
          done();
          // A write may have arrived after the last batch was taken.
          if (this.pending.length > 0) this.kick();
        });
      });
    });
  }

  private async drain(): Promise<void> {
    const max = this.options.maxBatch ?? GROUP_COMMIT_MAX_BATCH;
    while (this.pending.length > 0) await this.flush(this.pending.splice(0, max));
  }

  private async flush(batch: Entry<Item, Result>[]): Promise<void> {
    let outcomes: Outcome<Result>[];
    const committed = this.options.hooks?.committed;
    const start = committed ? performance.now() : 0;
    try {
      const items = batch.map((entry) => entry.item);
      const beforeCommit = this.options.hooks?.beforeCommit;
      const offloaded = this.options.offload?.(items, beforeCommit && (() => beforeCommit(batch.length)));
      const now = offloaded ? false : this.writeNow(batch);
      outcomes = offloaded
        ? await offloaded
        : now
          ? now.value
          : await this.options.transact(
              async (tx) => {
                const results: Outcome<Result>[] = [];
                for (const entry of batch) results.push(await this.attempt(tx, entry.item));
                await this.options.hooks?.beforeCommit?.(batch.length);
                return results;
              },
              batch.map((entry) => entry.item),
            );
    } catch (error) {
      if (batch.length > 1) {
        // Something in the batch failed and took the transaction with it: each write goes again
        // alone, so exactly the failing ones reject and every other one commits.
        for (const entry of batch) await this.flush([entry]);
        return;
      }
      const entry = batch[0]!;
      entry.reject(
        new WriteFailed(
          `Could not store ${this.options.describe(entry.item)}: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        ),
      );
      return;
    }
    committed?.(batch.length, performance.now() - start);
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) batch[i]!.resolve(outcome.value);
      else batch[i]!.reject(outcome.error);
    });
  }

  /** The batch's outcomes through the synchronous way, or false when it must take `transact`. */
  private writeNow(batch: Entry<Item, Result>[]): { value: Outcome<Result>[] } | false {
    const now = this.options.now;
    // A beforeCommit hook holds the transaction open across turns, which only `transact` can.
    if (!now || this.options.hooks?.beforeCommit) return false;
    return now.transact(
      (tx) =>
        batch.map((entry): Outcome<Result> => {
          try {
            return { ok: true, value: now.write(tx, entry.item) };
          } catch (error) {
            return this.refused(error);
          }
        }),
      batch.map((entry) => entry.item),
    );
  }

  private async attempt(tx: Tx, item: Item): Promise<Outcome<Result>> {
    try {
      return { ok: true, value: await this.options.write(tx, item) };
    } catch (error) {
      return this.refused(error);
    }
  }

  /** A refusal as its write's outcome; any other error fails the whole transaction. */
  private refused(error: unknown): Outcome<Result> {
    if (error instanceof RefusedWrite || this.options.isRefusal?.(error)) return { ok: false, error };
    throw error;
  }
}

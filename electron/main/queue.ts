/**
 * Runs `worker` over `items` with at most `limit` in flight, and settles every item (one failure
 * does not stop the others: the audio cache retries the leftovers on its next sync).
 */
export async function runLimited<T, R>(
  items: readonly T[],
  limit: number,
  worker: (item: T) => Promise<R>,
): Promise<PromiseSettledResult<R>[]> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`concurrency must be a positive integer, got ${limit}`);
  const results: PromiseSettledResult<R>[] = new Array(items.length);
  let next = 0;
  async function lane(): Promise<void> {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = { status: 'fulfilled', value: await worker(items[index]!) };
      } catch (reason) {
        results[index] = { status: 'rejected', reason };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

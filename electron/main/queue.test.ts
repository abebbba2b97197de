import { describe, expect, it } from 'vitest';
import { runLimited } from './queue';

describe('the download queue', () => {
  it('never runs more than the limit at once, and settles every item in order', async () => {
    let running = 0;
    let most = 0;
    const results = await runLimited([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 8 - n));
      running--;
      if (n === 4) throw new Error('four failed');
      return n * 10;
    });
    expect(most).toBe(3);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      30,
      'four failed',
      50,
      60,
      70,
    ]);
  });

  it('handles fewer items than lanes, none at all, and refuses a bad limit', async () => {
    expect(await runLimited(['a'], 3, async (s) => s.toUpperCase())).toEqual([
      { status: 'fulfilled', value: 'A' },
    ]);
    expect(await runLimited([], 3, async () => 1)).toEqual([]);
    await expect(runLimited([1], 0, async () => 1)).rejects.toThrow(/positive integer/);
  });
});

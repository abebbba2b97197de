/**
 * `npm run bench:resume`: a node restarting with thousands of active games. Seeds RESUME_GAMES
 * (default 5,000) two-player games into a fresh SQLite data folder, then resumes them all twice
 * through the rooms' own manager and store, as `startBackgroundWork` does at start: once in one
 * go (the baseline: how the server resumed before) and once in slices (how it resumes now). A
 * 1 ms timer beside it records the longest the event loop was held, which is what every other
 * room's moves and timers would wait. Target: no stall over 50 ms while resuming (docs/benchmarks.md,
 * "bench:resume").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../../server/src/config';
import { openDb } from '../../server/src/db';
import { LocalRoomDirectory } from '../../server/src/infra/room-directory';
import { SqlGameStore } from '../../server/src/modules/storage/store';
import { RESUME_SLICE_MS, RoomManager } from '../../server/src/rooms/manager';
import { seed } from './seed';

const GAMES = Number(process.env.RESUME_GAMES ?? 5000);
const STALL_TARGET_MS = 50;

const silent = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;

/** The longest gap between the ticks of a 1 ms timer while `work` runs. */
async function longestStall<T>(
  work: () => Promise<T>,
): Promise<{ result: T; stallMs: number; tookMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const start = performance.now();
  last = start;
  const result = await work();
  const tookMs = performance.now() - start;
  // The last stretch, up to the end of the work, counts too.
  longest = Math.max(longest, performance.now() - last);
  clearInterval(timer);
  return { result, stallMs: longest, tookMs };
}

async function resume(dataDir: string, sliceMs: number) {
  const db = await openDb({ dataDir });
  const config = loadConfig({});
  const rooms = new RoomManager({
    store: new SqlGameStore(db),
    now: () => Date.now(),
    timings: config.timings,
    log: silent,
    send: () => undefined,
    isConnected: () => false,
    blockedPartnersOf: async () => [],
    directory: new LocalRoomDirectory(),
    resumeSliceMs: sliceMs,
  });
  const measured = await longestStall(() => rooms.start());
  rooms.stop();
  await db.close();
  return measured;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-resume-'));
  try {
    const seeding = performance.now();
    await seed(dataDir, GAMES * 2, 0);
    console.log(`seeded ${GAMES} active games in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
    // A first pass warms the page cache and the JIT, so neither run pays for them alone.
    await resume(dataDir, RESUME_SLICE_MS);
    const whole = await resume(dataDir, Infinity);
    const sliced = await resume(dataDir, RESUME_SLICE_MS);
    for (const [name, run] of [
      ['in one go (before)', whole],
      [`in ${RESUME_SLICE_MS} ms slices (now)`, sliced],
    ] as const) {
      console.log(
        `resume ${run.result} games ${name}: ${run.tookMs.toFixed(0)} ms in all, longest event-loop stall ${run.stallMs.toFixed(1)} ms`,
      );
    }
    if (whole.result !== GAMES || sliced.result !== GAMES)
      throw new Error(`expected ${GAMES} games resumed, got ${whole.result} and ${sliced.result}`);
    console.log(
      `longest stall: ${(sliced.stallMs / whole.stallMs).toFixed(3)}× the one-go resume; resuming took ${(sliced.tookMs / whole.tookMs).toFixed(2)}× as long`,
    );
    const met = sliced.stallMs <= STALL_TARGET_MS;
    console.log(
      `target: no stall over ${STALL_TARGET_MS} ms while resuming ${GAMES} games — ${met ? 'met' : 'MISSED'} (${sliced.stallMs.toFixed(1)} ms)`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * Arena pairing: how long pairArena takes for a waiting pool of 1,000 entrants (scores, ratings,
 * last tables and some blocks), at 2, 3 and 4 seats. Prints the median of 15 runs; the target is
 * well under a second (docs/benchmarks.md, "Arena pairing").
 */
import { pairArena, type ArenaWaiting } from '../../server/src/modules/tournaments/arena';

const POOL = Number(process.env.BENCH_POOL ?? 1000);
const RUNS = 15;

function pool(size: number): ArenaWaiting[] {
  let seed = 7;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: size }, (_, i) => ({
    userId: i + 1,
    score: Math.floor(random() * 12) * 2,
    rating: 1200 + Math.floor(random() * 600),
    lastTable: [((i + 1) % size) + 1],
    blocked: new Set(random() < 0.05 ? [Math.floor(random() * size) + 1] : []),
  }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const waiting = pool(POOL);
for (const seats of [2, 3, 4]) {
  const times: number[] = [];
  let tables = 0;
  for (let run = 0; run < RUNS; run++) {
    const start = process.hrtime.bigint();
    tables = pairArena(waiting, seats).length;
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  console.log(
    `arena pairing, ${POOL} waiting, ${seats} seats: ${median(times).toFixed(2)} ms (${tables} tables)`,
  );
}

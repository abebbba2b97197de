/**
 * The verdict on bench:ws's capacity target (Spar's knee ≥ 70% of the relay's), honest about
 * knees that were not reached. A side whose stepping stopped before its p99 passed the limit (at
 * its player cap, or because the load threads themselves were busy) has a knee at least that
 * high: a lower bound. A lower bound on the relay makes the ratio an upper bound, which can show a
 * miss but never a pass; a lower bound on Spar makes it a lower bound, which can show a pass but
 * never a miss. See docs/benchmarks.md, "bench:ws".
 */

export interface MeasuredKnee {
  players: number;
  /** Stepping stopped before p99 passed the limit: the real knee is at least `players`. */
  lowerBound: boolean;
}

export type Verdict = 'PASS' | 'MISS' | 'UNDECIDED';

export function kneeVerdict(
  spar: MeasuredKnee,
  relay: MeasuredKnee,
  target: number,
): { ratio: number; verdict: Verdict; note: string } {
  const ratio = spar.players / Math.max(1, relay.players);
  const note =
    spar.lowerBound && relay.lowerBound
      ? 'both knees are lower bounds, so the ratio shows nothing: raise BENCH_MAX_PLAYERS and BENCH_MAX_RELAY_PLAYERS'
      : relay.lowerBound
        ? "the relay's knee is a lower bound, so the ratio is an upper bound"
        : spar.lowerBound
          ? "Spar's knee is a lower bound, so the ratio is a lower bound"
          : '';
  if (ratio >= target) return { ratio, verdict: relay.lowerBound ? 'UNDECIDED' : 'PASS', note };
  return { ratio, verdict: spar.lowerBound ? 'UNDECIDED' : 'MISS', note };
}

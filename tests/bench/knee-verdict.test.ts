import { describe, expect, it } from 'vitest';
import { kneeVerdict } from './knee-verdict';

const reached = (players: number) => ({ players, lowerBound: false });
const capped = (players: number) => ({ players, lowerBound: true });

describe('the capacity verdict of bench:ws', () => {
  it('passes and misses on two knees that were both reached', () => {
    expect(kneeVerdict(reached(1500), reached(2000), 0.7)).toMatchObject({ ratio: 0.75, verdict: 'PASS' });
    expect(kneeVerdict(reached(1000), reached(2000), 0.7)).toMatchObject({ ratio: 0.5, verdict: 'MISS' });
  });

  it('never passes on a relay knee that was capped: the real ratio may be lower', () => {
    const result = kneeVerdict(reached(1190), capped(200), 0.7);
    expect(result.verdict).toBe('UNDECIDED');
    expect(result.note).toContain('upper bound');
    // A capped relay can still show a miss: more relay capacity only lowers the ratio.
    expect(kneeVerdict(reached(2904), capped(11078), 0.7).verdict).toBe('MISS');
  });

  it('never misses on a Spar knee that was capped: the real ratio may be higher', () => {
    const result = kneeVerdict(capped(1000), reached(2000), 0.7);
    expect(result.verdict).toBe('UNDECIDED');
    expect(result.note).toContain('lower bound');
    expect(kneeVerdict(capped(1600), reached(2000), 0.7).verdict).toBe('PASS');
  });

  it('decides nothing when both knees were capped', () => {
    for (const [spar, relay] of [
      [200, 200],
      [100, 200],
    ] as const) {
      const result = kneeVerdict(capped(spar), capped(relay), 0.7);
      expect(result.verdict).toBe('UNDECIDED');
      expect(result.note).toContain('shows nothing');
    }
  });
});

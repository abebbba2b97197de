/**
 * Bot strength and speed: plays GAMES two-player games per pairing (seats swapped every other
 * game), prints each win rate with its 95% Wilson interval, and the hard bot's decision times.
 * Fails when hard does not beat medium or medium does not beat easy (interval above 50%), or
 * when a hard decision takes 20 ms or more.
 */
import { applyPlay, chooseCard, newGame, type BotLevel } from '@shared/game';

const GAMES = Number(process.env.BENCH_GAMES ?? 1000);
const PAIRINGS: [BotLevel, BotLevel][] = [
  ['medium', 'easy'],
  ['hard', 'medium'],
  ['hard', 'easy'],
];

const hardTimes: number[] = [];

function playGame(levels: BotLevel[], seed: string): number {
  let state = newGame({ players: levels.length, seed });
  while (state.status === 'active') {
    const seat = state.turn!;
    const level = levels[seat]!;
    const start = process.hrtime.bigint();
    const card = chooseCard(state, seat, level);
    if (level === 'hard') hardTimes.push(Number(process.hrtime.bigint() - start) / 1e6);
    state = applyPlay(state, seat, card).state;
  }
  return state.winnerSeat!;
}

/** Wilson score interval at 95%. */
function wilson(wins: number, n: number): [number, number] {
  const z = 1.96;
  const p = wins / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [centre - half, centre + half];
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

// Warm the JIT so the timings below describe a running server, not the first call.
for (let i = 0; i < 20; i++) playGame(['hard', 'hard'], `warm-${i}`);
hardTimes.length = 0;

const started = Date.now();
let ok = true;
for (const [a, b] of PAIRINGS) {
  let wins = 0;
  for (let i = 0; i < GAMES; i++) {
    const aSeat = i % 2;
    const levels = aSeat === 0 ? [a, b] : [b, a];
    if (playGame(levels, `${a}-${b}-${i}`) === aSeat) wins++;
  }
  const [low, high] = wilson(wins, GAMES);
  const beats = low > 0.5;
  if (a !== 'hard' || b !== 'easy') ok &&= beats;
  console.log(
    `${a.padEnd(6)} vs ${b.padEnd(6)} ${String(GAMES).padStart(5)} games: ${a} wins ${pct(wins / GAMES)} ` +
      `(95% CI ${pct(low)} – ${pct(high)}) ${beats ? `✓ ${a} is stronger` : '✗ not clearly stronger'}`,
  );
}

// Three- and four-player tables use rollouts early in a hand: time those decisions too.
const twoPlayerTimes = hardTimes.slice();
hardTimes.length = 0;
for (let i = 0; i < 50; i++) {
  playGame(['hard', 'medium', 'easy'], `three-${i}`);
  playGame(['hard', 'medium', 'hard', 'easy'], `four-${i}`);
}

function describe(times: number[]): string {
  const sorted = [...times].sort((x, y) => x - y);
  const mean = times.reduce((s, t) => s + t, 0) / times.length;
  const p99 = sorted[Math.floor(sorted.length * 0.99)]!;
  return `${times.length} decisions, mean ${mean.toFixed(3)} ms, p99 ${p99.toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(2)} ms`;
}
const worst = Math.max(...twoPlayerTimes, ...hardTimes);
console.log(`hard decision time, 2 players:   ${describe(twoPlayerTimes)}`);
console.log(`hard decision time, 3–4 players: ${describe(hardTimes)}`);
console.log(`total time: ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (worst >= 20) {
  console.log(`✗ a hard decision took ${worst.toFixed(2)} ms (limit 20 ms)`);
  ok = false;
}
process.exit(ok ? 0 : 1);

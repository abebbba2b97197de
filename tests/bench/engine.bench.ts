/**
 * Engine throughput: replays recorded random games through applyPlay and through the naive
 * reference (structuredClone of the whole state per play, brute-force legality), in the same run,
 * and prints plays per second, µs per play and the ratio. Targets: ratio ≥ 10, < 5 µs per play.
 */
import { applyPlay, type GameState } from '@shared/game';
import { referenceApplyPlay } from '../fixtures/reference-engine';
import { recordRandomGame, type RecordedGame } from '@shared/testing/random-games';

const GAMES = Number(process.env.BENCH_GAMES ?? 1500);
const ROUNDS = 7;

type Apply = (
  state: GameState,
  seat: number,
  card: GameState['hands'][number][number],
) => { state: GameState };

function replayAll(games: RecordedGame[], apply: Apply): number {
  let checksum = 0;
  for (const game of games) {
    let state = game.start;
    for (const { seat, card } of game.plays) state = apply(state, seat, card).state;
    checksum += state.winnerSeat!;
  }
  return checksum;
}

function time(games: RecordedGame[], apply: Apply): number {
  const start = process.hrtime.bigint();
  replayAll(games, apply);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const games = Array.from({ length: GAMES }, (_, i) => recordRandomGame(i, 2 + (i % 3)));
const plays = games.reduce((sum, game) => sum + game.plays.length, 0);

// Both must agree before their speed means anything.
if (replayAll(games, applyPlay) !== replayAll(games, referenceApplyPlay)) {
  console.error('engine and reference disagree');
  process.exit(1);
}

const engineMs: number[] = [];
const referenceMs: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Interleaved, so drift in machine load hits both alike.
  engineMs.push(time(games, applyPlay));
  referenceMs.push(time(games, referenceApplyPlay));
}

const engine = median(engineMs);
const reference = median(referenceMs);
const usPerPlay = (engine * 1000) / plays;
const ratio = reference / engine;
console.log(`recorded games: ${GAMES} (2–4 players), plays: ${plays}, rounds: ${ROUNDS} (median)`);
console.log(`engine:    ${(plays / engine / 1000).toFixed(2)} M plays/s, ${usPerPlay.toFixed(3)} µs/play`);
console.log(
  `reference: ${(plays / reference / 1000).toFixed(2)} M plays/s, ${((reference * 1000) / plays).toFixed(3)} µs/play`,
);
console.log(`ratio: ${ratio.toFixed(1)}x faster than the reference`);
const ok = ratio >= 10 && usPerPlay < 5;
console.log(ok ? 'target met: ≥ 10x and < 5 µs per play' : 'TARGET MISSED: want ≥ 10x and < 5 µs per play');
process.exit(ok ? 0 : 1);

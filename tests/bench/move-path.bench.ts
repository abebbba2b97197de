/**
 * Spar's own work per play, without the network (issue: faster move pipeline). `npm run
 * bench:move` builds the real app on SQLite with GAMES seeded two-player games and gives every
 * player a socket of its own, a fake one handed straight to the gateway. Each round, every game's
 * player to move sends GAME_PLAY, WAVE games at a time (their plays share a group commit, as on a
 * busy server), and a wave ends when its frames are written. Everything a play costs in the
 * server's own code is measured: parsing, the session, the room, the engine, the store's
 * transaction, the views and frames, the write queue; sockets and the kernel are not.
 *
 * Baseline, in the same run: the engine alone (`applyPlay`) replaying the same plays. Prints µs
 * per play for both and their ratio, each the median of SEGMENTS parts of the run (reported, no
 * target). A warm loop: its figure is below what a loaded server pays per play. See
 * docs/benchmarks.md, "bench:move".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { applyPlay, newGame, type Card } from '@shared/game';
import { applyDelta, deltaFollows, type GameView, type ServerMessage } from '@shared/protocol';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { OPEN, type Connection, type Peer } from '../../server/src/realtime/connection';
import { gameSeed, seed } from './seed';

const GAMES = Number(process.env.BENCH_GAMES ?? 400);
/** Games whose plays arrive in the same turn of the event loop. */
const WAVE = Number(process.env.BENCH_WAVE ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
/** Rounds played before anything is measured: the JIT compiles the move path meanwhile. */
const WARMUP_ROUNDS = 10;
const SEGMENTS = 5;

/** A player's socket: keeps the frames written to it until the bench reads them. */
class BenchSocket implements Peer {
  readonly readyState = OPEN;
  frames: string[] = [];
  send(text: string): void {
    this.frames.push(text);
  }
  close(): void {}
  terminate(): void {}
  ping(): void {}
}

interface Player {
  socket: BenchSocket;
  conn: Connection;
  view: GameView | null;
}

/** Applies the frames a player was sent to its view; a refusal or a gap in the seqs ends the bench. */
function follow(player: Player): void {
  for (const text of player.socket.frames) {
    const message = JSON.parse(text) as ServerMessage;
    if (message.type === 'ERROR') throw new Error(`the server refused: ${message.message}`);
    if (message.type === 'GAME_STATE') player.view = message.game;
    // An update before the player's GAME_STATE (its opponent signed in meanwhile) is in that state.
    if (message.type === 'GAME_UPDATE' && player.view) {
      if (!deltaFollows(player.view.seq, message.seq)) throw new Error('a GAME_UPDATE was missed');
      player.view = applyDelta(player.view, message);
    }
  }
  player.socket.frames = [];
}

/** The write queue of a turn is flushed before the next turn begins. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-move-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const seeded = await seed(dataDir, GAMES * 2, 0);
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-web-app'),
    PUBLIC_URL: 'http://spar.bench',
    LOG_LEVEL: 'silent',
    TURN_SECONDS: '3600',
    RECONNECT_GRACE_SECONDS: '3600',
    WS_MESSAGES_PER_SECOND: '100000',
    // Measured with the metrics on, as a production node runs (docs/operations.md, "Metrics");
    // BENCH_METRICS=0 leaves them off to compare.
    ...(process.env.BENCH_METRICS === '0' ? {} : { METRICS_TOKEN: 'bench-metrics-token-0123456789abcdef' }),
  });
  const app = await buildApp(config, { logger: false, sweepIntervalMs: 0 });
  const gateway = app.gateway;

  const games = seeded.games.map((gameId, g) => ({
    gameId,
    players: [0, 1].map((seat): Player & { token: string } => {
      const socket = new BenchSocket();
      const token = seeded.tokens[g * 2 + seat]!;
      return { socket, conn: gateway.open(socket, '127.0.0.1'), view: null, token };
    }),
    plays: [] as { seat: number; card: Card }[],
    seed: gameSeed(g),
  }));
  for (const game of games) {
    for (const player of game.players) {
      const { token } = player;
      await gateway.receive(player.conn, JSON.stringify({ type: 'MESSAGING_AUTH', token }));
      await gateway.receive(player.conn, JSON.stringify({ type: 'GAME_JOIN', gameId: game.gameId }));
      await nextTurn();
      follow(player);
    }
  }

  // One round: every game plays once, WAVE games at a time. Returns the milliseconds it took.
  const round = async (): Promise<number> => {
    let elapsed = 0;
    for (let start = 0; start < games.length; start += WAVE) {
      const wave = games.slice(start, start + WAVE).map((game) => {
        const view = game.players[0]!.view!;
        const mover = game.players[view.turn!]!;
        const card = mover.view!.legalCards[0]!;
        game.plays.push({ seat: view.turn!, card });
        const frame = JSON.stringify({ type: 'GAME_PLAY', gameId: game.gameId, card, seq: view.seq });
        return { mover, frame };
      });
      const began = performance.now();
      await Promise.all(wave.map(({ mover, frame }) => gateway.receive(mover.conn, frame)));
      await nextTurn();
      elapsed += performance.now() - began;
      for (const game of games.slice(start, start + WAVE)) for (const player of game.players) follow(player);
    }
    return elapsed;
  };

  for (let r = 0; r < WARMUP_ROUNDS; r++) await round();
  const perSegment = Math.max(1, Math.round(ROUNDS / SEGMENTS));
  const server: number[] = [];
  for (let s = 0; s < SEGMENTS; s++) {
    let ms = 0;
    for (let r = 0; r < perSegment; r++) ms += await round();
    server.push((ms * 1000) / (perSegment * games.length));
  }

  const measuredRounds = perSegment * SEGMENTS;
  // The engine plays every game again from its deal (the seed deals the same cards), warm-up included.
  const engine: number[] = [];
  for (let s = 0; s < SEGMENTS; s++) {
    const began = performance.now();
    for (const game of games) {
      let state = newGame({ players: 2, seed: game.seed, targetScore: 1000 });
      for (const { seat, card } of game.plays) state = applyPlay(state, seat, card).state;
    }
    engine.push(((performance.now() - began) * 1000) / ((WARMUP_ROUNDS + measuredRounds) * games.length));
  }
  await app.close();

  const serverUs = median(server);
  const engineUs = median(engine);
  console.log(
    `move path (${games.length} games, ${WAVE} plays per turn, ${measuredRounds * games.length} plays after ${WARMUP_ROUNDS * games.length} warm-up plays):`,
  );
  console.log(
    `  server ${serverUs.toFixed(1)} µs per play (segments ${server.map((x) => x.toFixed(1)).join(' / ')})`,
  );
  console.log(
    `  engine ${engineUs.toFixed(2)} µs per play (segments ${engine.map((x) => x.toFixed(2)).join(' / ')})`,
  );
  console.log(`  ratio ${(serverUs / engineUs).toFixed(0)}x (reported, no target)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

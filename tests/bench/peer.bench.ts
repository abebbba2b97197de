/**
 * `npm run bench:peer` (issue #43): Spar against the server a team would most likely build
 * instead, the same game on Colyseus (tests/bench/colyseus-room.ts: the shared engine, each hand
 * seen by its own player only through Colyseus's StateView, in memory), both in processes of their
 * own and measured in the same run, the same way: bench:ws's load generator and knee search
 * (tests/bench/ws.bench.ts, ws-load.mjs). Spar runs as built, on SQLite on disk: every play is
 * stored before it is announced; Colyseus keeps nothing.
 *   (a) a move's round trip (a play sent to the sender's own update received), p50 and p99, side
 *       by side move by move after a warm-up: each of Spar's moves preceded by one in the same
 *       game (the same seed deals the same hands) on Colyseus;
 *   (b) each server's knee: the most players in active games, thinking 400 ms ±50% per move,
 *       whose p99 stays under 50 ms, the two stepped up side by side.
 * Targets: Spar's knee ≥ Colyseus's and Spar's p50 ≤ Colyseus's. The default is short (1.5 s
 * windows, Spar capped at 4000 players and Colyseus at 6000); BENCH_FULL=1 gives bench:ws's
 * 3 s windows and caps of 8000 and 16000. BENCH_ONLY=cpu: instead of the knees, each server's CPU
 * per play at BENCH_LOAD_PLAYERS (2000). See docs/benchmarks.md, "bench:peer".
 */
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { build } from 'esbuild';
import { SERVER_NODE_FLAGS } from '../../scripts/run-server.mjs';
import { kneeVerdict } from './knee-verdict';
import { gameSeed, seed } from './seed';

const FULL = process.env.BENCH_FULL === '1';
// bench:ws reads its knobs when it is loaded: the short default is set before it is.
process.env.BENCH_WINDOW_MS ??= FULL ? '3000' : '1500';
process.env.BENCH_MAX_PLAYERS ??= FULL ? '8000' : '4000';
const MAX_COLYSEUS_PLAYERS = Number(process.env.BENCH_MAX_PEER_PLAYERS ?? (FULL ? 16_000 : 6000));
const {
  LOAD_PLAYERS,
  LOAD_THREADS,
  MAX_PLAYERS,
  P99_LIMIT_MS,
  RTT_MOVES,
  SHORT_GAMES,
  Side,
  SparPlayer,
  START_PLAYERS,
  STEP_FACTOR,
  THINK_MS,
  WARMUP_GAMES,
  WINDOW_MS,
  WINDOWS,
  findKnees,
  percentile,
  sleep,
  startSpar,
} = await import('./ws.bench');
type LoadThread = InstanceType<typeof Side>['threads'][number];

/** What a Colyseus client holds of the room's state (tests/bench/colyseus-room.ts). */
interface ColyseusState {
  seq: number;
  status: string;
  turn: number;
  seats: { at(seat: number): { sessionId: string; legal: { at(i: number): string } } } & {
    findIndex(match: (seat: { sessionId: string }) => boolean): number;
  };
}

const loads = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');

/** The Colyseus server (tests/bench/colyseus-server.ts), bundled as Spar's server is, in its own process. */
async function startColyseus(port: number): Promise<ChildProcess> {
  const outfile = 'dist/bench/colyseus-server.mjs';
  await build({
    entryPoints: ['tests/bench/colyseus-server.ts'],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22.12',
    packages: 'external',
    sourcemap: true,
    tsconfig: 'tsconfig.tools.json',
    logLevel: 'warning',
  });
  // BENCH_PEER_NODE_ARGS: node flags for it, as BENCH_SERVER_NODE_ARGS gives Spar's.
  const extra = (process.env.BENCH_PEER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = fork(outfile, [String(port)], {
    // Spar's flags: both servers run on the same V8 settings.
    execArgv: [...SERVER_NODE_FLAGS, ...extra],
    // Colyseus holds a seat for 15 s between the matchmaker's answer and the client's socket; on
    // a loaded machine, seating a thousand games at once took longer and their seats expired.
    env: { ...process.env, COLYSEUS_SEAT_RESERVATION_TIME: '120' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) =>
      reject(new Error(`the Colyseus server exited (${code}) before it listened`)),
    );
  });
}

/**
 * One Colyseus game driven from this thread, one move at a time: `move()` plays the first legal
 * card of the seat to play and resolves with the time from sending it to that client's own patch
 * raising the room's seq.
 */
class ColyseusTable {
  private rooms: Room[] = [];
  private seats: number[] = [];

  static async open(url: string, dealSeed: string, targetScore: number): Promise<ColyseusTable> {
    const table = new ColyseusTable();
    const client = new Client(url);
    const first = await client.create('spar', { seed: dealSeed, targetScore });
    const second = await client.joinById(first.roomId);
    table.rooms = [first, second];
    for (const room of table.rooms) await table.reach(room, 0, (state) => state.status === 'active');
    table.seats = table.rooms.map((room) =>
      table.state(room).seats.findIndex((seat) => seat.sessionId === room.sessionId),
    );
    return table;
  }

  private state(room: Room): ColyseusState {
    return room.state as ColyseusState;
  }

  /** Resolves once the room's state has seq ≥ `seq` and passes `ok`. */
  private reach(room: Room, seq: number, ok: (state: ColyseusState) => boolean = () => true): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        const state = this.state(room);
        if (state && state.seq >= seq && ok(state)) {
          room.onStateChange.remove(check);
          resolve();
        }
      };
      room.onStateChange(check);
      check();
    });
  }

  /** The state of the client with the latest patch (the other's may still be on its way). */
  private latest(): ColyseusState {
    const [a, b] = this.rooms.map((room) => this.state(room)) as [ColyseusState, ColyseusState];
    return a.seq >= b.seq ? a : b;
  }

  get finished(): boolean {
    return this.latest().status !== 'active';
  }

  async move(): Promise<number> {
    const { seq, turn } = this.latest();
    const room = this.rooms[this.seats.indexOf(turn)]!;
    // The seat to play sees its legal cards once its own client has the latest patch.
    await this.reach(room, seq);
    const card = this.state(room).seats.at(turn).legal.at(0);
    const start = performance.now();
    const answered = this.reach(room, seq + 1);
    room.send('play', card);
    await answered;
    return performance.now() - start;
  }

  async close(): Promise<void> {
    for (const room of this.rooms) await room.leave();
  }
}

async function main(): Promise<void> {
  console.log(`load average at the start: ${loads()} (${LOAD_THREADS} load threads)`);
  const built = spawnSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-peer-'));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  console.log(
    `seeding ${MAX_PLAYERS + SHORT_GAMES * 2} Spar players in ${MAX_PLAYERS / 2 + SHORT_GAMES} games…`,
  );
  const seeded = await seed(dataDir, MAX_PLAYERS + SHORT_GAMES * 2, 0, SHORT_GAMES);
  // Below Linux's ephemeral range, as in bench:ws.
  const sparPort = 20_000 + Math.floor(Math.random() * 5000);
  const colyseusPort = sparPort + 5000;
  const { child: sparChild } = await startSpar(dataDir, sparPort);
  const colyseusChild = await startColyseus(colyseusPort);
  const children = [sparChild, colyseusChild];
  process.on('exit', () => {
    for (const child of children) child.kill('SIGTERM');
  });
  const sparUrl = `ws://127.0.0.1:${sparPort}/ws`;
  const colyseusUrl = `http://127.0.0.1:${colyseusPort}`;

  // (a) Warm-up, as bench:ws's: WARMUP_GAMES games at once on each, no think time, so both run
  // their move paths optimised by the JIT.
  const warmup = Array.from({ length: WARMUP_GAMES }, (_, g) =>
    [0, 1].map((seat) => new SparPlayer(sparUrl, seeded.tokens[g * 2 + seat]!, seeded.games[g]!, 0)),
  ).flat();
  await Promise.all(warmup.map((p) => p.start()));
  while (!warmup.every((p) => p.finished)) await sleep(20);
  for (const p of warmup) p.stop();
  const warmupMoves = warmup.reduce((n, p) => n + p.latencies.length, 0);
  let colyseusWarmupMoves = 0;
  await Promise.all(
    Array.from({ length: WARMUP_GAMES }, async (_, g) => {
      const table = await ColyseusTable.open(colyseusUrl, gameSeed(g), 10);
      while (!table.finished) {
        await table.move();
        colyseusWarmupMoves++;
      }
      await table.close();
    }),
  );

  // Then side by side: before each of Spar's moves, Colyseus makes one in the same game (the same
  // seed, so the same hands and the same cards played). Every move starts after a timer, so each
  // server has idled before every frame it answers and a slow stretch of the machine falls on both.
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const colyseusLatencies: number[] = [];
  const sparLatencies: number[] = [];
  for (let g = WARMUP_GAMES; g < SHORT_GAMES && sparLatencies.length < RTT_MOVES; g++) {
    let table = await ColyseusTable.open(colyseusUrl, gameSeed(g), 10);
    const beforePlay = async () => {
      await tick();
      if (table.finished) {
        await table.close();
        table = await ColyseusTable.open(colyseusUrl, gameSeed(g), 10);
      }
      colyseusLatencies.push(await table.move());
      await tick();
    };
    const pair = [0, 1].map(
      (seat) => new SparPlayer(sparUrl, seeded.tokens[g * 2 + seat]!, seeded.games[g]!, 0, beforePlay),
    );
    await Promise.all(pair.map((p) => p.start()));
    while (!pair.every((p) => p.finished)) await sleep(20);
    for (const p of pair) {
      sparLatencies.push(...p.latencies);
      p.stop();
    }
    await table.close();
  }
  const rttLoad = loads();

  // (b) The knees, stepped up side by side (bench:ws's Side and findKnees). Colyseus's game g is
  // dealt from Spar's game g's seed.
  const spar = new Side(
    'spar',
    'spar',
    sparUrl,
    MAX_PLAYERS,
    async (threads: LoadThread[], from: number, to: number) => {
      const games: { gameId: string; tokens: string[] }[] = [];
      for (let g = SHORT_GAMES + from / 2; g < SHORT_GAMES + to / 2; g++)
        games.push({ gameId: seeded.games[g]!, tokens: [seeded.tokens[g * 2]!, seeded.tokens[g * 2 + 1]!] });
      const share = Math.ceil(games.length / threads.length);
      await Promise.all(
        threads.map((t, i) => t.request({ op: 'add', games: games.slice(i * share, (i + 1) * share) })),
      );
    },
    sparChild.pid!,
  );
  const colyseus = new Side(
    'colyseus',
    'colyseus',
    colyseusUrl,
    MAX_COLYSEUS_PLAYERS,
    async (threads: LoadThread[], from: number, to: number) => {
      const seeds: string[] = [];
      for (let g = SHORT_GAMES + from / 2; g < SHORT_GAMES + to / 2; g++) seeds.push(gameSeed(g));
      const share = Math.ceil(seeds.length / threads.length);
      await Promise.all(
        threads.map((t, i) => t.request({ op: 'add', seeds: seeds.slice(i * share, (i + 1) * share) })),
      );
    },
    colyseusChild.pid!,
  );
  if (process.env.BENCH_ONLY === 'cpu') {
    // What a play costs each server at one load, the figure with far less noise than the knee
    // (docs/benchmarks.md, "bench:ws"): both carry LOAD_PLAYERS twice, alternately, and the second
    // step counts (every player joined, the code warm).
    if (LOAD_PLAYERS > Math.min(MAX_PLAYERS, MAX_COLYSEUS_PLAYERS))
      throw new Error('BENCH_LOAD_PLAYERS is above BENCH_MAX_PLAYERS or BENCH_MAX_PEER_PLAYERS');
    for (let round = 0; round < 2; round++)
      for (const side of [spar, colyseus]) await side.step(LOAD_PLAYERS, false);
    for (const side of [spar, colyseus]) await side.close();
    for (const line of [...spar.table, ...colyseus.table]) console.log(line);
    const [a, b] = [spar.last.cpuPerPlayUs, colyseus.last.cpuPerPlayUs];
    console.log(
      `server CPU per play at ${LOAD_PLAYERS} players: spar (durable) ${a.toFixed(0)} µs, colyseus (memory) ${b.toFixed(0)} µs (${(a / b).toFixed(2)}x); of which in the kernel: spar ${spar.last.systemPerPlayUs.toFixed(0)} µs, colyseus ${colyseus.last.systemPerPlayUs.toFixed(0)} µs (load average ${loads()})`,
    );
    process.exit(0);
  }
  await findKnees([spar, colyseus]);
  for (const child of children) child.kill('SIGTERM');

  const p50 = percentile(sparLatencies, 0.5);
  const p99 = percentile(sparLatencies, 0.99);
  const peerP50 = percentile(colyseusLatencies, 0.5);
  const peerP99 = percentile(colyseusLatencies, 0.99);
  const knee = kneeVerdict(spar.knee, colyseus.knee, 1);
  const p50Ok = p50 <= peerP50;
  console.log(
    `(a) move round trip over ${sparLatencies.length} moves each, side by side, after ${warmupMoves} warm-up moves on Spar and ${colyseusWarmupMoves} on Colyseus (load average ${rttLoad}):`,
  );
  console.log(`    spar (durable)      p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
  console.log(`    colyseus (memory)   p50 ${peerP50.toFixed(2)} ms, p99 ${peerP99.toFixed(2)} ms`);
  console.log(
    `    p50 spar/colyseus ${(p50 / peerP50).toFixed(2)}x (target ≤ 1x) ${p50Ok ? 'PASS' : 'MISS'}; p99 ${(p99 / peerP99).toFixed(2)}x (reported)`,
  );
  console.log(
    `(b) knee: most players with p99 < ${P99_LIMIT_MS} ms in ${Math.ceil((WINDOWS + 1) / 2)} of ${WINDOWS} windows of ${WINDOW_MS} ms (think ${THINK_MS} ms ±50%, ×${STEP_FACTOR} from ${START_PLAYERS}, ${LOAD_THREADS} load threads; load average ${loads()}):`,
  );
  for (const line of [...spar.knee.table, ...colyseus.knee.table]) console.log(line);
  for (const [name, side] of [
    ['spar (durable)   ', spar],
    ['colyseus (memory)', colyseus],
  ] as const)
    console.log(
      `    ${name} ${side.knee.players} players, ${side.knee.playsPerSecond.toFixed(0)} plays/s, ${side.knee.cpuPerPlayUs.toFixed(0)} µs of server CPU per play: ${side.knee.stop}`,
    );
  console.log(
    `    spar/colyseus ${(knee.ratio * 100).toFixed(0)}%${knee.note ? ` (${knee.note.replaceAll('the relay', 'Colyseus')})` : ''} (target ≥ 100%) ${knee.verdict}`,
  );
  const missed = !p50Ok || knee.verdict === 'MISS';
  const ok = !missed && knee.verdict === 'PASS';
  console.log(ok ? 'all targets met' : missed ? 'TARGET MISSED' : 'NOT SHOWN: capacity undecided (see (b))');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * WebSocket benchmarks (issue: faster move pipeline). The Spar server and a bare `ws` relay each
 * run in a process of their own; simulated players talk to them over loopback from worker threads
 * (tests/bench/ws-load.mjs), so the load generator is not the bottleneck, and it says when it is.
 *   (a) move round trip (GAME_PLAY → own GAME_UPDATE) p50/p99 vs the relay with the same sizes,
 *       measured side by side, move by move, after a warm-up;
 *   (b) the knee of each: players (in active games, thinking THINK_MS ±50% per move) grow ×1.25
 *       per step from START_PLAYERS until p99 passes 50 ms or the client saturates; each step is
 *       measured in 3 windows and decided by majority; plays per second at the knee for both;
 *   (c) memory per idle authenticated connection vs an idle bare connection.
 * Targets: (a) p50 ≤ 2×, p99 ≤ 3×; (b) Spar's knee ≥ 70% of the relay's; (c) ≤ 1.5×.
 * Reported with no target: the same round trip and knee for the durable relay, which stores each
 * frame before answering it and nothing more, the floor of a server that keeps Spar's promise
 * (docs/benchmarks.md, "bench:ws").
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import { cpus } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import { SERVER_NODE_FLAGS } from '../../scripts/run-server.mjs';
import { kneeVerdict } from './knee-verdict';
import { seed } from './seed';

/** Spar's steps stop here at the latest (that many players are seeded). */
export const MAX_PLAYERS = Number(process.env.BENCH_MAX_PLAYERS ?? 8000);
/**
 * The relays' steps stop here at the latest: the load threads hold a socket per player, and this
 * process may open 20000 files here (Spar's players are gone by then, the durable relay steps last).
 */
const MAX_RELAY_PLAYERS = Number(process.env.BENCH_MAX_RELAY_PLAYERS ?? 18000);
export const START_PLAYERS = 200;
/** `BENCH_ONLY=cpu`: the one load both servers carry, for their CPU per play at the same load. */
export const LOAD_PLAYERS = Number(process.env.BENCH_LOAD_PLAYERS ?? 2000);
export const STEP_FACTOR = 1.25;
/** Each step is measured in this many windows; the majority decides. */
export const WINDOWS = 3;
export const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 3000);
const IDLE_CONNECTIONS = 1000;
export const THINK_MS = 400;
export const RTT_MOVES = 600;
/** Games reserved for the round-trip test (played to the end, one after another; ~120 moves each). */
export const RTT_GAMES = 20;
/**
 * Games played (all at once) before the round trips are measured, and as many relay exchanges:
 * both servers are measured warm, as they run, not while the JIT is still compiling the move path.
 */
export const WARMUP_GAMES = 40;
/** The short games (to 10 points) at the start of the seeded list: warm-up, then round trips. */
export const SHORT_GAMES = WARMUP_GAMES + RTT_GAMES;
export const P99_LIMIT_MS = 50;
/** A load thread busier than this limits the measurement; a lag past this is reported. */
const CLIENT_BUSY_LIMIT = 0.85;
const CLIENT_LAG_LIMIT_MS = 20;
/** A step failed while the machine was busy (client loops lagging) is measured again this often. */
const MACHINE_RETRIES = 2;
export const LOAD_THREADS = Math.max(2, Math.min(4, cpus().length));

/** The URL a child started with --inspect prints on stderr. */
function inspectorUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Debugger listening on (ws:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]!);
      for (const line of chunk.toString().split('\n')) {
        if (line && !/Debugger|inspector|For help/.test(line)) process.stderr.write(`${line}\n`);
      }
    });
  });
}

/** A session with a child's inspector (Chrome DevTools protocol): one call at a time. */
async function inspect(url: string) {
  const ws = await open(url);
  let id = 0;
  const call = <T = unknown>(method: string, params: object = {}) =>
    new Promise<{ result?: T }>((resolve) => {
      const myId = ++id;
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString());
        if (message.id === myId) {
          ws.off('message', onMessage);
          resolve(message);
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: myId, method, params }));
    });
  return { call, close: () => ws.close() };
}

/**
 * Starts watching a child's event loop through its inspector: how late its timers run (Node's
 * event-loop delay histogram) and its GC pauses. `read` stops and reports, in milliseconds. It
 * tells a tail made by a few long pauses from one made by a loop that is simply busy.
 */
async function watchEventLoop(url: string) {
  const inspector = await inspect(url);
  await inspector.call('Runtime.evaluate', {
    expression: `(() => {
      const { monitorEventLoopDelay, PerformanceObserver } = process.getBuiltinModule('node:perf_hooks');
      const delay = monitorEventLoopDelay({ resolution: 1 });
      const gc = [];
      const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) gc.push(e.duration); });
      delay.enable();
      observer.observe({ entryTypes: ['gc'] });
      globalThis.__benchLoop = { delay, gc, observer };
    })()`,
  });
  return {
    async read() {
      const answer = await inspector.call<{ result: { value: string } }>('Runtime.evaluate', {
        expression: `(() => {
          const { delay, gc, observer } = globalThis.__benchLoop;
          delay.disable();
          observer.disconnect();
          delete globalThis.__benchLoop;
          return JSON.stringify({
            p50: delay.percentile(50) / 1e6, p99: delay.percentile(99) / 1e6, max: delay.max / 1e6,
            gcPauses: gc.length, gcMs: gc.reduce((sum, ms) => sum + ms, 0), gcLongest: Math.max(0, ...gc),
          });
        })()`,
        returnByValue: true,
      });
      inspector.close();
      return JSON.parse(answer.result!.result.value) as {
        p50: number;
        p99: number;
        max: number;
        gcPauses: number;
        gcMs: number;
        gcLongest: number;
      };
    },
  };
}

/** Retained memory of a child (heap + external) after a full GC, read through the inspector. */
async function retainedBytes(url: string): Promise<number> {
  const inspector = await inspect(url);
  await inspector.call('HeapProfiler.collectGarbage');
  await inspector.call('HeapProfiler.collectGarbage');
  const answer = await inspector.call<{ result?: { value?: number } }>('Runtime.evaluate', {
    expression: '(() => { const m = process.memoryUsage(); return m.heapUsed + m.external; })()',
    returnByValue: true,
  });
  inspector.close();
  return answer.result!.result!.value!;
}

/**
 * CPU seconds a process has used so far, from /proc (Linux): in all (user + system) and in the
 * kernel alone. With BENCH_CPU_THREAD=main, its main thread's alone: the thread that serves the
 * sockets, which a design moving work to other threads must unload.
 */
export function cpuTimes(pid: number): { total: number; system: number } {
  const stat =
    process.env.BENCH_CPU_THREAD === 'main' ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  // The fields after the command name, which is in parentheses and may hold spaces.
  const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks (USER_HZ 100).
  return { total: (Number(fields[11]) + Number(fields[12])) / 100, system: Number(fields[12]) / 100 };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

export function open(url: string, options?: WebSocket.ClientOptions): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, options);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A simulated player: signs in, joins its game, and plays its first legal card after THINK_MS. */
export class SparPlayer {
  ws!: WebSocket;
  seat = -1;
  seq = 0;
  sentAt = 0;
  latencies: number[] = [];
  updateBytes: number[] = [];
  playBytes = 0;
  finished = false;
  /** Bytes this player's socket received and sent on the wire, upgrade included (set by stop()). */
  wire = { received: 0, sent: 0 };
  private view: { seq: number; status: string; turn: number | null; legalCards: string[] } | undefined;
  private thinking: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly gameId: string,
    private readonly thinkMs: number,
    /** Runs before each play, after the think time (the round-trip test interleaves the relays here). */
    private readonly beforePlay?: () => Promise<void>,
    private readonly wsOptions?: WebSocket.ClientOptions,
  ) {}

  async start(): Promise<void> {
    this.ws = await open(this.url, this.wsOptions);
    const ready = new Promise<void>((resolve) => {
      this.ws.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString());
        if (message.type === 'MESSAGING_AUTH_SUCCESS')
          this.ws.send(JSON.stringify({ type: 'GAME_JOIN', gameId: this.gameId }));
        if (message.type === 'GAME_STATE') {
          this.seat = message.game.you.seat;
          this.view = message.game;
          this.onView(message.game);
          resolve();
        }
        // A player's game sends it updates (a seat connecting) before its own GAME_STATE arrives;
        // like the app, a delta is applied only on top of a full view.
        if (message.type === 'GAME_UPDATE' && this.view) {
          if (this.sentAt && message.seq > this.seq) {
            this.latencies.push(performance.now() - this.sentAt);
            this.updateBytes.push(data.length);
            this.sentAt = 0;
          }
          const view = { ...this.view!, ...message.changes, seq: message.seq };
          this.view = view;
          this.onView(view);
        }
      });
    });
    this.ws.send(JSON.stringify({ type: 'MESSAGING_AUTH', token: this.token }));
    await ready;
  }

  private onView(game: { seq: number; status: string; turn: number | null; legalCards: string[] }): void {
    this.seq = game.seq;
    if (game.status !== 'active') {
      this.finished = true;
      return;
    }
    if (game.turn !== this.seat || game.legalCards.length === 0 || this.thinking || this.sentAt) return;
    this.thinking = setTimeout(
      () => void this.play(game.legalCards[0]!, game.seq),
      this.thinkMs * (0.5 + Math.random()),
    );
  }

  private async play(card: string, seq: number): Promise<void> {
    await this.beforePlay?.();
    this.thinking = undefined;
    const frame = JSON.stringify({ type: 'GAME_PLAY', gameId: this.gameId, card, seq });
    this.playBytes = frame.length;
    this.sentAt = performance.now();
    this.ws.send(frame);
  }

  stop(): void {
    clearTimeout(this.thinking);
    const socket = (this.ws as unknown as { _socket: Socket })._socket;
    this.wire = { received: socket.bytesRead, sent: socket.bytesWritten };
    this.ws.close();
  }
}

/** The relay's counterpart: sends a frame of the same size after thinking, times the reply. */
class RelayPlayer {
  ws!: WebSocket;
  latencies: number[] = [];
  private sentAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly frame: string,
    private readonly thinkMs: number,
    private readonly active: boolean,
  ) {}

  async start(): Promise<void> {
    this.ws = await open(this.url);
    this.ws.on('message', (data: Buffer) => {
      JSON.parse(data.toString()); // the same client-side work as a SparPlayer
      if (this.sentAt) {
        this.latencies.push(performance.now() - this.sentAt);
        this.sentAt = 0;
        this.schedule();
      }
    });
    if (this.active) this.schedule();
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () => {
        this.sentAt = performance.now();
        this.ws.send(this.frame);
      },
      this.thinkMs * (0.5 + Math.random()),
    );
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.ws.close();
  }
}

export async function startSpar(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; inspector: Promise<string> }> {
  // BENCH_SERVER_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extra = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  // With the flags `npm start` gives it (scripts/run-server.mjs).
  const flags = [...SERVER_NODE_FLAGS, ...extra, '--inspect=127.0.0.1:0'];
  const child = spawn('node', [...flags, 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WS_MAX_CONNECTIONS_PER_IP: '100000',
      LOG_LEVEL: 'error',
      TURN_SECONDS: '3600',
      RECONNECT_GRACE_SECONDS: '3600',
      HEARTBEAT_SECONDS: '600',
      WS_MESSAGES_PER_SECOND: '1000',
      WS_MAX_CONNECTIONS_PER_USER: '1000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const inspector = inspectorUrl(child);
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return { child, inspector };
    } catch {
      await sleep(100);
    }
  }
  throw new Error('Spar server did not start');
}

/** The bare relay, or with `dataDir` the durable relay (tests/bench/ws-relay.mjs). */
function startRelay(
  port: number,
  replyBytes: number,
  dataDir?: string,
): Promise<{ child: ChildProcess; inspector: Promise<string> }> {
  // BENCH_RELAY_NODE_ARGS: the same for the relay, so both sides can be profiled alike.
  const extra = (process.env.BENCH_RELAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = fork(
    path.join(import.meta.dirname, 'ws-relay.mjs'),
    [String(port), String(replyBytes), ...(dataDir ? [dataDir] : [])],
    {
      // The server's flags too: both sides run on the same V8 settings.
      execArgv: [...SERVER_NODE_FLAGS, ...extra, '--inspect=127.0.0.1:0'],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    },
  );
  const inspector = inspectorUrl(child);
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve({ child, inspector }));
    child.once('exit', (code) => reject(new Error(`the relay exited (${code}) before it listened`)));
  });
}

/** The players a load thread holds: Spar's, the relays', or bench:peer's Colyseus players. */
export type LoadKind = 'spar' | 'relay' | 'colyseus';

/** One load thread of tests/bench/ws-load.mjs, answering one request at a time. */
export class LoadThread {
  private readonly worker: Worker;

  constructor(data: { kind: LoadKind; url: string; thinkMs: number; frame?: string }) {
    this.worker = new Worker(path.join(import.meta.dirname, 'ws-load.mjs'), { workerData: data });
  }

  request<T>(message: object): Promise<T> {
    return new Promise((resolve, reject) => {
      this.worker.once('message', (answer: { op: string; error?: string }) =>
        answer.op === 'failed' ? reject(new Error(answer.error)) : resolve(answer as T),
      );
      this.worker.postMessage(message);
    });
  }

  terminate(): Promise<number> {
    return this.worker.terminate();
  }
}

interface Window {
  moves: number;
  p50: number;
  p99: number;
  /** The busiest load thread's event-loop utilisation, and the worst p99 of their event-loop delay (ms). */
  busy: number;
  lag: number;
  /** The server process's CPU time over the window, as a share of one core, and in seconds. */
  server: number;
  cpuSeconds: number;
  /** The part of cpuSeconds spent in the kernel (socket and file system calls). */
  systemSeconds: number;
}

export interface Knee {
  /** The most players whose step passed (p99 < 50 ms in most windows); 0 if none did. */
  players: number;
  playsPerSecond: number;
  /** The server's CPU time per play at the knee (µs): what a play costs, with less noise than the knee. */
  cpuPerPlayUs: number;
  /** Why stepping stopped. */
  stop: string;
  /** Stepping stopped before p99 passed the limit (a cap, or busy load threads): the knee is higher. */
  lowerBound: boolean;
  table: string[];
}

/**
 * One side of the knee search (Spar or the relay): its load threads and players. Both sides step
 * up together, Spar's windows and then the relay's at each step, the other side paused, so a
 * change in the machine's other load hits both alike.
 */
export class Side {
  readonly threads: LoadThread[];
  readonly table: string[] = [];
  knee: Knee;
  /** The last step's plays per second and server CPU per play (µs), passed or not. */
  last = { playsPerSecond: 0, cpuPerPlayUs: NaN, systemPerPlayUs: NaN, p99: NaN };
  players = 0;
  done = false;

  constructor(
    /** How its steps are labelled in the table. */
    readonly label: string,
    kind: LoadKind,
    url: string,
    readonly max: number,
    private readonly add: (threads: LoadThread[], from: number, to: number) => Promise<void>,
    /** The server's pid, for its CPU time per window. */
    private readonly pid: number,
    frame?: string,
  ) {
    this.threads = Array.from(
      { length: LOAD_THREADS },
      () => new LoadThread({ kind, url, thinkMs: THINK_MS, frame }),
    );
    this.knee = {
      players: 0,
      playsPerSecond: 0,
      cpuPerPlayUs: NaN,
      stop: `stopped at the cap of ${max} players (BENCH_MAX_PLAYERS / BENCH_MAX_RELAY_PLAYERS)`,
      lowerBound: true,
      table: this.table,
    };
  }

  private all(op: object) {
    return Promise.all(this.threads.map((t) => t.request(op)));
  }

  /**
   * Grows to `target` players, measures WINDOWS windows, decides the step, and pauses again.
   * `decide: false` only measures (BENCH_ONLY=cpu): the knee is left as it was and nothing stops.
   */
  async step(target: number, decide = true): Promise<void> {
    if (target > this.max) {
      this.done = true;
      return;
    }
    await this.all({ op: 'resume' });
    await this.add(this.threads, this.players, target);
    this.players = target;
    await sleep(1000); // let the newcomers' first moves settle
    let passed = false;
    let saturated = false;
    let playsPerSecond = 0;
    let cpuPerPlayUs = NaN;
    let systemPerPlayUs = NaN;
    let p99 = NaN;
    for (let attempt = 0; ; attempt++) {
      const samples: number[] = [];
      const windows: Window[] = [];
      for (let w = 0; w < WINDOWS; w++) {
        await this.all({ op: 'reset' });
        const cpuBefore = cpuTimes(this.pid);
        const wallBefore = performance.now();
        await sleep(WINDOW_MS);
        const cpuAfter = cpuTimes(this.pid);
        const cpu = cpuAfter.total - cpuBefore.total;
        const server = cpu / ((performance.now() - wallBefore) / 1000);
        const parts = await Promise.all(
          this.threads.map((t) =>
            t.request<{ latencies: number[]; busy: number; lagP99: number }>({ op: 'collect' }),
          ),
        );
        const sample = parts.flatMap((part) => part.latencies);
        for (const latency of sample) samples.push(latency);
        windows.push({
          moves: sample.length,
          p50: percentile(sample, 0.5),
          p99: percentile(sample, 0.99),
          busy: Math.max(...parts.map((part) => part.busy)),
          lag: Math.max(...parts.map((part) => part.lagP99)),
          server,
          cpuSeconds: cpu,
          systemSeconds: cpuAfter.system - cpuBefore.system,
        });
      }
      const majority = (ok: (w: Window) => boolean) => windows.filter(ok).length > WINDOWS / 2;
      passed = majority((w) => w.p99 < P99_LIMIT_MS);
      // The client is the limit when its own threads are busy. A lagging event loop in threads that
      // are not busy is the machine's other load (it delays both sides alike): reported, not a stop.
      saturated = majority((w) => w.busy > CLIENT_BUSY_LIMIT);
      const lagging = majority((w) => w.lag > CLIENT_LAG_LIMIT_MS);
      playsPerSecond = windows.reduce((sum, w) => sum + w.moves, 0) / ((WINDOWS * WINDOW_MS) / 1000);
      const list = (pick: (w: Window) => number) => windows.map((w) => pick(w).toFixed(1)).join(' / ');
      const sum = (pick: (w: Window) => number) => windows.reduce((total, w) => total + pick(w), 0);
      cpuPerPlayUs = (sum((w) => w.cpuSeconds) / sum((w) => w.moves)) * 1e6;
      systemPerPlayUs = (sum((w) => w.systemSeconds) / sum((w) => w.moves)) * 1e6;
      p99 = percentile(samples, 0.99);
      this.table.push(
        `  ${this.label.padEnd(7)} ${String(target).padStart(5)} players: ${playsPerSecond.toFixed(0).padStart(5)} plays/s, p99 ${list((w) => w.p99)} ms, p50 ${list((w) => w.p50)} ms; server cpu ${list((w) => w.server)} (${cpuPerPlayUs.toFixed(0)} µs/play), client busy ${list((w) => w.busy)}, lag p99 ${list((w) => w.lag)} ms → ${passed ? 'pass' : 'FAIL'}${saturated ? ' (client-limited)' : lagging ? ' (machine busy: client loop lags)' : ''}`,
      );
      // A failed step whose load threads lagged without being busy met a burst of the machine's
      // other load: measured again (twice at most) rather than taken as the knee.
      if (passed || saturated || !lagging || attempt >= MACHINE_RETRIES) break;
      this.table[this.table.length - 1] += ', measured again';
    }
    await this.all({ op: 'pause' });
    this.last = { playsPerSecond, cpuPerPlayUs, systemPerPlayUs, p99 };
    if (!decide) return;
    if (!passed) {
      // A step that failed while the load threads were busy may have failed on the client's side.
      this.knee = {
        ...this.knee,
        stop: saturated
          ? `p99 passed ${P99_LIMIT_MS} ms at ${target} players with the load threads busy (client-limited): the knee may be higher`
          : `p99 passed ${P99_LIMIT_MS} ms at ${target} players`,
        lowerBound: saturated,
      };
      this.done = true;
    } else {
      this.knee = { ...this.knee, players: target, playsPerSecond, cpuPerPlayUs };
      if (saturated) {
        this.knee.stop = `client-side limit at ${target} players (load threads busy): the knee is higher`;
        this.done = true;
      }
    }
    if (this.done) await this.all({ op: 'stop' });
  }

  async close(): Promise<void> {
    await this.all({ op: 'stop' });
    await Promise.all(this.threads.map((t) => t.terminate()));
  }
}

/** Steps both sides up ×STEP_FACTOR from START_PLAYERS until each has found its knee. */
export async function findKnees(sides: Side[]): Promise<void> {
  for (
    let target = START_PLAYERS;
    sides.some((side) => !side.done);
    target = Math.round(target * STEP_FACTOR)
  ) {
    target -= target % 2; // whole games
    for (const side of sides) if (!side.done) await side.step(target);
  }
  for (const side of sides) await side.close();
}

/** A process's resident memory, from /proc (Linux). */
function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return Number(line![1]) * 1024;
}

/**
 * `BENCH_ONLY=deflate`: Spar as configured (permessage-deflate off) and Spar with
 * WS_PERMESSAGE_DEFLATE=true, side by side on copies of one database, with clients that compress
 * every frame they send, as browsers do. For each: memory per idle signed-in connection, CPU per
 * play over WARMUP_GAMES games at once, then each of the RTT_GAMES games played on one server and
 * at once the same game (same seed, same cards) on the other, for the round trip and the bytes on
 * the wire per player per game. See docs/benchmarks.md, "permessage-deflate".
 */
/** Adds Spar's players from..to, two to a seeded game, shared among the load threads. */
function sparPlayers(seeded: Awaited<ReturnType<typeof seed>>) {
  return async (threads: LoadThread[], from: number, to: number) => {
    const games: { gameId: string; tokens: string[] }[] = [];
    for (let g = SHORT_GAMES + from / 2; g < SHORT_GAMES + to / 2; g++)
      games.push({ gameId: seeded.games[g]!, tokens: [seeded.tokens[g * 2]!, seeded.tokens[g * 2 + 1]!] });
    const share = Math.ceil(games.length / threads.length);
    await Promise.all(
      threads.map((t, i) => t.request({ op: 'add', games: games.slice(i * share, (i + 1) * share) })),
    );
  };
}

/**
 * BENCH_ONLY=disk: the tail at one fixed load (BENCH_LOAD_PLAYERS) with the database on disk (the
 * temporary folder) and on tmpfs (/dev/shm), each with the SQLite writer thread and with the
 * writer inline (SQLITE_WRITER, docs/design.md "Game storage"). Each server is a copy of the seeded
 * folder; the four run one after another, interleaved (disk, tmpfs, disk, tmpfs) so a change in
 * the machine's other load falls on both file systems. Each carries the load twice and the second
 * step counts: its move round-trip p99 and the longest event-loop stall (Node's event-loop delay
 * max over that step). Targets: on disk p99 ≤ 1.5× tmpfs, no stall over 50 ms.
 */
async function compareDisk(dataDir: string, seeded: Awaited<ReturnType<typeof seed>>): Promise<void> {
  if (LOAD_PLAYERS > MAX_PLAYERS) throw new Error('BENCH_LOAD_PLAYERS is above BENCH_MAX_PLAYERS');
  const runs: { fs: string; writer: string; p99: number; stall: number; cpu: number }[] = [];
  const port = 20_000 + Math.floor(Math.random() * 5000);
  const configs = (process.env.BENCH_DISK_WRITERS ?? 'worker,inline').split(',').flatMap((writer) => [
    { fs: 'disk', base: tmpdir(), writer },
    { fs: 'tmpfs', base: '/dev/shm', writer },
  ]);
  for (const [i, config] of configs.entries()) {
    const copyDir = mkdtempSync(path.join(config.base, 'spar-bench-disk-'));
    process.on('exit', () => rmSync(copyDir, { recursive: true, force: true }));
    cpSync(dataDir, copyDir, { recursive: true });
    const server = await startSpar(copyDir, port + i, { SQLITE_WRITER: config.writer });
    const side = new Side(
      `${config.fs}/${config.writer}`.padEnd(12),
      'spar',
      `ws://127.0.0.1:${port + i}/ws`,
      MAX_PLAYERS,
      sparPlayers(seeded),
      server.child.pid!,
    );
    await side.step(LOAD_PLAYERS, false);
    const loop = await watchEventLoop(await server.inspector);
    await side.step(LOAD_PLAYERS, false);
    const stalls = await loop.read();
    await side.close();
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
    for (const row of side.table) console.log(row);
    runs.push({
      fs: config.fs,
      writer: config.writer,
      p99: side.last.p99,
      stall: stalls.max,
      cpu: side.last.cpuPerPlayUs,
    });
  }
  console.log(
    `the tail at ${LOAD_PLAYERS} players (second step of each server, ${WINDOWS} × ${WINDOW_MS} ms):`,
  );
  for (const run of runs)
    console.log(
      `  ${run.fs.padEnd(5)} ${run.writer.padEnd(6)}: move p99 ${run.p99.toFixed(2)} ms, longest event-loop stall ${run.stall.toFixed(1)} ms, ${run.cpu.toFixed(0)} µs/play`,
    );
  for (const writer of new Set(runs.map((run) => run.writer))) {
    const disk = runs.find((run) => run.writer === writer && run.fs === 'disk')!;
    const tmpfs = runs.find((run) => run.writer === writer && run.fs === 'tmpfs')!;
    const ratio = disk.p99 / tmpfs.p99;
    console.log(
      `  ${writer}: disk p99 ${ratio.toFixed(2)}x tmpfs (target ≤ 1.5x) ${ratio <= 1.5 ? 'MET' : 'MISSED'}; longest stall on disk ${disk.stall.toFixed(1)} ms (target ≤ 50 ms) ${disk.stall <= 50 ? 'MET' : 'MISSED'}`,
    );
  }
  process.exit(0);
}

async function compareDeflate(dataDir: string, seeded: Awaited<ReturnType<typeof seed>>): Promise<void> {
  const copyDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-deflate-'));
  cpSync(dataDir, copyDir, { recursive: true });
  process.on('exit', () => rmSync(copyDir, { recursive: true, force: true }));
  const browserLike: WebSocket.ClientOptions = { perMessageDeflate: { threshold: 0 } };
  const port = 20_000 + Math.floor(Math.random() * 5000);
  const sides = [
    { name: 'off', ...(await startSpar(dataDir, port)), url: `ws://127.0.0.1:${port}/ws` },
    {
      name: 'on',
      ...(await startSpar(copyDir, port + 1, { WS_PERMESSAGE_DEFLATE: 'true' })),
      url: `ws://127.0.0.1:${port + 1}/ws`,
    },
  ];
  const results = sides.map(() => ({
    perConn: 0,
    rssPerConn: 0,
    cpuPerPlay: 0,
    latencies: [] as number[],
    received: [] as number[],
    sent: [] as number[],
  }));

  for (const [i, side] of sides.entries()) {
    const signIn = async (token: string): Promise<WebSocket> => {
      const ws = await open(side.url, browserLike);
      await new Promise<void>((resolve) => {
        ws.once('message', () => resolve());
        ws.send(JSON.stringify({ type: 'MESSAGING_AUTH', token }));
      });
      return ws;
    };
    for (const token of seeded.idleTokens) (await signIn(token)).close();
    await sleep(500);
    const inspector = await side.inspector;
    const before = await retainedBytes(inspector);
    const rssBefore = residentBytes(side.child.pid!);
    const idle: WebSocket[] = [];
    for (const token of seeded.idleTokens) idle.push(await signIn(token));
    await sleep(500);
    results[i]!.perConn = ((await retainedBytes(inspector)) - before) / IDLE_CONNECTIONS;
    results[i]!.rssPerConn = (residentBytes(side.child.pid!) - rssBefore) / IDLE_CONNECTIONS;
    for (const ws of idle) ws.close();
  }

  const play = async (side: (typeof sides)[number], g: number) => {
    const pair = [0, 1].map(
      (seat) =>
        new SparPlayer(side.url, seeded.tokens[g * 2 + seat]!, seeded.games[g]!, 0, undefined, browserLike),
    );
    await Promise.all(pair.map((p) => p.start()));
    while (!pair.every((p) => p.finished)) await sleep(5);
    for (const p of pair) p.stop();
    return pair;
  };
  // WARMUP_GAMES games at once on one server, then the same games on the other.
  for (const [i, side] of sides.entries()) {
    const cpuBefore = cpuTimes(side.child.pid!).total;
    const games = await Promise.all(Array.from({ length: WARMUP_GAMES }, (_, g) => play(side, g)));
    const plays = games.flat().reduce((n, p) => n + p.latencies.length, 0);
    results[i]!.cpuPerPlay = ((cpuTimes(side.child.pid!).total - cpuBefore) / plays) * 1e6;
  }
  // One game at a time, each game on both servers back to back, which goes first alternating.
  for (let g = WARMUP_GAMES; g < SHORT_GAMES; g++) {
    const order = g % 2 === 0 ? [0, 1] : [1, 0];
    for (const i of order) {
      for (const p of await play(sides[i]!, g)) {
        results[i]!.latencies.push(...p.latencies);
        results[i]!.received.push(p.wire.received);
        results[i]!.sent.push(p.wire.sent);
      }
    }
  }
  for (const side of sides) side.child.kill('SIGTERM');

  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
  const [off, on] = results as [(typeof results)[number], (typeof results)[number]];
  const line = (label: string, a: number, b: number, unit: string, digits = 1) =>
    console.log(
      `${label.padEnd(44)} off ${a.toFixed(digits)} ${unit}, on ${b.toFixed(digits)} ${unit}: on/off ${(b / a).toFixed(2)}x`,
    );
  console.log(
    `permessage-deflate, ${off.received.length} player-games each (ratios from one run, side by side):`,
  );
  line('bytes received per player per game', mean(off.received), mean(on.received), 'B', 0);
  line('bytes sent per player per game', mean(off.sent), mean(on.sent), 'B', 0);
  line('memory per idle connection (heap + external)', off.perConn / 1024, on.perConn / 1024, 'KiB');
  line('resident memory per idle connection', off.rssPerConn / 1024, on.rssPerConn / 1024, 'KiB');
  line(`CPU per play (${WARMUP_GAMES} games at once)`, off.cpuPerPlay, on.cpuPerPlay, 'µs', 0);
  line('round trip p50', percentile(off.latencies, 0.5), percentile(on.latencies, 0.5), 'ms', 3);
  line('round trip p99', percentile(off.latencies, 0.99), percentile(on.latencies, 0.99), 'ms', 3);
  process.exit(0);
}

async function main(): Promise<void> {
  const build = spawnSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-ws-'));
  const durableDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-durable-'));
  // The durable relay's table grows by a row per play: a full run leaves ~1 GB behind otherwise.
  process.on('exit', () => {
    for (const dir of [dataDir, durableDir]) rmSync(dir, { recursive: true, force: true });
  });
  console.log(
    `seeding ${MAX_PLAYERS + SHORT_GAMES * 2} players in ${MAX_PLAYERS / 2 + SHORT_GAMES} games and ${IDLE_CONNECTIONS} idle users…`,
  );
  const seeded = await seed(dataDir, MAX_PLAYERS + SHORT_GAMES * 2, IDLE_CONNECTIONS, SHORT_GAMES);
  if (process.env.BENCH_ONLY === 'deflate') return compareDeflate(dataDir, seeded);
  if (process.env.BENCH_ONLY === 'disk') return compareDisk(dataDir, seeded);
  // Below Linux's ephemeral range (32768 and up): thousands of load connections take their local
  // ports from there, and one of them could hold a listening port picked inside it.
  const sparPort = 20_000 + Math.floor(Math.random() * 5000);
  const relayPort = sparPort + 5000;
  const durablePort = sparPort + 5001;
  const { child: sparChild, inspector: sparInspector } = await startSpar(dataDir, sparPort);
  const sparUrl = `ws://127.0.0.1:${sparPort}/ws`;
  const relayUrl = `ws://127.0.0.1:${relayPort}`;
  const durableUrl = `ws://127.0.0.1:${durablePort}`;

  // (c) Memory per idle authenticated connection, before any load.
  // Warm the sign-in path first (every idle user signs in once, and leaves), so the figure is
  // connections, not code the JIT compiles while the path gets hot: with a single warm-up sign-in,
  // a heap snapshot put ~0.7 KiB of the figure in compiled code.
  const signIn = async (token: string): Promise<WebSocket> => {
    const ws = await open(sparUrl);
    await new Promise<void>((resolve) => {
      ws.once('message', () => resolve());
      ws.send(JSON.stringify({ type: 'MESSAGING_AUTH', token }));
    });
    return ws;
  };
  for (const token of seeded.idleTokens) (await signIn(token)).close();
  await sleep(500);
  const sparBefore = await retainedBytes(await sparInspector);
  const idle: WebSocket[] = [];
  for (const token of seeded.idleTokens) idle.push(await signIn(token));
  await sleep(500);
  const sparPerConn = ((await retainedBytes(await sparInspector)) - sparBefore) / IDLE_CONNECTIONS;
  for (const ws of idle) ws.close();
  if (process.env.BENCH_ONLY === 'memory') {
    // A quick look while working on what a connection holds: Spar's figure alone.
    console.log(`(c) memory per idle authenticated connection: spar ${(sparPerConn / 1024).toFixed(2)} KiB`);
    sparChild.kill('SIGTERM');
    process.exit(0);
  }

  // (a) Round trips. Warm-up first: WARMUP_GAMES games at once, no think time, so both servers
  // are measured as they run and not while the JIT still compiles their paths (V8 optimises a
  // function only once it has run many times: after three games in a row, most of Spar's move
  // path still ran unoptimised). The replies' size comes from these games.
  const warmup = Array.from({ length: WARMUP_GAMES }, (_, g) =>
    [0, 1].map((seat) => new SparPlayer(sparUrl, seeded.tokens[g * 2 + seat]!, seeded.games[g]!, 0)),
  ).flat();
  await Promise.all(warmup.map((p) => p.start()));
  while (!warmup.every((p) => p.finished)) await sleep(20);
  const warmupMoves = warmup.reduce((n, p) => n + p.latencies.length, 0);
  const warmupSizes = warmup.flatMap((p) => p.updateBytes);
  const playSize = Math.max(...warmup.map((p) => p.playBytes));
  for (const p of warmup) p.stop();
  const replyBytes = Math.round(warmupSizes.reduce((s, x) => s + x, 0) / warmupSizes.length);
  const { child: relayChild, inspector: relayInspector } = await startRelay(relayPort, replyBytes);
  const frame = JSON.stringify({ type: 'GAME_PLAY', pad: 'x'.repeat(Math.max(0, playSize - 30)) });
  const { child: durableChild } = await startRelay(durablePort, replyBytes, durableDir);
  const relayPair = async (url: string) => {
    const pair = [new RelayPlayer(url, frame, 0, false), new RelayPlayer(url, frame, 0, false)] as const;
    for (const p of pair) await p.start();
    return pair;
  };
  const relayPlayers = await relayPair(relayUrl);
  const durablePlayers = await relayPair(durableUrl);
  const exchange = (player: RelayPlayer) =>
    new Promise<number>((resolve) => {
      const start = performance.now();
      player.ws.once('message', (data: Buffer) => {
        JSON.parse(data.toString());
        resolve(performance.now() - start);
      });
      player.ws.send(frame);
    });
  for (let i = 0; i < warmupMoves; i++) {
    await exchange(relayPlayers[0]);
    await exchange(durablePlayers[0]);
  }

  // Then the three side by side, one game at a time: before each of Spar's moves the relay and the
  // durable relay each answer one frame. Every exchange starts after a timer, as Spar's players
  // play after one, so each server has idled a millisecond or more before each frame it answers,
  // and a slower or busier stretch of the machine falls on all three alike.
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const relayLatencies: number[] = [];
  const durableLatencies: number[] = [];
  const beforePlay = async () => {
    await tick();
    relayLatencies.push(await exchange(relayPlayers[0]));
    await tick();
    durableLatencies.push(await exchange(durablePlayers[0]));
    await tick();
  };
  // BENCH_ONLY=rtt BENCH_PROFILE=file.cpuprofile: Spar's CPU profile over the measured games alone.
  const rttProfile = process.env.BENCH_ONLY === 'rtt' ? process.env.BENCH_PROFILE : undefined;
  const profiler = rttProfile ? await inspect(await sparInspector) : undefined;
  await profiler?.call('Profiler.enable');
  await profiler?.call('Profiler.setSamplingInterval', { interval: 50 });
  await profiler?.call('Profiler.start');
  const latencies: number[] = [];
  for (let g = WARMUP_GAMES; g < SHORT_GAMES && latencies.length < RTT_MOVES; g++) {
    const pair = [0, 1].map(
      (seat) => new SparPlayer(sparUrl, seeded.tokens[g * 2 + seat]!, seeded.games[g]!, 0, beforePlay),
    );
    await Promise.all(pair.map((p) => p.start()));
    while (!pair.every((p) => p.finished)) await sleep(20);
    for (const p of pair) {
      latencies.push(...p.latencies);
      p.stop();
    }
  }
  if (profiler) {
    const stopped = await profiler.call<{ profile: unknown }>('Profiler.stop');
    writeFileSync(rttProfile!, JSON.stringify(stopped.result!.profile));
    profiler.close();
  }
  for (const p of [...relayPlayers, ...durablePlayers]) p.stop();

  if (process.env.BENCH_ONLY === 'rtt') {
    // A quick look while working on the move path: memory and round trips, no knees.
    const ratio = (p: number) => percentile(latencies, p) / percentile(relayLatencies, p);
    console.log(
      `(a) spar p50 ${percentile(latencies, 0.5).toFixed(3)} ms p99 ${percentile(latencies, 0.99).toFixed(3)} ms; relay p50 ${percentile(relayLatencies, 0.5).toFixed(3)} ms p99 ${percentile(relayLatencies, 0.99).toFixed(3)} ms: ${ratio(0.5).toFixed(2)}x / ${ratio(0.99).toFixed(2)}x`,
    );
    console.log(
      `    durable relay p50 ${percentile(durableLatencies, 0.5).toFixed(3)} ms (${(percentile(durableLatencies, 0.5) / percentile(relayLatencies, 0.5)).toFixed(2)}x the relay)`,
    );
    console.log(`(c) spar ${(sparPerConn / 1024).toFixed(2)} KiB per idle authenticated connection`);
    for (const child of [sparChild, relayChild, durableChild]) child.kill('SIGTERM');
    process.exit(0);
  }

  // (b) The knees of both, stepped up side by side.
  const spar = new Side('spar', 'spar', sparUrl, MAX_PLAYERS, sparPlayers(seeded), sparChild.pid!);
  const addRelayPlayers = async (threads: LoadThread[], from: number, to: number) => {
    const share = (to - from) / threads.length;
    await Promise.all(
      threads.map((t, i) =>
        t.request({ op: 'add', count: Math.round((i + 1) * share) - Math.round(i * share) }),
      ),
    );
  };
  const relay = new Side(
    'relay',
    'relay',
    relayUrl,
    MAX_RELAY_PLAYERS,
    addRelayPlayers,
    relayChild.pid!,
    frame,
  );
  // The floor: what storing each play before answering it costs by itself (reported, no target).
  const durable = new Side(
    'durable',
    'relay',
    durableUrl,
    MAX_RELAY_PLAYERS,
    addRelayPlayers,
    durableChild.pid!,
    frame,
  );
  if (process.env.BENCH_ONLY === 'cpu') {
    // A quick look while working on the move path: CPU per play at one load, the same for both.
    if (LOAD_PLAYERS > MAX_PLAYERS) throw new Error('BENCH_LOAD_PLAYERS is above BENCH_MAX_PLAYERS');
    // Each side carries the load twice, and the second time counts: by then its players have all
    // joined and the server's code is warm. BENCH_PROFILE=file.cpuprofile: Spar's CPU profile
    // over that second step alone.
    const profile = process.env.BENCH_PROFILE;
    await spar.step(LOAD_PLAYERS, false);
    const loop = await watchEventLoop(await sparInspector);
    const profiler = profile ? await inspect(await sparInspector) : undefined;
    await profiler?.call('Profiler.enable');
    await profiler?.call('Profiler.setSamplingInterval', { interval: 250 });
    await profiler?.call('Profiler.start');
    await spar.step(LOAD_PLAYERS, false);
    if (profiler) {
      const stopped = await profiler.call<{ profile: unknown }>('Profiler.stop');
      writeFileSync(profile!, JSON.stringify(stopped.result!.profile));
      profiler.close();
    }
    const stalls = await loop.read();
    await relay.step(LOAD_PLAYERS, false);
    await relay.step(LOAD_PLAYERS, false);
    for (const side of [spar, relay]) await side.close();
    for (const line of [...spar.table, ...relay.table]) console.log(line);
    console.log(
      `spar's event loop over its second step: delay p50 ${stalls.p50.toFixed(1)}, p99 ${stalls.p99.toFixed(1)}, max ${stalls.max.toFixed(1)} ms; GC ${stalls.gcPauses} pauses, ${stalls.gcMs.toFixed(0)} ms in all, the longest ${stalls.gcLongest.toFixed(1)} ms`,
    );
    console.log(
      `server CPU per play at ${LOAD_PLAYERS} players: spar ${spar.last.cpuPerPlayUs.toFixed(0)} µs, relay ${relay.last.cpuPerPlayUs.toFixed(0)} µs (${(spar.last.cpuPerPlayUs / relay.last.cpuPerPlayUs).toFixed(2)}x); of which in the kernel: spar ${spar.last.systemPerPlayUs.toFixed(0)} µs, relay ${relay.last.systemPerPlayUs.toFixed(0)} µs`,
    );
    for (const child of [sparChild, relayChild, durableChild]) child.kill('SIGTERM');
    process.exit(0);
  }
  await findKnees([spar, relay]);
  // After the others: stepped alongside them, its players and the relay's together would pass
  // the open-files limit (20000 here) before either knee.
  await findKnees([durable]);
  const sparKnee = spar.knee;
  const relayKnee = relay.knee;
  const durableKnee = durable.knee;

  // (c) The relay's memory per idle connection.
  await sleep(500);
  const relayBefore = await retainedBytes(await relayInspector);
  const relayIdle: WebSocket[] = [];
  for (let i = 0; i < IDLE_CONNECTIONS; i++) relayIdle.push(await open(relayUrl));
  await sleep(500);
  const relayPerConn = ((await retainedBytes(await relayInspector)) - relayBefore) / IDLE_CONNECTIONS;
  // For reference only (the target is against bare connections): a relay connection that has
  // carried a frame each way, as a signed-in one has (MESSAGING_AUTH and its answer).
  const relayUsedBefore = await retainedBytes(await relayInspector);
  const relayUsed: WebSocket[] = [];
  for (let i = 0; i < IDLE_CONNECTIONS; i++) {
    const ws = await open(relayUrl);
    await new Promise<void>((resolve) => {
      ws.once('message', () => resolve());
      ws.send(frame);
    });
    relayUsed.push(ws);
  }
  await sleep(500);
  const relayUsedPerConn = ((await retainedBytes(await relayInspector)) - relayUsedBefore) / IDLE_CONNECTIONS;
  for (const ws of [...relayIdle, ...relayUsed]) ws.close();

  for (const child of [sparChild, relayChild, durableChild]) child.kill('SIGTERM');

  const p50 = percentile(latencies, 0.5);
  const p99 = percentile(latencies, 0.99);
  const relayP50 = percentile(relayLatencies, 0.5);
  const relayP99 = percentile(relayLatencies, 0.99);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  const ratioP50 = p50 / relayP50;
  const ratioP99 = p99 / relayP99;
  const knee = kneeVerdict(sparKnee, relayKnee, 0.7);
  const ratioMemory = sparPerConn / Math.max(1, relayPerConn);
  console.log(
    `(a) move round trip over ${latencies.length} moves (GAME_PLAY ${playSize} B → GAME_UPDATE ~${replyBytes} B), after ${warmupMoves} warm-up moves on each side:`,
  );
  console.log(`    spar  p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms`);
  console.log(`    relay p50 ${relayP50.toFixed(2)} ms, p99 ${relayP99.toFixed(2)} ms`);
  console.log(`    p50 ${ratioP50.toFixed(2)}x (target ≤ 2x) ${verdict(ratioP50 <= 2)}`);
  console.log(`    p99 ${ratioP99.toFixed(2)}x (target ≤ 3x) ${verdict(ratioP99 <= 3)}`);
  console.log(
    `(b) knee: most players with p99 < ${P99_LIMIT_MS} ms in ${Math.ceil((WINDOWS + 1) / 2)} of ${WINDOWS} windows of ${WINDOW_MS} ms (think ${THINK_MS} ms ±50%, ×${STEP_FACTOR} from ${START_PLAYERS}, ${LOAD_THREADS} load threads):`,
  );
  for (const line of [...sparKnee.table, ...relayKnee.table, ...durableKnee.table]) console.log(line);
  console.log(
    `    spar  ${sparKnee.players} players, ${sparKnee.playsPerSecond.toFixed(0)} plays/s: ${sparKnee.stop}`,
  );
  console.log(
    `    relay ${relayKnee.players} players, ${relayKnee.playsPerSecond.toFixed(0)} plays/s: ${relayKnee.stop}`,
  );
  console.log(
    `    ratio ${(knee.ratio * 100).toFixed(0)}%${knee.note ? ` (${knee.note})` : ''} (target ≥ 70%) ${knee.verdict}`,
  );
  console.log(
    `    server CPU per play at the knee: spar ${sparKnee.cpuPerPlayUs.toFixed(0)} µs, relay ${relayKnee.cpuPerPlayUs.toFixed(0)} µs (${(sparKnee.cpuPerPlayUs / relayKnee.cpuPerPlayUs).toFixed(1)}x; reported, no target)`,
  );
  const floorRatio = durableKnee.players / Math.max(1, relayKnee.players);
  const floorNote =
    durableKnee.lowerBound || relayKnee.lowerBound ? ' (a knee there is a bound: see its stop line)' : '';
  console.log(
    `    floor (reported, no target): the durable relay, which only stores each play before answering, ${durableKnee.players} players, ${durableKnee.playsPerSecond.toFixed(0)} plays/s, ${durableKnee.cpuPerPlayUs.toFixed(0)} µs/play: ${(floorRatio * 100).toFixed(0)}% of the relay${floorNote}; durable relay round trip p50 ${percentile(durableLatencies, 0.5).toFixed(2)} ms = ${(percentile(durableLatencies, 0.5) / percentile(relayLatencies, 0.5)).toFixed(2)}x the relay's`,
  );
  console.log(`    ${durableKnee.stop}`);
  console.log(
    `(c) memory per idle connection: spar ${(sparPerConn / 1024).toFixed(1)} KiB (authenticated), relay ${(relayPerConn / 1024).toFixed(1)} KiB: ${ratioMemory.toFixed(2)}x (target ≤ 1.5x) ${verdict(ratioMemory <= 1.5)}`,
  );
  console.log(
    `    (for reference: a relay connection that carried one frame each way holds ${(relayUsedPerConn / 1024).toFixed(1)} KiB; spar is ${(sparPerConn / relayUsedPerConn).toFixed(2)}x that)`,
  );
  const missed = ratioP50 > 2 || ratioP99 > 3 || knee.verdict === 'MISS' || ratioMemory > 1.5;
  const ok = !missed && knee.verdict === 'PASS';
  console.log(ok ? 'all targets met' : missed ? 'TARGET MISSED' : 'NOT SHOWN: capacity undecided (see (b))');
  process.exit(ok ? 0 : 1);
}

// Run as a script (npm run bench:ws); `npm run bench:peer` imports its load generator and knee
// search from here, so both benchmarks measure servers the same way.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * WebSocket benchmarks (issue: realtime). The Spar server and a bare `ws` relay each run in a
 * process of their own; simulated players in this process talk to them over loopback.
 *   (a) move round trip (GAME_PLAY → own GAME_UPDATE) p50/p99 vs the relay with the same sizes;
 *   (b) most concurrent players in active games with p99 move latency < 50 ms, vs the relay;
 *   (c) memory per idle authenticated connection vs an idle bare connection.
 * Targets: (a) ≤ 1.5× at p50, (b) ≥ 50% of the relay, (c) ≤ 2×.
 */
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { newGame } from '@shared/game';
import { openDb } from '../../server/src/db';
import { hashToken, newToken } from '../../server/src/modules/auth/crypto';
import { insertSession, insertUser } from '../../server/src/modules/auth/repo';
import { SqlGameStore } from '../../server/src/modules/games/store';

const MAX_PLAYERS = Number(process.env.BENCH_MAX_PLAYERS ?? 2000);
const STEPS = [100, 200, 400, 800, 1200, 1600, 2000].filter((n) => n <= MAX_PLAYERS);
const IDLE_CONNECTIONS = 1000;
const THINK_MS = 400;
const STEP_MS = 5000;
const RTT_MOVES = 600;
/** Games reserved for the round-trip test (played to the end, one after another). */
const RTT_GAMES = 20;
const P99_LIMIT_MS = 50;

interface Seeded {
  tokens: string[];
  games: string[];
}

/** Users with sessions, and two-player quick games between consecutive users, straight into the database. */
async function seed(
  dataDir: string,
  players: number,
  idle: number,
): Promise<Seeded & { idleTokens: string[] }> {
  const db = await openDb({ dataDir });
  const now = Date.now();
  const tokens: string[] = [];
  const idleTokens: string[] = [];
  const games: string[] = [];
  for (let i = 0; i < players + idle; i++) {
    const user = await insertUser(db.kysely, {
      username: `bench_${i}`,
      email: null,
      passwordHash: null,
      googleSub: null,
      isVerified: false,
      now,
    });
    const token = newToken();
    await insertSession(db.kysely, {
      userId: user.id,
      tokenHash: hashToken(token),
      now,
      expiresAt: now + 86_400_000,
      userAgent: null,
      ip: null,
    });
    (i < players ? tokens : idleTokens).push(token);
  }
  for (let g = 0; g < players / 2; g++) {
    const id = `bench${g}`;
    // Round-trip games end normally; capacity games run to a far target so none ends mid-step.
    const state = newGame({ players: 2, seed: `bench-${g}`, targetScore: g < RTT_GAMES ? 10 : 1000 });
    const busy = await new SqlGameStore(db).insertGame({
      snapshot: {
        id,
        mode: 'quick',
        players: [0, 1].map((seat) => ({
          seat,
          userId: g * 2 + seat + 1,
          username: `bench_${g * 2 + seat}`,
          botLevel: null,
          avatarUrl: null,
        })),
        state,
        seq: 0,
        turnDeadline: null,
        expiries: [0, 0],
        status: 'active',
        winnerUserId: null,
        reason: null,
        invite: null,
      },
      seed: `bench-${g}`,
      now,
    });
    if (busy.length > 0) throw new Error(`bench seed: users ${busy.join(', ')} already play`);
    games.push(id);
  }
  await db.close();
  return { tokens, games, idleTokens };
}

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

/** Retained memory of a child (heap + external) after a full GC, read through the inspector. */
async function retainedBytes(url: string): Promise<number> {
  const ws = await open(url);
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<{ result?: { result?: { value?: number } } }>((resolve) => {
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
  await call('HeapProfiler.collectGarbage');
  await call('HeapProfiler.collectGarbage');
  const answer = await call('Runtime.evaluate', {
    expression: '(() => { const m = process.memoryUsage(); return m.heapUsed + m.external; })()',
    returnByValue: true,
  });
  ws.close();
  return answer.result!.result!.value!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

/** A simulated player: signs in, joins its game, and plays its first legal card after THINK_MS. */
class SparPlayer {
  ws!: WebSocket;
  seat = -1;
  seq = 0;
  sentAt = 0;
  latencies: number[] = [];
  updateBytes: number[] = [];
  playBytes = 0;
  finished = false;
  private thinking: NodeJS.Timeout | undefined;

  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly gameId: string,
    private readonly thinkMs: number,
  ) {}

  async start(): Promise<void> {
    this.ws = await open(this.url);
    const ready = new Promise<void>((resolve) => {
      this.ws.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString());
        if (message.type === 'MESSAGING_AUTH_SUCCESS')
          this.ws.send(JSON.stringify({ type: 'GAME_JOIN', gameId: this.gameId }));
        if (message.type === 'GAME_STATE') {
          this.seat = message.game.you.seat;
          this.onView(message.game);
          resolve();
        }
        if (message.type === 'GAME_UPDATE') {
          if (this.sentAt && message.seq > this.seq) {
            this.latencies.push(performance.now() - this.sentAt);
            this.updateBytes.push(data.length);
            this.sentAt = 0;
          }
          this.onView(message.game);
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
      () => {
        this.thinking = undefined;
        const frame = JSON.stringify({
          type: 'GAME_PLAY',
          gameId: this.gameId,
          card: game.legalCards[0],
          seq: game.seq,
        });
        this.playBytes = frame.length;
        this.sentAt = performance.now();
        this.ws.send(frame);
      },
      this.thinkMs * (0.5 + Math.random()),
    );
  }

  stop(): void {
    clearTimeout(this.thinking);
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

async function startSpar(
  dataDir: string,
  port: number,
): Promise<{ child: ChildProcess; inspector: Promise<string> }> {
  const child = spawn('node', ['--inspect=127.0.0.1:0', 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'error',
      TURN_SECONDS: '3600',
      RECONNECT_GRACE_SECONDS: '3600',
      HEARTBEAT_SECONDS: '600',
      WS_MESSAGES_PER_SECOND: '1000',
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

function startRelay(
  port: number,
  replyBytes: number,
): Promise<{ child: ChildProcess; inspector: Promise<string> }> {
  const child = fork(path.join(import.meta.dirname, 'ws-relay.mjs'), [String(port), String(replyBytes)], {
    execArgv: ['--inspect=127.0.0.1:0'],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const inspector = inspectorUrl(child);
  return new Promise((resolve) => child.once('message', () => resolve({ child, inspector })));
}

async function main(): Promise<void> {
  const build = spawnSync('node', ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-ws-'));
  console.log(
    `seeding ${MAX_PLAYERS + RTT_GAMES * 2} players in ${MAX_PLAYERS / 2 + RTT_GAMES} games and ${IDLE_CONNECTIONS} idle users…`,
  );
  const seeded = await seed(dataDir, MAX_PLAYERS + RTT_GAMES * 2, IDLE_CONNECTIONS);
  const sparPort = 41_000 + Math.floor(Math.random() * 1000);
  const relayPort = sparPort + 1000;
  const { child: spar, inspector: sparInspector } = await startSpar(dataDir, sparPort);
  const sparUrl = `ws://127.0.0.1:${sparPort}/ws`;
  const relayUrl = `ws://127.0.0.1:${relayPort}`;

  // (c) Memory per idle authenticated connection, before any load.
  // Warm the sign-in path first, so the figure is connections, not first-use allocations.
  const warm = await open(sparUrl);
  warm.send(JSON.stringify({ type: 'MESSAGING_AUTH', token: seeded.idleTokens[0] }));
  await sleep(500);
  warm.close();
  await sleep(300);
  const sparBefore = await retainedBytes(await sparInspector);
  const idle: WebSocket[] = [];
  for (const token of seeded.idleTokens) {
    const ws = await open(sparUrl);
    await new Promise<void>((resolve) => {
      ws.once('message', () => resolve());
      ws.send(JSON.stringify({ type: 'MESSAGING_AUTH', token }));
    });
    idle.push(ws);
  }
  await sleep(500);
  const sparPerConn = ((await retainedBytes(await sparInspector)) - sparBefore) / IDLE_CONNECTIONS;
  for (const ws of idle) ws.close();

  // (a) Round trips in one game at a time, no think time.
  const rttPlayers: SparPlayer[] = [];
  let gameIndex = 0;
  const latencies: number[] = [];
  const updateSizes: number[] = [];
  let playSize = 0;
  while (latencies.length < RTT_MOVES && gameIndex < RTT_GAMES) {
    const pair = [0, 1].map(
      (seat) => new SparPlayer(sparUrl, seeded.tokens[gameIndex * 2 + seat]!, seeded.games[gameIndex]!, 0),
    );
    await Promise.all(pair.map((p) => p.start()));
    while (!pair.every((p) => p.finished)) await sleep(20);
    for (const p of pair) {
      latencies.push(...p.latencies);
      updateSizes.push(...p.updateBytes);
      playSize = Math.max(playSize, p.playBytes);
      p.stop();
    }
    rttPlayers.push(...pair);
    gameIndex++;
  }
  const replyBytes = Math.round(updateSizes.reduce((s, x) => s + x, 0) / updateSizes.length);
  const { child: relay, inspector: relayInspector } = await startRelay(relayPort, replyBytes);
  const frame = JSON.stringify({ type: 'GAME_PLAY', pad: 'x'.repeat(Math.max(0, playSize - 30)) });
  const relayLatencies: number[] = [];
  {
    const a = new RelayPlayer(relayUrl, frame, 0, false);
    const b = new RelayPlayer(relayUrl, frame, 0, false);
    await a.start();
    await b.start();
    for (let i = 0; i < latencies.length; i++) {
      const start = performance.now();
      await new Promise<void>((resolve) => {
        a.ws.once('message', (data: Buffer) => {
          JSON.parse(data.toString());
          resolve();
        });
        a.ws.send(frame);
      });
      relayLatencies.push(performance.now() - start);
    }
    a.stop();
    b.stop();
  }

  // (b) Concurrent players with think time, growing until p99 passes 50 ms.
  async function capacity(kind: 'spar' | 'relay'): Promise<{ players: number; table: string[] }> {
    const table: string[] = [];
    let best = 0;
    const live: (SparPlayer | RelayPlayer)[] = [];
    let next = RTT_GAMES; // games not used by the round-trip test
    for (const target of STEPS) {
      while (live.length < target) {
        if (kind === 'spar') {
          if (next >= seeded.games.length) break;
          const pair = [0, 1].map(
            (seat) => new SparPlayer(sparUrl, seeded.tokens[next * 2 + seat]!, seeded.games[next]!, THINK_MS),
          );
          await Promise.all(pair.map((p) => p.start()));
          live.push(...pair);
          next++;
        } else {
          // One sender per pair at the players' pace: a game has one move in flight at a time.
          const pair = [
            new RelayPlayer(relayUrl, frame, THINK_MS, true),
            new RelayPlayer(relayUrl, frame, THINK_MS, false),
          ];
          for (const p of pair) await p.start();
          live.push(...pair);
        }
      }
      for (const p of live) p.latencies.length = 0;
      await sleep(STEP_MS);
      const sample = live.flatMap((p) => p.latencies);
      const activePlayers =
        kind === 'spar' ? live.filter((p) => !(p as SparPlayer).finished).length : live.length;
      const p99 = percentile(sample, 0.99);
      table.push(
        `  ${kind.padEnd(5)} ${String(activePlayers).padStart(5)} players: ${sample.length} moves, p50 ${percentile(sample, 0.5).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
      );
      if (p99 >= P99_LIMIT_MS || live.length < target) break;
      best = activePlayers;
    }
    for (const p of live) p.stop();
    return { players: best, table };
  }
  const sparCapacity = await capacity('spar');
  const relayCapacity = await capacity('relay');

  // (c) The relay's memory per idle connection.
  await sleep(500);
  const relayBefore = await retainedBytes(await relayInspector);
  const relayIdle: WebSocket[] = [];
  for (let i = 0; i < IDLE_CONNECTIONS; i++) relayIdle.push(await open(relayUrl));
  await sleep(500);
  const relayPerConn = ((await retainedBytes(await relayInspector)) - relayBefore) / IDLE_CONNECTIONS;
  for (const ws of relayIdle) ws.close();

  spar.kill('SIGTERM');
  relay.kill('SIGTERM');

  const p50 = percentile(latencies, 0.5);
  const relayP50 = percentile(relayLatencies, 0.5);
  const ratioA = p50 / relayP50;
  const ratioB = sparCapacity.players / Math.max(1, relayCapacity.players);
  const ratioC = sparPerConn / Math.max(1, relayPerConn);
  console.log(
    `(a) move round trip over ${latencies.length} moves (GAME_PLAY ${playSize} B → GAME_UPDATE ~${replyBytes} B):`,
  );
  console.log(`    spar  p50 ${p50.toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms`);
  console.log(
    `    relay p50 ${relayP50.toFixed(2)} ms, p99 ${percentile(relayLatencies, 0.99).toFixed(2)} ms`,
  );
  console.log(`    ratio at p50: ${ratioA.toFixed(2)}x (target ≤ 1.5x)`);
  console.log(
    `(b) concurrent players with p99 < ${P99_LIMIT_MS} ms (think time ${THINK_MS} ms ±50%, steps up to ${MAX_PLAYERS}):`,
  );
  for (const line of [...sparCapacity.table, ...relayCapacity.table]) console.log(line);
  console.log(
    `    spar ${sparCapacity.players}, relay ${relayCapacity.players}: ratio ${(ratioB * 100).toFixed(0)}% (target ≥ 50%)`,
  );
  console.log(
    `(c) memory per idle connection: spar ${(sparPerConn / 1024).toFixed(1)} KiB (authenticated), relay ${(relayPerConn / 1024).toFixed(1)} KiB: ratio ${ratioC.toFixed(2)}x (target ≤ 2x)`,
  );
  const ok = ratioA <= 1.5 && ratioB >= 0.5 && ratioC <= 2;
  console.log(ok ? 'all targets met' : 'TARGET MISSED');
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

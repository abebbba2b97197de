/**
 * Cross-node move round trip (see docs/scale-out.md, "Forwarding"): two real server nodes on one
 * PostgreSQL and one Redis. The same-node pair has its sockets on the node that owns its room;
 * the cross-node pair has its sockets on the other node, so every GAME_PLAY is forwarded to the
 * owner over Redis and its GAME_UPDATE comes back through the bus. Moves of the two games are
 * interleaved in one run; prints the medians, p90s and the ratio cross / same.
 * Needs DATABASE_URL and REDIS_URL (skips with a message otherwise).
 */
import type { GameView } from '@shared/protocol';
import type { Player } from '../../server/src/testing/game-clients';
import { Nodes, befriendOn, playerOn, privateGameOn, type ServerNode } from '../../server/src/testing/nodes';

const MOVES = Number(process.env.BENCH_MOVES ?? 300);
const WARMUP = 20;

interface Table {
  host: ServerNode;
  players: [Player, Player];
  friendship: number;
  id: string;
  views: Map<number, GameView>;
}

async function newGame(table: Table): Promise<void> {
  const [x, y] = table.players;
  const game = await privateGameOn(table.host, table.friendship, x, y);
  table.id = game.id;
  table.views = game.views;
}

/** One move by whoever is to play: milliseconds from GAME_PLAY sent to its GAME_UPDATE received. */
async function move(table: Table): Promise<number> {
  const any = table.views.values().next().value!;
  if (any.status !== 'active') await newGame(table);
  const view0 = table.views.values().next().value!;
  const moverId = view0.players[view0.turn!]!.userId!;
  const mover = table.players.find((p) => p.userId === moverId)!;
  const other = table.players.find((p) => p.userId !== moverId)!;
  const own = table.views.get(moverId)!;
  const gameId = table.id;
  const started = performance.now();
  mover.socket.send({ type: 'GAME_PLAY', gameId, card: own.legalCards[0], seq: own.seq });
  const update = await mover.socket.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq === own.seq + 1);
  const elapsed = performance.now() - started;
  table.views.set(moverId, update.game);
  const seen = await other.socket.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq === own.seq + 1);
  table.views.set(other.userId, seen.game);
  return elapsed;
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    console.log('ws-cluster bench skipped: set DATABASE_URL and REDIS_URL (two nodes need both)');
    return;
  }
  const nodes = await Nodes.create({
    databaseUrl,
    redisUrl,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000', WS_MESSAGES_PER_SECOND: '5000', LOG_LEVEL: 'error' },
  });
  try {
    const [owner, other] = await Promise.all([nodes.start('owner'), nodes.start('other')]);
    const tables: Record<'same' | 'cross', Table> = {} as never;
    for (const [name, socketsOn] of [
      ['same', owner],
      ['cross', other],
    ] as const) {
      const players: [Player, Player] = [await playerOn(socketsOn), await playerOn(socketsOn)];
      const friendship = await befriendOn(owner, players[0], players[1]);
      tables[name] = { host: owner, players, friendship, id: '', views: new Map() };
      await newGame(tables[name]);
    }
    const times = { same: [] as number[], cross: [] as number[] };
    for (let i = 0; i < WARMUP + MOVES; i++) {
      // Alternate which goes first, so neither case always follows the other.
      const order = i % 2 === 0 ? (['same', 'cross'] as const) : (['cross', 'same'] as const);
      for (const name of order) {
        const ms = await move(tables[name]);
        if (i >= WARMUP) times[name].push(ms);
      }
    }
    const same = quantile(times.same, 0.5);
    const cross = quantile(times.cross, 0.5);
    console.log(`ws-cluster: ${MOVES} moves per case, interleaved, two nodes on PostgreSQL + Redis`);
    console.log(
      `  same node  (socket and room on one node): median ${same.toFixed(2)} ms, p90 ${quantile(times.same, 0.9).toFixed(2)} ms`,
    );
    console.log(
      `  cross node (socket on the other node):    median ${cross.toFixed(2)} ms, p90 ${quantile(times.cross, 0.9).toFixed(2)} ms`,
    );
    console.log(`  ratio cross / same (median): ${(cross / same).toFixed(2)}`);
    for (const table of Object.values(tables)) for (const p of table.players) await p.socket.close();
  } finally {
    await nodes.stopAll();
  }
}

await main();

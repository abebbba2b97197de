// The baselines for `npm run bench:ws`: a bare `ws` server with no auth, no rules, no storage. It
// pairs connections in arrival order and answers every frame by sending a reply of REPLY_BYTES to
// both members of the pair, as a game room sends GAME_UPDATE to both players.
//
// Given a data folder (the third argument) it is the durable relay: it also stores every frame
// before answering it, as Spar stores a move before announcing it, and as cheaply as Spar can:
// one row per frame in a WITHOUT ROWID table of SQLite in WAL mode (synchronous = NORMAL), the
// frames of one event-loop turn in one transaction (Spar's group commit), checkpoints on a worker
// thread. It is the floor of any server that keeps that promise on one thread: see
// docs/benchmarks.md, "bench:ws".
//
// With BENCH_RELAY_HOP=1 (and no data folder) each frame goes to a worker thread and its reply
// comes back from it before it is sent: the cost of handing a play to another thread and back,
// the floor of a server whose rooms run off the socket thread.
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2]);
const replyBytes = Number(process.argv[3] ?? 1500);
const dataDir = process.argv[4];
const reply = JSON.stringify({ type: 'GAME_UPDATE', pad: 'x'.repeat(Math.max(0, replyBytes - 30)) });
const wss = new WebSocketServer({ port, host: '127.0.0.1', maxPayload: 64 * 1024 });
const sockets = [];

function answer(index, text = reply) {
  const socket = sockets[index];
  const pair = index % 2 === 0 ? [socket, sockets[index + 1]] : [sockets[index - 1], socket];
  for (const s of pair) if (s && s.readyState === s.OPEN) s.send(text);
}

/** Stores the frames of each event-loop turn in one transaction, then answers them. */
function durableStore(dir) {
  const require = createRequire(import.meta.url);
  const Database = require('better-sqlite3');
  const file = path.join(dir, 'relay.db');
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec(
    'create table frames (pair integer not null, seq integer not null, body text not null, primary key (pair, seq)) without rowid',
  );
  const worker = new Worker(
    `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
    const db = new Database(${JSON.stringify(file)});
    setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), 200);`,
    { eval: true },
  );
  worker.unref();
  const begin = db.prepare('begin');
  const insert = db.prepare('insert into frames (pair, seq, body) values (?, ?, ?)');
  const commit = db.prepare('commit');
  const seqs = new Map();
  let pending = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    begin.run();
    for (const { index, body } of batch) {
      const pair = index >> 1;
      const seq = (seqs.get(pair) ?? 0) + 1;
      seqs.set(pair, seq);
      insert.run(pair, seq, body);
    }
    commit.run();
    for (const { index } of batch) answer(index);
  };
  return (index, body) => {
    if (pending.push({ index, body }) === 1) setImmediate(flush);
  };
}

/** BENCH_RELAY_HOP: a worker thread answers each frame; the main thread only carries it. */
function hop() {
  const worker = new Worker(
    `const { parentPort } = require('node:worker_threads');
    const reply = ${JSON.stringify(reply)};
    parentPort.on('message', ({ index }) => parentPort.postMessage({ index, text: reply }));`,
    { eval: true },
  );
  worker.on('message', ({ index, text }) => answer(index, text));
  return (index, body) => worker.postMessage({ index, body });
}

/** How a frame is answered when not at once: after storing it, or through a worker thread. */
const later = dataDir ? durableStore(dataDir) : process.env.BENCH_RELAY_HOP === '1' ? hop() : null;

wss.on('connection', (socket) => {
  const index = sockets.push(socket) - 1;
  socket.on('message', (data) => {
    if (later) later(index, data.toString());
    else answer(index);
  });
});
wss.on('listening', () => process.send?.('ready'));
// Exit normally on the bench's SIGTERM, so `--cpu-prof` (BENCH_RELAY_NODE_ARGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));

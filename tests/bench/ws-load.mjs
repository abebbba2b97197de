// A load generator thread for `npm run bench:ws` (tests/bench/ws.bench.ts) and `npm run
// bench:peer` (tests/bench/peer.bench.ts): it holds simulated players of one kind, Spar players,
// relay players or Colyseus players, and answers the main thread's requests.
// Several run side by side so the client is not the bottleneck; each reports how busy it was
// (event-loop utilisation and the p99 of its event-loop delay), so a client-side limit is seen.
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Client as ColyseusClient } from '@colyseus/sdk';
import WebSocket from 'ws';

const { kind, url, thinkMs, frame } = workerData;
const players = [];
const delay = monitorEventLoopDelay({ resolution: 5 });
let elu = performance.eventLoopUtilization();
/** While paused (the other side of the bench is measured), players make no new moves. */
let paused = false;

function open() {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const think = () => thinkMs * (0.5 + Math.random());

/**
 * A Spar player: signs in, joins its game and plays its first legal card after thinking. It keeps
 * only the top-level fields of its view it needs (seq, status, turn, legalCards): GAME_UPDATE
 * brings them whenever they change.
 */
class SparPlayer {
  constructor(token, gameId) {
    this.token = token;
    this.gameId = gameId;
    this.view = null;
    this.seat = -1;
    this.sentAt = 0;
    this.timer = undefined;
    this.latencies = [];
  }

  async start() {
    this.ws = await open();
    await new Promise((resolve, reject) => {
      this.ws.on('message', (data) => {
        const message = JSON.parse(data.toString());
        if (message.type === 'MESSAGING_AUTH_SUCCESS')
          this.ws.send(JSON.stringify({ type: 'GAME_JOIN', gameId: this.gameId }));
        else if (message.type === 'GAME_STATE') {
          this.view = message.game;
          this.seat = message.game.you.seat;
          resolve();
          this.next();
        } else if (message.type === 'GAME_UPDATE' && this.view) {
          Object.assign(this.view, message.changes, { seq: message.seq });
          if (this.sentAt) {
            this.latencies.push(performance.now() - this.sentAt);
            this.sentAt = 0;
          }
          this.next();
        } else if (message.type === 'ERROR') reject(new Error(`${message.code}: ${message.message}`));
      });
      this.ws.send(JSON.stringify({ type: 'MESSAGING_AUTH', token: this.token }));
    });
  }

  next() {
    const view = this.view;
    if (paused || view.status !== 'active' || view.turn !== this.seat || this.timer || this.sentAt) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sentAt = performance.now();
      const play = { type: 'GAME_PLAY', gameId: this.gameId, card: view.legalCards[0], seq: view.seq };
      this.ws.send(JSON.stringify(play));
    }, think());
  }

  /** Picks up after a pause. */
  resume() {
    this.next();
  }

  stop() {
    clearTimeout(this.timer);
    this.ws.terminate();
  }
}

/** The relay's counterpart: sends a frame of the same size as a play after thinking, times the reply. */
class RelayPlayer {
  constructor(active) {
    this.active = active;
    this.sentAt = 0;
    this.timer = undefined;
    this.latencies = [];
  }

  async start() {
    this.ws = await open();
    this.ws.on('message', (data) => {
      JSON.parse(data.toString()); // the client-side work a Spar player does
      if (this.sentAt) {
        this.latencies.push(performance.now() - this.sentAt);
        this.sentAt = 0;
        this.schedule();
      }
    });
    if (this.active) this.schedule();
  }

  schedule() {
    if (paused) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sentAt = performance.now();
      this.ws.send(frame);
    }, think());
  }

  resume() {
    if (this.active && !this.timer && !this.sentAt) this.schedule();
  }

  stop() {
    clearTimeout(this.timer);
    this.ws.terminate();
  }
}

/**
 * A player of bench:peer's Colyseus room (tests/bench/colyseus-room.ts) through Colyseus's own
 * client, which decodes every state patch as an app would: it plays the first of its legal cards
 * after thinking, and times each play to the first patch that raises the room's seq.
 */
class ColyseusPlayer {
  constructor(room) {
    this.room = room;
    this.seat = -1;
    this.sentSeq = 0;
    this.sentAt = 0;
    this.timer = undefined;
    this.latencies = [];
    room.onStateChange(() => this.onState());
    if (room.state) this.onState();
  }

  onState() {
    const state = this.room.state;
    if (!state?.seats) return; // not decoded yet: the first full state is on its way
    if (this.seat < 0) {
      this.seat = state.seats.findIndex((seat) => seat.sessionId === this.room.sessionId);
      if (this.seat < 0) return;
    }
    if (this.sentAt && state.seq > this.sentSeq) {
      this.latencies.push(performance.now() - this.sentAt);
      this.sentAt = 0;
    }
    this.next();
  }

  next() {
    const state = this.room.state;
    if (paused || state.status !== 'active' || state.turn !== this.seat || this.timer || this.sentAt) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.sentSeq = state.seq;
      this.sentAt = performance.now();
      this.room.send('play', state.seats.at(this.seat).legal.at(0));
    }, think());
  }

  resume() {
    this.next();
  }

  stop() {
    clearTimeout(this.timer);
    // Closed by the bench, not dropped: the client must not try to reconnect.
    this.room.reconnection.enabled = false;
    void this.room.leave(false);
  }
}

/** A Colyseus game: one player creates the room (dealt from `seed`), the other joins it by id. */
async function colyseusGame(seed) {
  const client = new ColyseusClient(url);
  const first = await client.create('spar', { seed, targetScore: 1000 });
  const second = await client.joinById(first.roomId);
  return [new ColyseusPlayer(first), new ColyseusPlayer(second)];
}

parentPort.on('message', async (request) => {
  try {
    if (request.op === 'add') {
      const added =
        kind === 'spar'
          ? request.games.flatMap(({ tokens, gameId }) => tokens.map((t) => new SparPlayer(t, gameId)))
          : kind === 'relay'
            ? Array.from({ length: request.count }, (_, i) => new RelayPlayer(i % 2 === 0))
            : [];
      // A few at a time: thousands of simultaneous handshakes would measure the handshake.
      for (let i = 0; i < added.length; i += 50)
        await Promise.all(added.slice(i, i + 50).map((p) => p.start()));
      // Colyseus's games a few at a time too; each is seated through its matchmaker (HTTP).
      if (kind === 'colyseus')
        for (let i = 0; i < request.seeds.length; i += 10)
          for (const pair of await Promise.all(request.seeds.slice(i, i + 10).map(colyseusGame)))
            added.push(...pair);
      players.push(...added);
      parentPort.postMessage({ op: 'added', players: players.length });
    } else if (request.op === 'pause') {
      paused = true;
      for (const p of players) {
        clearTimeout(p.timer);
        p.timer = undefined;
      }
      parentPort.postMessage({ op: 'paused' });
    } else if (request.op === 'resume') {
      paused = false;
      for (const p of players) p.resume();
      parentPort.postMessage({ op: 'resumed' });
    } else if (request.op === 'reset') {
      for (const p of players) p.latencies.length = 0;
      delay.reset();
      delay.enable();
      elu = performance.eventLoopUtilization();
      parentPort.postMessage({ op: 'reset' });
    } else if (request.op === 'collect') {
      const latencies = players.flatMap((p) => p.latencies);
      const busy = performance.eventLoopUtilization(elu).utilization;
      parentPort.postMessage({ op: 'collected', latencies, busy, lagP99: delay.percentile(99) / 1e6 });
    } else if (request.op === 'stop') {
      for (const p of players) p.stop();
      players.length = 0;
      parentPort.postMessage({ op: 'stopped' });
    }
  } catch (error) {
    parentPort.postMessage({ op: 'failed', error: String(error) });
  }
});

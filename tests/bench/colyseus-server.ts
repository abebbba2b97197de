/**
 * The Colyseus server of `npm run bench:peer`: the room of tests/bench/colyseus-room.ts on
 * Colyseus's WebSocket transport, in memory (Colyseus's local presence and matchmaker driver, no
 * database), listening on 127.0.0.1 at the port given as the first argument. peer.bench.ts
 * bundles it and runs it in a process of its own, as Spar's server runs (docs/benchmarks.md,
 * "bench:peer").
 */
import { Server } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { SparRoom } from './colyseus-room';

const port = Number(process.argv[2]);
// permessage-deflate off and the same 64 KiB frame limit as Spar's /ws: both servers send the
// same kind of frames (docs/benchmarks.md, "permessage-deflate").
const transport = new WebSocketTransport({ perMessageDeflate: false, maxPayload: 64 * 1024 });
const server = new Server({ transport, greet: false, gracefullyShutdown: false });
server.define('spar', SparRoom);
await server.listen(port, '127.0.0.1');
process.send?.('ready');
// Exit at once on the bench's SIGTERM, so `--cpu-prof` (BENCH_PEER_NODE_ARGS) writes its profile.
process.on('SIGTERM', () => process.exit(0));

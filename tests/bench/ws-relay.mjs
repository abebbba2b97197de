// The baseline for `npm run bench:ws`: a bare `ws` server with no auth, no rules, no storage. It
// pairs connections in arrival order and answers every frame by sending a reply of REPLY_BYTES to
// both members of the pair, as a game room sends GAME_UPDATE to both players.
import { WebSocketServer } from 'ws';

const port = Number(process.argv[2]);
const replyBytes = Number(process.argv[3] ?? 1500);
const reply = JSON.stringify({ type: 'GAME_UPDATE', pad: 'x'.repeat(Math.max(0, replyBytes - 30)) });
const wss = new WebSocketServer({ port, host: '127.0.0.1', maxPayload: 64 * 1024 });
const sockets = [];
wss.on('connection', (socket) => {
  const index = sockets.push(socket) - 1;
  socket.on('message', () => {
    const pair = index % 2 === 0 ? [socket, sockets[index + 1]] : [sockets[index - 1], socket];
    for (const s of pair) if (s && s.readyState === s.OPEN) s.send(reply);
  });
});
wss.on('listening', () => process.send?.('ready'));

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameView } from '@shared/protocol';
import { openDb } from '../../db';
import { DIALECTS, createTestDatabase } from '../../testing/harness';
import { matchUp, type Player } from '../../testing/game-clients';
import { TestSocket } from '../../testing/ws-client';

/**
 * The durability promise under a crash: the server is killed (SIGKILL) while a group-commit
 * batch is open, and a restart on the same database holds exactly the moves whose updates had
 * gone out — every acknowledged move, and none that was not. See docs/design.md, "Game storage".
 */

interface Server {
  child: ChildProcess;
  url: string;
  /** Resolves with the size of the batch the server holds open, once it does. */
  held: Promise<number>;
  exited: Promise<void>;
}

function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/testing/crash-server.ts'], {
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.server.json',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://spar.test',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      WS_MESSAGES_PER_SECOND: '5000',
      // One node: with CI's REDIS_URL the killed node's room lease would outlive it in Redis.
      REDIS_URL: '',
      ...env,
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let onHeld: (size: number) => void = () => {};
  const held = new Promise<number>((resolve) => (onHeld = resolve));
  return new Promise((resolve, reject) => {
    void exited.then(() => reject(new Error('the server exited before it was ready')));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const event = JSON.parse(line) as { ready?: string; held?: number };
      if (event.ready) resolve({ child, url: event.ready, held, exited });
      if (event.held !== undefined) onHeld(event.held);
    });
  });
}

async function signUp(url: string, username: string): Promise<Player> {
  const res = await fetch(url.replace(/^ws/, 'http').replace(/\/ws$/, '/api/auth/register'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'correct horse' }),
  });
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  const { token, user } = (await res.json()) as { token: string; user: { id: number; username: string } };
  return { socket: await TestSocket.signedIn(url, token), token, userId: user.id, username: user.username };
}

/** Plays first legal cards in turn until the server stops answering; returns the seqs sent. */
async function playUntilCut(players: Player[], gameId: string): Promise<number[]> {
  const sent: number[] = [];
  try {
    for (;;) {
      const views: GameView[] = [];
      for (const p of players) {
        p.socket.send({ type: 'GAME_JOIN', gameId });
        views.push((await p.socket.next('GAME_STATE', (m) => m.gameId === gameId)).game);
      }
      const own = views.find((v, i) => v.players[v.turn!]!.userId === players[i]!.userId)!;
      const actor = players[views.indexOf(own)]!;
      actor.socket.send({ type: 'GAME_PLAY', gameId, card: own.legalCards[0], seq: own.seq });
      sent.push(own.seq + 1);
      await actor.socket.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq === own.seq + 1, 30_000);
    }
  } catch {
    // The server died: this game's last play (if any) went unanswered.
  }
  return sent;
}

/** The plays whose GAME_UPDATE reached a player, by seq: the acknowledged moves. */
function acknowledged(players: Player[], gameId: string): Map<number, { seat: number; card: string }> {
  const acked = new Map<number, { seat: number; card: string }>();
  for (const p of players) {
    for (const frame of p.socket.frames) {
      if (frame.type !== 'GAME_UPDATE' || frame.gameId !== gameId) continue;
      const played = frame.events.find((e) => e.kind === 'CARD_PLAYED');
      if (played) acked.set(frame.seq, { seat: played.seat, card: played.card });
    }
  }
  return acked;
}

describe.each(DIALECTS)('a crash in a group-commit window on %s', (dialect) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('keeps every acknowledged move and none that was not acknowledged', async () => {
    const database = await createTestDatabase(dialect);
    cleanup.push(() => database.drop());
    const env = { DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '' };
    const first = await startServer(env);
    cleanup.push(async () => {
      if (first.child.exitCode === null) first.child.kill('SIGKILL');
      await first.exited;
    });

    const players: Player[] = [];
    for (let i = 0; i < 8; i++) players.push(await signUp(first.url, `crash_${dialect}_${i}`));
    cleanup.push(() => Promise.all(players.map((p) => p.socket.close())).then(() => undefined));
    const games: { id: string; players: Player[] }[] = [];
    for (let i = 0; i < players.length; i += 2) {
      const pair = [players[i]!, players[i + 1]!];
      games.push({ id: await matchUp(pair[0]!, pair[1]!, 'quick'), players: pair });
    }

    const playing = games.map((g) => playUntilCut(g.players, g.id));
    // Let the games run, then hold the next batch open and kill the server inside it.
    const ackedSoFar = () => games.reduce((sum, g) => sum + acknowledged(g.players, g.id).size, 0);
    while (ackedSoFar() < 24) await new Promise((resolve) => setTimeout(resolve, 10));
    first.child.stdin!.write('hold\n');
    const heldSize = await first.held;
    await new Promise((resolve) => setTimeout(resolve, 300));
    first.child.kill('SIGKILL');
    await first.exited;
    const sent = await Promise.all(playing);

    expect(heldSize).toBeGreaterThanOrEqual(1);
    const acked = games.map((g) => acknowledged(g.players, g.id));
    const unacked = games.flatMap((g, i) => sent[i]!.filter((seq) => !acked[i]!.has(seq)));
    // Moves were in flight when the process died, and none of them was answered.
    expect(unacked.length).toBeGreaterThanOrEqual(heldSize);

    const second = await startServer(env);
    cleanup.push(async () => {
      second.child.kill('SIGKILL');
      await second.exited;
    });
    const db = await openDb({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      for (const [i, game] of games.entries()) {
        const stored = await db.kysely
          .selectFrom('moves')
          .select(['seq', 'seat', 'card'])
          .where('game_id', '=', game.id)
          .orderBy('seq')
          .execute();
        const expected = [...acked[i]!.entries()]
          .sort(([a], [b]) => a - b)
          .map(([seq, move]) => ({ seq, ...move }));
        expect(expected.length).toBeGreaterThan(0);
        expect(stored).toEqual(expected);
      }
    } finally {
      await db.close();
    }

    // The restarted server resumes each game at its last acknowledged seq.
    for (const [i, game] of games.entries()) {
      const player = game.players[0]!;
      await player.socket.close();
      player.socket = await TestSocket.signedIn(second.url, player.token);
      player.socket.send({ type: 'GAME_JOIN', gameId: game.id });
      const view = (await player.socket.next('GAME_STATE', (m) => m.gameId === game.id)).game;
      expect(view.seq).toBe(Math.max(...acked[i]!.keys()));
      expect(view.status).toBe('active');
    }
  });
});

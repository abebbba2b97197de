/**
 * Several real server processes on one PostgreSQL database and one Redis, for the cluster test and
 * benchmark (see docs/scale-out.md). Each node is a child process of the tsx-run server with its
 * own PORT and NODE_ID; they share DATABASE_URL (a fresh schema) and REDIS_URL (a fresh prefix).
 * Every variable a child gets is explicit, so nothing leaks in from the caller's environment.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { GameView } from '@shared/protocol';
import { dropPrefix } from './redis';
import type { Player } from './game-clients';
import { unreservedName } from './usernames';
import { TestSocket } from './ws-client';

export interface ServerNode {
  id: string;
  port: number;
  http: string;
  ws: string;
  child: ChildProcess;
  output: string[];
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string | null>;
}

export interface NodesOptions {
  databaseUrl: string;
  redisUrl: string;
  /** Extra variables for every node (timings, lease lengths). */
  env?: Record<string, string>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(node: ServerNode, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (node.child.exitCode !== null) break;
    try {
      if ((await fetch(`${node.http}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`node ${node.id} did not start:\n${node.output.join('').slice(-3000)}`);
}

export class Nodes {
  readonly nodes: ServerNode[] = [];
  private readonly root = path.resolve(import.meta.dirname, '../../..');

  private constructor(
    /** What every node gets: DATABASE_URL (with its schema) and REDIS_PREFIX among them. */
    readonly env: Record<string, string>,
    private readonly cleanup: () => Promise<void>,
  ) {}

  /** A fresh schema and Redis prefix; no node runs yet. */
  static async create(options: NodesOptions): Promise<Nodes> {
    const schema = `n_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: options.databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(options.databaseUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const prefix = `sparnodes:${randomBytes(5).toString('hex')}:`;
    const env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: options.redisUrl,
      REDIS_PREFIX: prefix,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    return new Nodes(env, async () => {
      await dropPrefix(options.redisUrl, prefix);
      const client = new pg.Client({ connectionString: options.databaseUrl });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    });
  }

  /** Starts one more node and waits until it answers /api/health. */
  async start(id: string, extra: Record<string, string> = {}): Promise<ServerNode> {
    const port = await freePort();
    // tsx as a loader inside one node process (not the tsx CLI, which runs a second process):
    // a kill -9 must kill the server itself.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: this.root,
      env: {
        PATH: process.env.PATH ?? '',
        TSX_TSCONFIG_PATH: 'tsconfig.server.json',
        ...this.env,
        ...extra,
        PORT: String(port),
        NODE_ID: id,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), `spar-node-${id}-`)),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    const exited = new Promise<number | string | null>((resolve) =>
      child.on('exit', (code, signal) => resolve(code ?? signal)),
    );
    const node: ServerNode = {
      id,
      port,
      http: `http://127.0.0.1:${port}`,
      ws: `ws://127.0.0.1:${port}/ws`,
      child,
      output,
      exited,
    };
    this.nodes.push(node);
    await waitForHealth(node, 60_000);
    return node;
  }

  async stopAll(): Promise<void> {
    for (const node of this.nodes)
      if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGKILL');
    await Promise.all(this.nodes.map((node) => node.exited));
    await this.cleanup();
  }
}

/** A JSON request to one node's REST API; throws on any status but 2xx. */
export async function nodeApi<T>(
  node: ServerNode,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(node.http + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} on ${node.id}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let counter = 0;

/** A new user registered through `node`, with a signed-in socket on `node`. */
export async function playerOn(node: ServerNode): Promise<Player> {
  const name = unreservedName(() => `n${++counter}_${randomInt(100_000)}`);
  const { token, user } = await nodeApi<{ token: string; user: { id: number } }>(
    node,
    'POST',
    '/api/auth/register',
    undefined,
    { username: name, password: 'correct horse' },
  );
  return { socket: await TestSocket.signedIn(node.ws, token), token, userId: user.id, username: name };
}

/** Makes two players friends through `node`; returns the friendship id. */
export async function befriendOn(node: ServerNode, x: Player, y: Player): Promise<number> {
  const asked = await nodeApi<{ id: number }>(node, 'POST', '/api/friends/request', x.token, {
    friendId: y.userId,
  });
  await nodeApi(node, 'POST', '/api/friends/respond', y.token, { requestId: asked.id, status: 'accepted' });
  return asked.id;
}

/**
 * A private game challenged through `host`'s HTTP, so its room lives on `host`, wherever the
 * players' sockets are; both join and it starts. Returns the id and each player's first view.
 */
export async function privateGameOn(
  host: ServerNode,
  friendship: number,
  x: Player,
  y: Player,
): Promise<{ id: string; views: Map<number, GameView> }> {
  const { id } = await nodeApi<{ id: string }>(host, 'POST', '/api/game-rooms/private', x.token, {
    friendshipId: friendship,
  });
  await y.socket.next('GAME_INVITATION', (m) => m.gameId === id);
  for (const p of [x, y]) {
    p.socket.send({ type: 'GAME_JOIN', gameId: id });
    await p.socket.next('GAME_STATE', (m) => m.gameId === id);
  }
  // Both joined: the room starts the game and tells both, across nodes.
  const views = new Map<number, GameView>();
  for (const p of [x, y]) {
    const started = await p.socket.next('GAME_UPDATE', (m) => m.gameId === id && m.game.status === 'active');
    views.set(p.userId, started.game);
  }
  return { id, views };
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const PORT = 39_000 + Math.floor(Math.random() * 1000);

function waitForExit(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

async function waitForHealth(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('server process (dist/server/main.js)', () => {
  let child: ChildProcess;
  let output = '';

  beforeAll(async () => {
    const build = spawnSync('node', ['scripts/build-server.mjs'], { encoding: 'utf8' });
    expect(build.status, build.stderr).toBe(0);
    child = spawn('node', ['dist/server/main.js'], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spar-main-')),
        DATABASE_URL: '',
        // One node: a shared REDIS_URL in CI would mix this server's live state with other runs'.
        REDIS_URL: '',
      },
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForHealth();
  });

  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('finishes a request in flight on SIGTERM, then exits 0', async () => {
    const body = JSON.stringify({ username: 'in_flight', password: 'correct horse' });
    const half = Math.floor(body.length / 2);
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: PORT,
          method: 'POST',
          path: '/api/auth/register',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject);
      // Half the body now; the rest only after the server has been told to stop.
      req.write(body.slice(0, half));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(half)), 200);
      }, 200);
    });
    const exit = waitForExit(child);
    const { status, text } = await answer;
    expect(status).toBe(201);
    expect(JSON.parse(text).user.username).toBe('in_flight');
    expect(await exit).toBe(0);
    expect(output).toContain('shutting down');
    await expect(fetch(`http://127.0.0.1:${PORT}/api/health`)).rejects.toThrow();
  });
});

describe('start-up configuration errors', () => {
  it('names the bad variable and exits non-zero', () => {
    const result = spawnSync('node', ['dist/server/main.js'], {
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration: PORT');
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/run-server.mjs';

const launcherModule = path.resolve('scripts/run-server.mjs');

/**
 * A stand-in for the server bundle: says who it is and how node was started, then stays up until
 * SIGTERM or SIGINT (answered as the server does: "stopping", exit 0) or exits with the code it
 * is given.
 */
const FAKE_SERVER = `
process.on('SIGTERM', () => { console.log('stopping SIGTERM'); setTimeout(() => process.exit(0), 50); });
process.on('SIGINT', () => { console.log('stopping SIGINT'); setTimeout(() => process.exit(0), 50); });
console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv }));
const code = Number(process.argv[2]);
if (Number.isInteger(code)) setTimeout(() => process.exit(code), 50);
else setInterval(() => {}, 1000);
`;

interface Launched {
  launcher: ChildProcess;
  server: Promise<{ pid: number; execArgv: string[] }>;
  output: () => string;
  exit: Promise<number | null>;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function launch(serverArgs: string[] = []): Launched {
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-run-server-'));
  dirs.push(dir);
  const entry = path.join(dir, 'server.mjs');
  writeFileSync(entry, FAKE_SERVER);
  const code = `import { runServer } from ${JSON.stringify(launcherModule)}; runServer(process.argv[1], process.argv.slice(2));`;
  const launcher = spawn(process.execPath, ['--input-type=module', '-e', code, entry, ...serverArgs]);
  let output = '';
  const server = new Promise<{ pid: number; execArgv: string[] }>((resolve) => {
    launcher.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line) as { pid: number; execArgv: string[] });
    });
  });
  launcher.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => launcher.on('exit', (c) => resolve(c)));
  return { launcher, server, output: () => output, exit };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the server launcher (scripts/run-server.mjs, used by npm start)', () => {
  it('starts the server in its own process with the tuned V8 flags', async () => {
    const { launcher, server, exit } = launch();
    const started = await server;
    expect(SERVER_NODE_FLAGS.length).toBeGreaterThan(0);
    expect(started.execArgv).toEqual(SERVER_NODE_FLAGS);
    expect(started.pid).not.toBe(launcher.pid);
    launcher.kill('SIGTERM');
    await exit;
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'hands %s sent to the launcher alone to the server, which shuts down; both exit 0',
    async (signal) => {
      const { launcher, server, output, exit } = launch();
      const { pid } = await server;
      launcher.kill(signal);
      expect(await exit).toBe(0);
      expect(output()).toContain(`stopping ${signal}`);
      expect(alive(pid)).toBe(false);
    },
  );

  it("exits with the server's own exit code", async () => {
    const { exit, server } = launch(['3']);
    await server;
    expect(await exit).toBe(3);
  });

  it('exits 128 + the signal when a signal killed the server', async () => {
    const { server, exit } = launch();
    const { pid } = await server;
    process.kill(pid, 'SIGKILL');
    expect(await exit).toBe(137);
  });

  it('is the command docs/operations.md gives for production', () => {
    const command = `node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`;
    const doc = readFileSync('docs/operations.md', 'utf8').replace(/\s+/g, ' ');
    expect(doc.includes(command), `docs/operations.md should say: ${command}`).toBe(true);
  });
});

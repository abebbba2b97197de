/**
 * A real server process for the crash test (modules/storage/crash.test.ts), configured by the
 * environment like the production server. It prints one JSON line per event on stdout:
 * `{"ready": "ws://…/ws"}` once it listens, and `{"held": n}` when a group-commit batch of n
 * steps is being held. Writing `hold` on stdin holds the next batch inside its transaction,
 * after its writes and before its commit, for ever: the test then kills the process with
 * SIGKILL in the middle of that window.
 */
import { createInterface } from 'node:readline';
import { buildApp } from '../app';
import { loadConfig } from '../config';

let holding = false;

function report(event: Record<string, unknown>): void {
  process.stdout.write(`${JSON.stringify(event)}\n`);
}

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config, {
    logger: false,
    sweepIntervalMs: 0,
    groupCommitHooks: {
      beforeCommit(size) {
        if (!holding) return Promise.resolve();
        holding = false;
        report({ held: size });
        return new Promise<void>(() => {});
      },
    },
  });
  createInterface({ input: process.stdin }).on('line', (line) => {
    if (line.trim() === 'hold') holding = true;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  report({ ready: `ws://127.0.0.1:${address.port}/ws` });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

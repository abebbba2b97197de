// Runs the server bundle in a node process of its own, with the V8 flags it is tuned for, and
// passes on the signals that stop it. See docs/operations.md, "Running".
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * A young generation of up to 64 MB per semi-space instead of V8's default 16 MB. A play
 * allocates ~40 KB that is garbage within milliseconds (views, diffs, frames); with the default, a
 * busy server scavenged several times a second and copied whatever was still in flight. At 2000
 * players (`BENCH_ONLY=cpu npm run bench:ws`) it cut the CPU per play by ~15% and GC pauses by
 * half; at 4000 by ~4%; the knee did not move. Figures and trade-offs: docs/benchmarks.md,
 * "Server flags". V8 reads the flag when the heap is created, so it must be on the command line (or
 * NODE_OPTIONS), not set at run time.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** The signals the server shuts down gracefully on; the launcher hands them to it. */
const FORWARDED = ['SIGINT', 'SIGTERM'];

/**
 * Starts `entry` with SERVER_NODE_FLAGS and this process's environment and standard streams, and
 * exits as it exits (with 128 + the signal's number when a signal ended it). A signal sent to
 * this process alone (a process manager's SIGTERM) reaches the server; Ctrl-C reaches both, and
 * the server's shutdown runs once whatever it is sent twice.
 */
export function runServer(entry, args = []) {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, entry, ...args], { stdio: 'inherit' });
  for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  return child;
}

// Types of run-server.mjs for the TypeScript that imports it (tests, benchmarks).
import type { ChildProcess } from 'node:child_process';

export const SERVER_NODE_FLAGS: readonly string[];

export function runServer(entry: string, args?: readonly string[]): ChildProcess;

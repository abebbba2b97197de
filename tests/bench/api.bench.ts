/**
 * REST benchmark (issue: economy). The real app runs on SQLite in a child process; this process
 * signs up players and then keeps CLIENTS concurrent keep-alive clients busy over loopback, each
 * alternating between `GET /api/currency/balance` and a baseline route registered only here that
 * runs `SELECT 1` through the same stack (the auth hook, a zod response schema, the same database
 * handle). Both are measured in the same run, under the same load, and compared as a ratio.
 * Target: balance p99 ≤ 1.2× the baseline's p99.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { requireAuth } from '../../server/src/http/auth';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const USERS = Number(process.env.BENCH_USERS ?? 16);
const WARMUP_MS = 3_000;
const MEASURE_MS = Number(process.env.BENCH_MEASURE_MS ?? 20_000);
/** Stops early once each route has this many samples. */
const MAX_SAMPLES = 100_000;
const TARGET = 1.2;

const BALANCE = '/api/currency/balance';
const BASELINE = '/api/bench/select-1';

/** The server side: the app as buildApp makes it, plus the baseline route, listening on loopback. */
async function serve(): Promise<void> {
  const app = await buildApp(loadConfig(process.env), { logger: false, sweepIntervalMs: 0 });
  app.withTypeProvider<ZodTypeProvider>().get(
    BASELINE,
    {
      preValidation: requireAuth(app.accounts),
      schema: { response: { 200: z.object({ ok: z.number().int() }) } },
    },
    async () => {
      const { rows } = await sql<{ ok: number }>`select 1 as ok`.execute(app.db.kysely);
      return { ok: Number(rows[0]!.ok) };
    },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', (message) => {
    if (message === 'stop') void app.close().then(() => process.exit(0));
  });
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function request(
  port: number,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-bench-api-'));
  // SQLite in a fresh folder, whatever DATABASE_URL this shell has.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = fork(import.meta.filename, ['--serve'], {
    env: {
      ...env,
      // One node, whatever REDIS_URL this shell has.
      REDIS_URL: '',
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'no-web-app'),
      PUBLIC_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'silent',
      // Sign-up is rate limited per address, and every bench player signs up from loopback.
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (message) => resolve((message as { port: number }).port));
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });

    const tokens: string[] = [];
    for (let i = 0; i < USERS; i++) {
      const res = await request(port, 'POST', '/api/auth/register', undefined, {
        username: `bench_${i}`,
        password: 'correct horse battery',
      });
      if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
      tokens.push((JSON.parse(res.text) as { token: string }).token);
    }
    for (const url of [BALANCE, BASELINE]) {
      const res = await request(port, 'GET', url, tokens[0]);
      if (res.status !== 200) throw new Error(`${url} answered ${res.status} ${res.text}`);
    }

    const samples: Record<string, number[]> = { [BALANCE]: [], [BASELINE]: [] };
    let failures = 0;
    let recording = false;
    let stopAt = performance.now() + WARMUP_MS;
    // Each client alternates the two routes, half starting with each, so both meet the same load.
    const client = async (index: number) => {
      const token = tokens[index % tokens.length]!;
      for (let n = index; performance.now() < stopAt; n++) {
        const url = n % 2 === 0 ? BALANCE : BASELINE;
        const started = performance.now();
        const res = await request(port, 'GET', url, token);
        const elapsed = performance.now() - started;
        if (res.status !== 200) failures++;
        else if (recording) samples[url]!.push(elapsed);
        if (recording && samples[BALANCE]!.length >= MAX_SAMPLES && samples[BASELINE]!.length >= MAX_SAMPLES)
          break;
      }
    };
    const run = () => Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i)));
    console.log(`API benchmark: ${CLIENTS} concurrent clients, ${USERS} players, SQLite, loopback HTTP`);
    await run(); // warm-up: JIT, statement cache, connections
    recording = true;
    const measureStart = performance.now();
    stopAt = measureStart + MEASURE_MS;
    await run();
    const seconds = (performance.now() - measureStart) / 1000;

    const stats = (url: string) => {
      const values = samples[url]!;
      return { n: values.length, p50: percentile(values, 0.5), p99: percentile(values, 0.99) };
    };
    const balance = stats(BALANCE);
    const baseline = stats(BASELINE);
    const line = (name: string, s: ReturnType<typeof stats>) =>
      `  ${name.padEnd(38)} ${String(s.n).padStart(7)} requests (${(s.n / seconds).toFixed(0)}/s)  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms`;
    console.log(line(`GET ${BALANCE}`, balance));
    console.log(line(`GET ${BASELINE} (SELECT 1)`, baseline));
    const p50Ratio = balance.p50 / baseline.p50;
    const p99Ratio = balance.p99 / baseline.p99;
    console.log(`  ratio balance / baseline: p50 ${p50Ratio.toFixed(2)}×, p99 ${p99Ratio.toFixed(2)}×`);
    console.log(
      `  target p99 ≤ ${TARGET}×: ${p99Ratio <= TARGET ? 'met' : 'NOT met'}${failures ? ` (${failures} non-200 answers)` : ''}`,
    );
  } finally {
    agent.destroy();
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--serve')) await serve();
else await main();

/**
 * Test harness: a real app on a real database of each dialect. SQLite always; PostgreSQL too when
 * DATABASE_URL is set (CI sets it), each app in a schema of its own that is dropped afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { buildApp, type App, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import type { Mail, Mailer } from '../infra/mail';

export type DialectName = 'sqlite' | 'postgres';

export const DIALECTS: DialectName[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

export class TestClock {
  constructor(public time = Date.UTC(2026, 0, 1, 12)) {}
  now = () => this.time;
  advance(ms: number) {
    this.time += ms;
  }
}

export class CapturingMailer implements Mailer {
  readonly kind = 'smtp' as const;
  readonly sent: Mail[] = [];
  failing = false;
  async send(mail: Mail) {
    if (this.failing) throw new Error('SMTP is down');
    this.sent.push(mail);
  }
  close() {}
  /** The token in the last verification link sent to `to`. */
  lastToken(to: string): string {
    const mail = [...this.sent].reverse().find((m) => m.to === to);
    const match = mail && /token=([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!match) throw new Error(`no verification mail to ${to}`);
    return match[1]!;
  }
}

export interface TestApp {
  app: App;
  clock: TestClock;
  mailer: CapturingMailer;
  config: Config;
  /** Listens on an ephemeral port and returns the ws:// URL of /ws. */
  listen(): Promise<string>;
  /** Stops the server and starts a new one on the same database, as a redeploy would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** A fresh database of `dialect`: a temporary DATA_DIR, and on PostgreSQL a schema of its own. */
export async function createTestDatabase(dialect: DialectName) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'spar-test-'));
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  if (dialect === 'postgres') {
    const base = process.env.DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  }
  return {
    dataDir,
    databaseUrl,
    async drop() {
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function createTestApp(
  dialect: DialectName,
  env: Record<string, string> = {},
  options: AppOptions = {},
): Promise<TestApp> {
  const { dataDir, databaseUrl, drop } = await createTestDatabase(dialect);
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-web-app'),
    PUBLIC_URL: 'http://spar.test',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const clock = new TestClock();
  const mailer = new CapturingMailer();
  const build = () =>
    buildApp(config, { logger: false, now: clock.now, mailer, sweepIntervalMs: 0, ...options });
  let port = 0;
  const testApp: TestApp = {
    app: await build(),
    clock,
    mailer,
    config,
    async listen() {
      await testApp.app.listen({ port, host: '127.0.0.1' });
      port = (testApp.app.server.address() as AddressInfo).port;
      return `ws://127.0.0.1:${port}/ws`;
    },
    async restart() {
      await testApp.app.close();
      testApp.app = await build();
      if (port) await testApp.app.listen({ port, host: '127.0.0.1' });
    },
    async close() {
      await testApp.app.close();
      await drop();
    },
  };
  return testApp;
}

/** Registers a user through the API and returns the answer. */
export async function register(app: App, body: { username: string; password?: string; email?: string }) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { password: 'correct horse', ...body },
    // Each call its own address, so the per-IP sign-in limit does not interfere with setup.
    remoteAddress: `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json() as { token: string; user: { id: number; username: string } };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

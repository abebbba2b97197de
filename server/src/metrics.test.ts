/**
 * The Prometheus endpoint on a real app over real sockets: who may scrape it, what it names, and
 * that its figures move when a game is played. See docs/operations.md, "Metrics".
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { bearer, createTestApp, DIALECTS, register, type DialectName } from './testing/harness';
import { joinGame, matchUp, playOn } from './testing/game-clients';
import { liveAppPerTest } from './testing/live-app';
import { dropPrefix, REDIS_URL, testPrefix } from './testing/redis';
import { TestSocket } from './testing/ws-client';
import type { App } from './app';

const TOKEN = 'metrics-token-for-tests-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The Prometheus text exposition, read: each sample, and each metric's declared type. */
function parseExposition(text: string): { samples: Sample[]; types: Map<string, string> } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1]!, type[2]!);
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map((m) => [
        m[1]!,
        m[2]!,
      ]),
    );
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { samples, types };
}

/** A scrape, with the one sample matching `name` and `labels` (all of them) read off it. */
class Scrape {
  readonly samples: Sample[];
  readonly types: Map<string, string>;
  constructor(readonly text: string) {
    ({ samples: this.samples, types: this.types } = parseExposition(text));
  }
  value(name: string, labels: Record<string, string> = {}): number {
    const found = this.samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
    if (found.length !== 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
    return found[0]!.value;
  }
}

async function scrape(app: App): Promise<Scrape> {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
  return new Scrape(res.body);
}

/** Our metrics, each with its type and labels (docs/operations.md lists the same). */
const OURS: [name: string, type: string, labels: string[]][] = [
  ['spar_ws_connections', 'gauge', []],
  ['spar_signed_in_users', 'gauge', []],
  ['spar_active_games', 'gauge', ['mode']],
  ['spar_queue_players', 'gauge', ['queue']],
  ['spar_move_duration_seconds', 'histogram', []],
  ['spar_game_commit_batch_size', 'histogram', []],
  ['spar_game_commit_duration_seconds', 'histogram', []],
  ['spar_event_loop_delay_seconds', 'histogram', []],
  ['spar_http_request_duration_seconds', 'histogram', ['route', 'method', 'status_class']],
  ['spar_rate_limit_refusals_total', 'counter', ['limit']],
  ['spar_database_up', 'gauge', []],
];

describe('METRICS_* settings', () => {
  it('are off unless set, refuse a short token, and default the listener to loopback', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '' }).metrics).toBeNull();
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 32/);
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      token: undefined,
      port: 9464,
      host: '127.0.0.1',
    });
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metrics).toEqual({
      token: TOKEN,
      port: undefined,
      host: '127.0.0.1',
    });
  });
});

/** SQLite; PostgreSQL with DATABASE_URL; PostgreSQL and Redis with both. */
const SETUPS: [string, DialectName, boolean][] = [
  ...DIALECTS.map((d): [string, DialectName, boolean] => [d, d, false]),
  ...(DIALECTS.includes('postgres') && REDIS_URL
    ? [['postgres + redis', 'postgres', true] as [string, DialectName, boolean]]
    : []),
];

describe.each(SETUPS)('metrics on %s', (_name, dialect, withRedis) => {
  const rig = liveAppPerTest(dialect);
  let prefix: string | undefined;
  afterEach(async () => {
    if (prefix) await dropPrefix(REDIS_URL!, prefix);
    prefix = undefined;
  });
  const env = (more: Record<string, string> = {}) => {
    if (!withRedis) return more;
    prefix = testPrefix();
    return { REDIS_URL: REDIS_URL!, REDIS_PREFIX: prefix, ...more };
  };

  it('is off without METRICS_TOKEN or METRICS_PORT: 404, not the web app', async () => {
    await rig.start(env());
    const res = await rig.t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });

  it('refuses a scrape without the token, with a wrong one and with a player session token', async () => {
    await rig.start(env({ METRICS_TOKEN: TOKEN }));
    const { app } = rig.t;
    const { token: session } = await register(app, { username: 'metrics_peeker' });
    const attempts: Record<string, string>[] = [
      {},
      bearer(`${TOKEN}x`),
      bearer(TOKEN.slice(0, -1)),
      bearer(session),
      { authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="metrics"/);
      expect(res.body).not.toContain('spar_');
      // A token not sent as a bearer token is no token at all.
      const bearing = headers.authorization?.startsWith('Bearer ') ?? false;
      expect(res.json()).toMatchObject({ error: bearing ? 'invalid_token' : 'auth_required' });
    }
    const ok = await scrape(app);
    expect(ok.text).toContain('# TYPE spar_ws_connections gauge');
  });

  it('names every metric with its type and labels, and its figures move when a game is played', async () => {
    const url = await rig.start(env({ METRICS_TOKEN: TOKEN }));
    const { app } = rig.t;
    const before = await scrape(app);
    for (const [name, type] of OURS) expect(before.types.get(name), name).toBe(type);
    // prom-client's process metrics, GC pauses among them.
    expect(before.types.get('nodejs_gc_duration_seconds')).toBe('histogram');
    expect(before.types.get('process_cpu_seconds_total')).toBe('counter');
    expect(before.value('spar_database_up')).toBe(1);
    if (withRedis) expect(before.value('spar_redis_up')).toBe(1);
    else expect(before.types.has('spar_redis_up')).toBe(false);
    expect(before.value('spar_ws_connections')).toBe(0);
    expect(before.value('spar_signed_in_users')).toBe(0);
    for (const mode of ['ranked', 'quick', 'private', 'practice'])
      expect(before.value('spar_active_games', { mode })).toBe(0);

    const a = await rig.player(url);
    const b = await rig.player(url);
    const stranger = await TestSocket.open(url);
    rig.track(stranger);
    a.socket.send({ type: 'JOIN_QUICK_QUEUE', token: a.token });
    await a.socket.next('QUEUE_JOIN_SUCCESS');
    const queued = await scrape(app);
    expect(queued.value('spar_queue_players', { queue: 'quick' })).toBe(1);
    expect(queued.value('spar_queue_players', { queue: 'ranked' })).toBe(0);
    expect(queued.value('spar_ws_connections')).toBe(3);
    expect(queued.value('spar_signed_in_users')).toBe(2);
    // Registering went through the route's pattern; the URL of a page is never a label.
    expect(
      queued.value('spar_http_request_duration_seconds_count', {
        route: '/api/auth/register',
        method: 'POST',
        status_class: '2xx',
      }),
    ).toBeGreaterThanOrEqual(2);

    const gameId = await matchUp(a, b, 'quick');
    const start = await joinGame(a, gameId);
    const playing = await scrape(app);
    expect(playing.value('spar_active_games', { mode: 'quick' })).toBe(1);
    expect(playing.value('spar_queue_players', { queue: 'quick' })).toBe(0);

    const end = await playOn([a, b], gameId, 20);
    const moves = end.seq - start.seq;
    expect(moves).toBe(20);
    const after = await scrape(app);
    expect(
      after.value('spar_move_duration_seconds_count') - playing.value('spar_move_duration_seconds_count'),
    ).toBe(moves);
    expect(after.value('spar_move_duration_seconds_sum')).toBeGreaterThan(
      playing.value('spar_move_duration_seconds_sum'),
    );
    // Every move's write went through a group commit; one commit may carry several.
    const commits =
      after.value('spar_game_commit_batch_size_count') - playing.value('spar_game_commit_batch_size_count');
    expect(commits).toBeGreaterThanOrEqual(1);
    expect(commits).toBeLessThanOrEqual(moves + 1);
    expect(
      after.value('spar_game_commit_batch_size_sum') - playing.value('spar_game_commit_batch_size_sum'),
    ).toBeGreaterThanOrEqual(moves);
    expect(after.value('spar_game_commit_duration_seconds_count')).toBe(
      after.value('spar_game_commit_batch_size_count'),
    );

    // Every metric has samples by now, each with exactly its labels (and `le` on buckets).
    for (const [name, , labels] of OURS) {
      const samples = after.samples.filter((s) => s.name === name || s.name.startsWith(`${name}_`));
      expect(samples.length, name).toBeGreaterThan(0);
      for (const s of samples) {
        const own = Object.keys(s.labels).filter((l) => l !== 'le');
        expect(own.sort(), name).toEqual([...labels].sort());
      }
    }

    await stranger.close();
    await b.socket.close();
    await expect.poll(async () => (await scrape(app)).value('spar_ws_connections')).toBe(1);
    expect((await scrape(app)).value('spar_signed_in_users')).toBe(1);
    // The 50 ms timer has ticked by now and each tick is a sample.
    expect(after.value('spar_event_loop_delay_seconds_count')).toBeGreaterThan(0);
  });

  it('counts refusals by limit: the HTTP sign-in limit and a socket over its frame rate', async () => {
    const url = await rig.start(
      env({ METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT_PER_MINUTE: '1', WS_MESSAGES_PER_SECOND: '1' }),
    );
    const { app } = rig.t;
    const before = await scrape(app);
    expect(before.value('spar_rate_limit_refusals_total', { limit: 'rate_limited' })).toBe(0);
    expect(before.value('spar_rate_limit_refusals_total', { limit: 'ws_messages' })).toBe(0);
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'nobody_here', password: 'wrong password' },
        remoteAddress: '10.9.9.9',
      });
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(429);
    const socket = await TestSocket.open(url);
    rig.track(socket);
    // A burst of twice the rate passes; the rest are refused.
    for (let i = 0; i < 6; i++) socket.send({ type: 'PING' });
    await socket.next('ERROR', (m) => m.code === 'RATE_LIMITED');
    const after = await scrape(app);
    expect(after.value('spar_rate_limit_refusals_total', { limit: 'rate_limited' })).toBe(1);
    expect(after.value('spar_rate_limit_refusals_total', { limit: 'ws_messages' })).toBe(4);
    expect(
      after.value('spar_http_request_duration_seconds_count', {
        route: '/api/auth/login',
        method: 'POST',
        status_class: '4xx',
      }),
    ).toBe(2);
  });
});

describe('refusals by limit', () => {
  const rig = liveAppPerTest('sqlite');
  const refusals = async (app: App, limit: string) =>
    (await scrape(app)).value('spar_rate_limit_refusals_total', { limit });

  it('counts the sign-in throttle, and sockets over the per-address and per-user caps', async () => {
    const url = await rig.start({
      METRICS_TOKEN: TOKEN,
      WS_MAX_CONNECTIONS_PER_IP: '2',
      WS_MAX_CONNECTIONS_PER_USER: '1',
    });
    const { app } = rig.t;
    await register(app, { username: 'throttled_one' });
    const statuses: number[] = [];
    // Five wrong passwords are free (docs/design.md, "Sign-in throttling"); the next waits.
    for (let i = 0; i < 7; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'throttled_one', password: 'not the password' },
        remoteAddress: '10.8.8.8',
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json()).toMatchObject({ code: 'too_many_attempts' });
    }
    const throttled = statuses.filter((status) => status === 429).length;
    expect(throttled).toBeGreaterThanOrEqual(1);
    expect(await refusals(app, 'too_many_attempts')).toBe(throttled);

    const a = await rig.player(url);
    // The same user again on this node: over WS_MAX_CONNECTIONS_PER_USER, the new socket goes.
    const again = await TestSocket.open(url);
    rig.track(again);
    again.send({ type: 'MESSAGING_AUTH', token: a.token });
    expect((await again.closing()).code).toBe(1008);
    expect(await refusals(app, 'ws_connections_per_user')).toBe(1);
    // Two sockets from 127.0.0.1 are open (or were: the refused one may still be closing); a third is refused.
    await expect.poll(async () => (await scrape(app)).value('spar_ws_connections')).toBe(1);
    const second = await TestSocket.open(url);
    rig.track(second);
    await expect(TestSocket.open(url)).rejects.toThrow(/429/);
    expect(await refusals(app, 'ws_connections_per_ip')).toBe(1);
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics on its own loopback listener without a token, and nothing else there', async () => {
    const t = await createTestApp('sqlite', { METRICS_PORT: '0' });
    try {
      await t.listen();
      const address = t.app.metricsServer?.address();
      if (!address || typeof address === 'string') throw new Error('no metrics listener');
      expect(address.address).toBe('127.0.0.1');
      const base = `http://127.0.0.1:${address.port}`;
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(new Scrape(await res.text()).value('spar_database_up')).toBe(1);
      expect((await fetch(`${base}/api/health`)).status).toBe(404);
      expect((await fetch(`${base}/metrics`, { method: 'POST' })).status).toBe(404);
      // Without METRICS_TOKEN the main port does not serve them at all.
      const main = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
      expect(main.statusCode).toBe(404);
    } finally {
      await t.close();
    }
    expect(t.app.metricsServer?.listening).toBe(false);
  });
});

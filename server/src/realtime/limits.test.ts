import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../config';
import { DIALECTS, createTestApp, register, type TestApp } from '../testing/harness';
import { TestSocket } from '../testing/ws-client';

/**
 * A client in its own process, so the server's stalls do not stall it: it signs in, sends PING at
 * `rate` a second for `seconds`, waits for the answers and prints what came back.
 */
const PACED_CLIENT = `
const WebSocket = require('ws');
const { URL: url, TOKEN: token, RATE: rate, COUNT: count } = process.env;
const ws = new WebSocket(url);
const seen = { PONG: 0, errors: [] };
let sent = 0;
const finish = () => { console.log(JSON.stringify({ sent, ...seen })); process.exit(0); };
ws.on('open', () => ws.send(JSON.stringify({ type: 'MESSAGING_AUTH', token })));
ws.on('close', finish);
ws.on('message', (data) => {
  const m = JSON.parse(String(data));
  if (m.type === 'PONG' && ++seen.PONG === Number(count)) finish();
  if (m.type === 'ERROR') seen.errors.push(m.code);
  if (m.type !== 'MESSAGING_AUTH_SUCCESS') return;
  console.log('pacing');
  const timer = setInterval(() => {
    ws.send('{"type":"PING"}');
    if (++sent === Number(count)) { clearInterval(timer); setTimeout(finish, 15000); }
  }, 1000 / Number(rate));
});
`;

function runPacedClient(env: Record<string, string>, onPacing: () => void) {
  return new Promise<{ sent: number; PONG: number; errors: string[] }>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', PACED_CLIENT], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
    });
    let out = '';
    let pacing = false;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!pacing && out.startsWith('pacing\n')) {
        pacing = true;
        onPacing();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));
    child.on('error', reject);
    child.on('exit', () => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(last));
      } catch {
        reject(new Error(`paced client printed ${out}`));
      }
    });
  });
}

/** Blocks this process (the server's event loop) as a CPU-bound stall would. */
function busyBlock(ms: number) {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

/** Socket limits (docs/design.md, "Socket limits"). */
describe.each(DIALECTS)('socket limits on %s', (dialect) => {
  let t: TestApp;
  let sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await t.close();
  });

  async function setup(env: Record<string, string> = {}) {
    t = await createTestApp(dialect, { BOT_DELAY_MS: '0', ...env });
    return t.listen();
  }
  async function open(url: string, headers?: Record<string, string>) {
    const s = await TestSocket.open(url, { headers });
    sockets.push(s);
    return s;
  }

  it('closes a socket that does not sign in in time, and keeps one that did', async () => {
    const url = await setup({ WS_AUTH_TIMEOUT_SECONDS: '0.3' });
    const silent = await open(url);
    const chatty = await open(url);
    // Pings do not count as signing in.
    chatty.send({ type: 'PING' });
    await chatty.next('PONG');
    const { token } = await register(t.app, { username: 'prompt_abena' });
    const signed = await open(url);
    signed.send({ type: 'MESSAGING_AUTH', token });
    await signed.next('MESSAGING_AUTH_SUCCESS');

    expect(await silent.closing()).toEqual({ code: 1008, reason: 'Not signed in within 0.3 s' });
    expect((await chatty.closing()).code).toBe(1008);
    signed.send({ type: 'PING' });
    await signed.next('PONG');
    expect(signed.closed).toBe(false);
  });

  it('a socket whose session ends must sign in again in time or is closed', async () => {
    const url = await setup({ WS_AUTH_TIMEOUT_SECONDS: '0.3' });
    const { token } = await register(t.app, { username: 'logged_out' });
    const s = await open(url);
    s.send({ type: 'MESSAGING_AUTH', token });
    await s.next('MESSAGING_AUTH_SUCCESS');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(s.closed).toBe(false);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(await s.next('ERROR')).toMatchObject({ code: 'AUTH_REQUIRED' });
    expect((await s.closing()).code).toBe(1008);
  });

  it('caps concurrent sockets per client address with 429', async () => {
    const url = await setup({ WS_MAX_CONNECTIONS_PER_IP: '2' });
    const first = await open(url);
    await open(url);
    await expect(TestSocket.open(url)).rejects.toThrow(/429/);
    // A closed socket frees its place.
    await first.close();
    let reopened: TestSocket | undefined;
    for (let attempt = 0; attempt < 50 && !reopened; attempt++) {
      reopened = await TestSocket.open(url).catch(() => undefined);
      if (!reopened) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(reopened).toBeDefined();
    sockets.push(reopened!);
    // Without TRUST_PROXY a forwarded address is not believed.
    await expect(TestSocket.open(url, { headers: { 'x-forwarded-for': '203.0.113.7' } })).rejects.toThrow(
      /429/,
    );
  });

  it('with TRUST_PROXY counts the forwarded client address', async () => {
    const url = await setup({ WS_MAX_CONNECTIONS_PER_IP: '2', TRUST_PROXY: '127.0.0.1' });
    const alice = { 'x-forwarded-for': '203.0.113.7' };
    await open(url, alice);
    await open(url, alice);
    await expect(TestSocket.open(url, { headers: alice })).rejects.toThrow(/429/);
    await open(url, { 'x-forwarded-for': '203.0.113.8' });
    await open(url);
  });

  it('caps signed-in sockets per user: the newest is closed with a reason', async () => {
    const url = await setup({ WS_MAX_CONNECTIONS_PER_USER: '2' });
    const { token } = await register(t.app, { username: 'many_tabs' });
    const other = await register(t.app, { username: 'one_tab' });
    const tabs = [await open(url), await open(url), await open(url)];
    for (const tab of tabs.slice(0, 2)) {
      tab.send({ type: 'MESSAGING_AUTH', token });
      await tab.next('MESSAGING_AUTH_SUCCESS');
    }
    tabs[2]!.send({ type: 'MESSAGING_AUTH', token });
    expect(await tabs[2]!.closing()).toEqual({ code: 1008, reason: 'Too many connections for this account' });
    for (const tab of tabs.slice(0, 2)) {
      tab.send({ type: 'PING' });
      await tab.next('PONG');
    }
    const elsewhere = await open(url);
    elsewhere.send({ type: 'MESSAGING_AUTH', token: other.token });
    await elsewhere.next('MESSAGING_AUTH_SUCCESS');
    // A freed place can be taken again (once the server has seen the close).
    await tabs[0]!.close();
    let signedIn = false;
    for (let attempt = 0; attempt < 20 && !signedIn; attempt++) {
      const again = await open(url);
      again.send({ type: 'MESSAGING_AUTH', token });
      const answer = await Promise.race([again.next('MESSAGING_AUTH_SUCCESS'), again.closing()]);
      signedIn = 'type' in answer;
    }
    expect(signedIn).toBe(true);
  });

  it('counts frames at arrival: a paced client sees no RATE_LIMITED across a server stall', async () => {
    // The default rate of 20 a second (bursts of 40); the client keeps to 15.
    const url = await setup();
    const { token } = await register(t.app, { username: 'steady_kwame' });
    const result = await runPacedClient({ URL: url, TOKEN: token, RATE: '15', COUNT: '90' }, () =>
      // Let it pace for a moment, then stall: ~50 frames queue up meanwhile, more than a burst.
      setTimeout(() => busyBlock(3500), 500),
    );
    expect(result.errors).toEqual([]);
    expect(result.sent).toBe(90);
    expect(result.PONG).toBe(90);
  }, 30_000);
});

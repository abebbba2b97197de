import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { loadConfig } from '../config';

async function startApp(env: Record<string, string>) {
  const app = await buildApp(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spar-ws-')), ...env }), {
    logger: false,
    sweepIntervalMs: 0,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** Opens /ws offering permessage-deflate (as browsers do) and reads the answer to a bad sign-in. */
async function handshake(env: Record<string, string>): Promise<{ extensions: string; answer: string }> {
  const { app, port } = await startApp(env);
  try {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { perMessageDeflate: { threshold: 0 } });
    let extensions = '';
    ws.once(
      'upgrade',
      (response) => (extensions = String(response.headers['sec-websocket-extensions'] ?? '')),
    );
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    const answer = new Promise<string>((resolve) =>
      ws.once('message', (data: Buffer) => resolve(data.toString())),
    );
    ws.send(JSON.stringify({ type: 'MESSAGING_AUTH', token: 'not-a-session'.repeat(8) }));
    const result = { extensions, answer: await answer };
    ws.close();
    return result;
  } finally {
    await app.close();
  }
}

describe('permessage-deflate on /ws', () => {
  it('is not negotiated by default', async () => {
    const { extensions, answer } = await handshake({});
    expect(extensions).toBe('');
    expect(JSON.parse(answer)).toMatchObject({ type: 'ERROR', code: 'AUTH_REQUIRED', ref: 'MESSAGING_AUTH' });
  });

  it('is negotiated with WS_PERMESSAGE_DEFLATE=true, in 1 KB windows from the server, and frames still read right', async () => {
    const { extensions, answer } = await handshake({ WS_PERMESSAGE_DEFLATE: 'true' });
    expect(extensions).toMatch(/^permessage-deflate/);
    expect(extensions).toContain('server_max_window_bits=10');
    expect(JSON.parse(answer)).toMatchObject({ type: 'ERROR', code: 'AUTH_REQUIRED', ref: 'MESSAGING_AUTH' });
  });

  it('with WS_PERMESSAGE_DEFLATE=true, accepts a bare offer without window parameters, as Firefox sends it', async () => {
    const { app, port } = await startApp({ WS_PERMESSAGE_DEFLATE: 'true' });
    try {
      const answer = await new Promise<{ status: number; extensions: string }>((resolve, reject) => {
        const upgrade = request({
          host: '127.0.0.1',
          port,
          path: '/ws',
          headers: {
            connection: 'Upgrade',
            upgrade: 'websocket',
            'sec-websocket-version': '13',
            'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
            'sec-websocket-extensions': 'permessage-deflate',
          },
        });
        upgrade.once('upgrade', (response, socket) => {
          socket.destroy();
          resolve({
            status: response.statusCode ?? 0,
            extensions: String(response.headers['sec-websocket-extensions']),
          });
        });
        upgrade.once('response', (response) => resolve({ status: response.statusCode ?? 0, extensions: '' }));
        upgrade.once('error', reject);
        upgrade.end();
      });
      expect(answer.status).toBe(101);
      expect(answer.extensions).toMatch(/^permessage-deflate/);
      expect(answer.extensions).toContain('server_max_window_bits=10');
      expect(answer.extensions).not.toContain('client_max_window_bits');
    } finally {
      await app.close();
    }
  });

  it('refuses a value that is not true or false', () => {
    expect(() => loadConfig({ WS_PERMESSAGE_DEFLATE: 'yes' })).toThrow(/WS_PERMESSAGE_DEFLATE/);
  });
});

import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../app';
import { loadConfig } from '../config';

/** Opens /ws offering permessage-deflate (as browsers do) and reads the answer to a bad sign-in. */
async function handshake(env: Record<string, string>): Promise<{ extensions: string; answer: string }> {
  const app = await buildApp(loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spar-ws-')), ...env }), {
    logger: false,
    sweepIntervalMs: 0,
  });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
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
    expect(JSON.parse(answer)).toMatchObject({ type: 'ERROR' });
  });

  it('is negotiated with WS_PERMESSAGE_DEFLATE=true, in 1 KB windows, and frames still read right', async () => {
    const { extensions, answer } = await handshake({ WS_PERMESSAGE_DEFLATE: 'true' });
    expect(extensions).toMatch(/^permessage-deflate/);
    expect(extensions).toContain('server_max_window_bits=10');
    expect(extensions).toContain('client_max_window_bits=10');
    expect(JSON.parse(answer)).toMatchObject({ type: 'ERROR' });
  });

  it('refuses a value that is not true or false', () => {
    expect(() => loadConfig({ WS_PERMESSAGE_DEFLATE: 'yes' })).toThrow(/WS_PERMESSAGE_DEFLATE/);
  });
});

import { EventEmitter } from 'node:events';
import type { Page } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { frameHeaderBytes, PageTally, sumVisit } from '../e2e/web-measure';

/** A DevTools session that records what it is sent and lets the test fire its events. */
class FakeCdp extends EventEmitter {
  sent: string[] = [];
  async send(method: string) {
    this.sent.push(method);
    return {};
  }
}

/** A page whose DevTools session is `cdp` and whose Playwright events the test fires. */
class FakePage extends EventEmitter {
  constructor(private readonly cdp: FakeCdp) {
    super();
  }
  context() {
    return { newCDPSession: async () => this.cdp };
  }
}

async function tally() {
  const cdp = new FakeCdp();
  const page = new FakePage(cdp);
  return { cdp, page, tally: await PageTally.attach(page as unknown as Page) };
}

function load(cdp: FakeCdp, id: string, url: string, type: string, bytes: number, response = {}) {
  cdp.emit('Network.requestWillBeSent', { requestId: id, type, request: { url } });
  cdp.emit('Network.responseReceived', { requestId: id, response });
  cdp.emit('Network.loadingFinished', { requestId: id, encodedDataLength: bytes });
}

describe('PageTally', () => {
  it('counts bytes on the wire by kind, and responses from the cache or a service worker as 0', async () => {
    const { cdp, tally: t } = await tally();
    expect(cdp.sent).toContain('Network.enable');
    load(cdp, '1', 'http://x/', 'Document', 2400);
    load(cdp, '2', 'http://x/a.js', 'Script', 300, { fromDiskCache: true });
    load(cdp, '3', 'http://x/b.js', 'Script', 5000);
    load(cdp, '4', 'http://x/c.css', 'Stylesheet', 900, { fromServiceWorker: true });
    load(cdp, '5', 'http://x/api/me', 'Fetch', 700);
    load(cdp, '6', 'http://x/api/list', 'XHR', 300);
    cdp.emit('Network.requestWillBeSent', { requestId: '7', type: 'Font', request: { url: 'http://x/f' } });
    cdp.emit('Network.requestServedFromCache', { requestId: '7' });
    cdp.emit('Network.loadingFinished', { requestId: '7', encodedDataLength: 40 });
    // Not from the network at all.
    cdp.emit('Network.requestWillBeSent', {
      requestId: '8',
      type: 'Image',
      request: { url: 'data:image/png,' },
    });
    cdp.emit('Network.loadingFinished', { requestId: '8', encodedDataLength: 99 });

    const { transfers, socket } = t.collected();
    const visit = sumVisit(transfers, socket);
    expect(visit.byKind.document).toEqual({ bytes: 2400, network: 1, cache: 0, serviceWorker: 0 });
    expect(visit.byKind.script).toEqual({ bytes: 5000, network: 1, cache: 1, serviceWorker: 0 });
    expect(visit.byKind.stylesheet).toEqual({ bytes: 0, network: 0, cache: 0, serviceWorker: 1 });
    expect(visit.byKind.font).toEqual({ bytes: 0, network: 0, cache: 1, serviceWorker: 0 });
    expect(visit.byKind['fetch/xhr'].bytes).toBe(1000);
    expect(visit.byKind.image.network + visit.byKind.image.cache).toBe(0);
    expect(visit.assets).toBe(7400);
    expect(visit.total).toBe(8400);
  });

  it("tells a response's body from its header lines, for the budget that counts files as sent", async () => {
    const { cdp, tally: t } = await tally();
    cdp.emit('Network.requestWillBeSent', {
      requestId: '1',
      type: 'Script',
      request: { url: 'http://x/a.js' },
    });
    cdp.emit('Network.responseReceivedExtraInfo', { requestId: '1', headersText: 'h'.repeat(550) });
    cdp.emit('Network.responseReceived', { requestId: '1', response: {} });
    cdp.emit('Network.loadingFinished', { requestId: '1', encodedDataLength: 12_550 });
    // A response the browser gave no header text for counts whole.
    load(cdp, '2', 'http://x/b.css', 'Stylesheet', 900);
    const { transfers, socket } = t.collected();
    const visit = sumVisit(transfers, socket);
    expect(visit.assets).toBe(13_450);
    expect(visit.assetBodies).toBe(12_900);
  });

  it("counts a worker's script, whose end only Playwright sees, once it has ended", async () => {
    const { cdp, page, tally: t } = await tally();
    cdp.emit('Network.requestWillBeSent', {
      requestId: 'F00D',
      type: 'Script',
      request: { url: 'http://x/assets/game.worker-1.js' },
    });
    load(cdp, '2', 'http://x/a.js', 'Script', 300);
    // A request the page's session did finish is not counted twice.
    const finished = (url: string, fromServiceWorker: boolean) => ({
      url: () => url,
      failure: () => null,
      response: async () => ({ fromServiceWorker: () => fromServiceWorker }),
      sizes: async () => ({ responseHeadersSize: 100, responseBodySize: 2_000 }),
    });
    page.emit('requestfinished', finished('http://x/a.js', false));
    page.emit('requestfinished', finished('http://x/assets/game.worker-1.js', false));
    await t.settle(50, 5_000);
    const { transfers, socket } = t.collected();
    expect(transfers.map((x) => [x.url, x.bytes, x.headerBytes])).toEqual([
      ['http://x/a.js', 300, 0],
      ['http://x/assets/game.worker-1.js', 2_100, 100],
    ]);
    expect(sumVisit(transfers, socket).assetBodies).toBe(2_300);
  });

  it('counts /ws frames with their headers, text as UTF-8 and binary as decoded base64', async () => {
    const { cdp, tally: t } = await tally();
    cdp.emit('Network.webSocketFrameReceived', { response: { opcode: 1, payloadData: 'é'.repeat(100) } });
    cdp.emit('Network.webSocketFrameReceived', {
      response: { opcode: 2, payloadData: Buffer.alloc(90).toString('base64') },
    });
    const { socket } = t.collected();
    expect(socket).toEqual({
      frames: 2,
      payload: 290,
      wire: 290 + 4 + 2,
      deflate: false,
      byType: { '(other)': { frames: 1, bytes: 204 }, '(binary)': { frames: 1, bytes: 92 } },
    });
    expect(sumVisit([], socket).total).toBe(296);
    t.reset();
    expect(t.collected().socket.frames).toBe(0);
  });

  it('adds up the frames of each message type', async () => {
    const { cdp, tally: t } = await tally();
    const update = JSON.stringify({ type: 'GAME_UPDATE', seq: 3 });
    for (const payloadData of [update, update, '{"type":"PONG"}'])
      cdp.emit('Network.webSocketFrameReceived', { response: { opcode: 1, payloadData } });
    expect(t.collected().socket.byType).toEqual({
      GAME_UPDATE: { frames: 2, bytes: 2 * (update.length + 2) },
      PONG: { frames: 1, bytes: 17 },
    });
  });

  it('notes a socket that negotiated permessage-deflate', async () => {
    const { cdp, tally: t } = await tally();
    cdp.emit('Network.webSocketHandshakeResponseReceived', {
      response: { headers: { 'Sec-WebSocket-Extensions': 'permessage-deflate; client_max_window_bits' } },
    });
    expect(t.collected().socket.deflate).toBe(true);
  });

  it('settles only once nothing is in flight', async () => {
    const { cdp, tally: t } = await tally();
    cdp.emit('Network.requestWillBeSent', {
      requestId: '1',
      type: 'Script',
      request: { url: 'http://x/a.js' },
    });
    await expect(t.settle(10, 200)).rejects.toThrow(/did not settle: http:\/\/x\/a.js/);
    cdp.emit('Network.loadingFinished', { requestId: '1', encodedDataLength: 10 });
    await expect(t.settle(10, 1000)).resolves.toBeUndefined();
  });

  it('throttles like the issue’s phone', async () => {
    const { cdp, tally: t } = await tally();
    await t.throttleLikeAPhone();
    expect(cdp.sent).toEqual([
      'Network.enable',
      'Network.emulateNetworkConditions',
      'Emulation.setCPUThrottlingRate',
    ]);
  });
});

describe('frameHeaderBytes', () => {
  it('is 2 bytes up to 125, 4 up to 65535, 10 beyond', () => {
    expect([0, 125, 126, 65535, 65536].map(frameHeaderBytes)).toEqual([2, 2, 4, 4, 10]);
  });
});

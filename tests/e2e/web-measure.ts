/**
 * What a browser visit costs over the network, counted the same way by the byte budgets
 * (tests/e2e/budgets.spec.ts) and by `npm run bench:web` (tests/bench/web.bench.ts). See
 * docs/benchmarks.md, "bench:web".
 */
import type { APIRequestContext, BrowserContext, CDPSession, Page, Request } from '@playwright/test';
import { hand } from './helpers';

/** The kinds the bytes are listed by; a service worker's own fetches are kept apart. */
export const BYTE_KINDS = [
  'document',
  'script',
  'stylesheet',
  'font',
  'image',
  'fetch/xhr',
  'other',
  'websocket',
] as const;
export type ByteKind = (typeof BYTE_KINDS)[number];

/** Where a response came from: only `network` costs bytes on the wire. */
export type Source = 'network' | 'cache' | 'service worker';

export interface Transfer {
  url: string;
  kind: ByteKind;
  source: Source;
  /** Bytes on the wire, headers included; 0 unless `source` is `network`. */
  bytes: number;
  /** Of `bytes`, the response's header lines (as far as the browser reported them). */
  headerBytes?: number;
}

export interface KindTotal {
  /** Bytes over the network. */
  bytes: number;
  /** Responses of this kind by source. */
  network: number;
  cache: number;
  serviceWorker: number;
}

export interface SocketTally {
  frames: number;
  /** Payload bytes as the page received them (uncompressed if the socket negotiated deflate). */
  payload: number;
  /** Payload plus each frame's header (2, 4 or 10 bytes from the server, which does not mask). */
  wire: number;
  /** Whether the server agreed to permessage-deflate: `payload` is then an upper bound. */
  deflate: boolean;
  /** Frames and wire bytes by message `type` (text frames that are JSON objects with one). */
  byType: Record<string, { frames: number; bytes: number }>;
}

export const noFrames = (deflate = false): SocketTally => ({
  frames: 0,
  payload: 0,
  wire: 0,
  deflate,
  byType: {},
});

function messageType(opcode: number, data: string): string {
  if (opcode !== 1) return '(binary)';
  try {
    const type = (JSON.parse(data) as { type?: unknown }).type;
    return typeof type === 'string' ? type : '(other)';
  } catch {
    return '(other)';
  }
}

export interface VisitBytes {
  byKind: Record<ByteKind, KindTotal>;
  /** Everything the visit moved over the network: HTTP responses and /ws frames received. */
  total: number;
  /** The HTML, JS, CSS, fonts and images a first visit needs, headers included. */
  assets: number;
  /**
   * The same without their header lines: the files as sent (brotli), which is what the 170 KB
   * first-visit budget counts, as the build's check does (scripts/check-bundle.mjs).
   */
  assetBodies: number;
  transfers: Transfer[];
  socket: SocketTally;
}

const CDP_KINDS: Record<string, ByteKind> = {
  Document: 'document',
  Script: 'script',
  Stylesheet: 'stylesheet',
  Font: 'font',
  Image: 'image',
  Fetch: 'fetch/xhr',
  XHR: 'fetch/xhr',
};

/** A server's WebSocket frame header: unmasked, with a 16- or 64-bit length past 125 bytes. */
export const frameHeaderBytes = (payload: number) => (payload <= 125 ? 2 : payload <= 0xffff ? 4 : 10);

function payloadBytes(opcode: number, data: string): number {
  // Chromium hands text frames over as text and binary frames as base64.
  return opcode === 2 ? Buffer.from(data, 'base64').length : Buffer.byteLength(data, 'utf8');
}

/** The kinds of Playwright's resource types, for requests a service worker makes itself. */
function kindOfResourceType(type: string): ByteKind {
  if (type === 'fetch' || type === 'xhr') return 'fetch/xhr';
  return (BYTE_KINDS as readonly string[]).includes(type) ? (type as ByteKind) : 'other';
}

interface Pending {
  url: string;
  kind: ByteKind;
  source: Source;
}

/**
 * Counts a page's network traffic through the DevTools protocol: each response's
 * `encodedDataLength` at `loadingFinished` (bytes on the wire, headers included), responses the
 * HTTP cache or a service worker answered (listed, 0 bytes), and the /ws frames received. The
 * service worker's own fetches (its precache, or a request it passes on to the network) happen
 * outside the page and are counted by `ServiceWorkerTally`.
 */
export class PageTally {
  private readonly pending = new Map<string, Pending>();
  private readonly headerBytes = new Map<string, number>();
  private transfers: Transfer[] = [];
  private socket = noFrames();
  private lastActivity = Date.now();

  private constructor(readonly cdp: CDPSession) {}

  static async attach(page: Page): Promise<PageTally> {
    const cdp = await page.context().newCDPSession(page);
    const tally = new PageTally(cdp);
    tally.listen();
    page.on('requestfinished', (request) => tally.finishedElsewhere(request));
    page.on('requestfailed', (request) => tally.finishedElsewhere(request));
    await cdp.send('Network.enable');
    return tally;
  }

  /**
   * A dedicated worker's script is announced to the page's session, but Chromium reports the end
   * of its loading to the worker's own target, so the page's session never sees it finish.
   * Playwright does: a request still pending here a moment after Playwright saw it end is counted
   * from Playwright's sizes (none if a service worker or the cache answered it).
   */
  private finishedElsewhere(request: Request): void {
    const failed = request.failure() !== null;
    setTimeout(async () => {
      const entry = [...this.pending].find(([, pending]) => pending.url === request.url());
      if (!entry) return;
      const [id, pending] = entry;
      this.pending.delete(id);
      this.lastActivity = Date.now();
      if (failed) return;
      const response = await request.response();
      const sizes = await request.sizes();
      const source: Source = response?.fromServiceWorker() ? 'service worker' : pending.source;
      this.transfers.push({
        ...pending,
        source,
        bytes: source === 'network' ? sizes.responseHeadersSize + sizes.responseBodySize : 0,
        headerBytes: source === 'network' ? sizes.responseHeadersSize : 0,
      });
    }, 250);
  }

  private listen(): void {
    const { cdp, pending } = this;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!/^https?:/.test(e.request.url)) return;
      this.lastActivity = Date.now();
      pending.set(e.requestId, {
        url: e.request.url,
        kind: CDP_KINDS[e.type ?? ''] ?? 'other',
        source: 'network',
      });
    });
    cdp.on('Network.requestServedFromCache', (e) => {
      const request = pending.get(e.requestId);
      if (request) request.source = 'cache';
    });
    cdp.on('Network.responseReceived', (e) => {
      const request = pending.get(e.requestId);
      if (!request) return;
      if (e.response.fromServiceWorker) request.source = 'service worker';
      else if (e.response.fromDiskCache || e.response.fromPrefetchCache) request.source = 'cache';
    });
    // The raw header lines, to tell a response's body from its headers (HTTP/1.1 sends them whole).
    cdp.on('Network.responseReceivedExtraInfo', (e) => {
      if (e.headersText) this.headerBytes.set(e.requestId, e.headersText.length);
    });
    cdp.on('Network.loadingFinished', (e) => {
      const request = pending.get(e.requestId);
      if (!request) return;
      pending.delete(e.requestId);
      this.lastActivity = Date.now();
      const network = request.source === 'network';
      this.transfers.push({
        ...request,
        bytes: network ? e.encodedDataLength : 0,
        headerBytes: network ? Math.min(this.headerBytes.get(e.requestId) ?? 0, e.encodedDataLength) : 0,
      });
      this.headerBytes.delete(e.requestId);
    });
    cdp.on('Network.loadingFailed', (e) => {
      pending.delete(e.requestId);
      this.lastActivity = Date.now();
    });
    cdp.on('Network.webSocketHandshakeResponseReceived', (e) => {
      const headers = e.response.headers as Record<string, string>;
      const extensions = Object.entries(headers).find(([name]) => /^sec-websocket-extensions$/i.test(name));
      if (extensions?.[1].includes('permessage-deflate')) this.socket.deflate = true;
    });
    cdp.on('Network.webSocketFrameReceived', (e) => {
      const { opcode, payloadData } = e.response;
      const payload = payloadBytes(opcode, payloadData);
      const wire = payload + frameHeaderBytes(payload);
      this.socket.frames++;
      this.socket.payload += payload;
      this.socket.wire += wire;
      const type = (this.socket.byType[messageType(opcode, payloadData)] ??= { frames: 0, bytes: 0 });
      type.frames++;
      type.bytes += wire;
    });
  }

  /** Forgets what was counted so far (requests still in flight are counted when they finish). */
  reset(): void {
    this.transfers = [];
    this.socket = noFrames(this.socket.deflate);
  }

  /** Waits until no request has started or ended for `quietMs` and none is in flight. */
  async settle(quietMs = 500, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.pending.size > 0 || Date.now() - this.lastActivity < quietMs) {
      if (Date.now() > deadline)
        throw new Error(
          `the network did not settle: ${[...this.pending.values()].map((p) => p.url).join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  collected(): { transfers: Transfer[]; socket: SocketTally } {
    return { transfers: [...this.transfers], socket: structuredClone(this.socket) };
  }

  /** 1.6 Mbps down, 750 kbps up, 150 ms round trip and a 4× slower CPU: a mid-range phone. */
  async throttleLikeAPhone(): Promise<void> {
    await this.cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1_600_000 / 8,
      uploadThroughput: 750_000 / 8,
    });
    await this.cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
}

/**
 * The requests a context's service worker makes itself (Playwright reports them with
 * `request.serviceWorker()`): the precache it fills after the first visit, and whatever it
 * fetches from the network on a page's behalf.
 */
export class ServiceWorkerTally {
  private transfers: Transfer[] = [];
  private readonly inFlight = new Set<Request>();
  private readonly sizing = new Set<Promise<void>>();
  private lastActivity = Date.now();

  constructor(context: BrowserContext) {
    context.on('request', (request) => {
      if (!request.serviceWorker()) return;
      this.inFlight.add(request);
      this.lastActivity = Date.now();
    });
    context.on('requestfinished', (request) => {
      if (!request.serviceWorker()) return;
      const sized = this.record(request).finally(() => this.sizing.delete(sized));
      this.sizing.add(sized);
    });
    context.on('requestfailed', (request) => {
      this.inFlight.delete(request);
      this.lastActivity = Date.now();
    });
  }

  private async record(request: Request): Promise<void> {
    const response = await request.response();
    const sizes = await request.sizes();
    const cached = response?.fromServiceWorker() ?? false;
    this.transfers.push({
      url: request.url(),
      kind: kindOfResourceType(request.resourceType()),
      source: cached ? 'cache' : 'network',
      bytes: cached ? 0 : sizes.responseHeadersSize + sizes.responseBodySize,
      headerBytes: cached ? 0 : sizes.responseHeadersSize,
    });
    this.inFlight.delete(request);
    this.lastActivity = Date.now();
  }

  reset(): void {
    this.transfers = [];
  }

  async settle(quietMs = 1000, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.inFlight.size > 0 || this.sizing.size > 0 || Date.now() - this.lastActivity < quietMs) {
      if (Date.now() > deadline) throw new Error('the service worker did not settle');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  collected(): Transfer[] {
    return [...this.transfers];
  }
}

/** Sums transfers (the page's and its service worker's) and /ws frames into one visit's bytes. */
export function sumVisit(transfers: Transfer[], socket: SocketTally): VisitBytes {
  const byKind = Object.fromEntries(
    BYTE_KINDS.map((kind) => [kind, { bytes: 0, network: 0, cache: 0, serviceWorker: 0 }]),
  ) as Record<ByteKind, KindTotal>;
  for (const t of transfers) {
    const total = byKind[t.kind];
    total.bytes += t.bytes;
    if (t.source === 'network') total.network++;
    else if (t.source === 'cache') total.cache++;
    else total.serviceWorker++;
  }
  byKind.websocket.bytes += socket.wire;
  byKind.websocket.network += socket.frames;
  const http = transfers.reduce((sum, t) => sum + t.bytes, 0);
  const assetKinds: readonly ByteKind[] = ['document', 'script', 'stylesheet', 'font', 'image'];
  const assets = assetKinds.reduce((sum, kind) => sum + byKind[kind].bytes, 0);
  const assetHeaders = transfers
    .filter((t) => assetKinds.includes(t.kind))
    .reduce((sum, t) => sum + (t.headerBytes ?? 0), 0);
  return { byKind, total: http + socket.wire, assets, assetBodies: assets - assetHeaders, transfers, socket };
}

/** Whether the page has a service worker registered; if so, waits until it is active. */
export async function serviceWorkerActive(page: Page, timeoutMs = 60_000): Promise<boolean> {
  return page.evaluate(async (timeout) => {
    if (!('serviceWorker' in navigator)) return false;
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return false;
    await Promise.race([
      navigator.serviceWorker.ready,
      new Promise((_, reject) => setTimeout(() => reject(new Error('service worker never ready')), timeout)),
    ]);
    return true;
  }, timeoutMs);
}

/** Registers a player through the API and returns its session token. */
export async function registerPlayer(request: APIRequestContext, username: string): Promise<string> {
  const res = await request.post('/api/auth/register', {
    data: { username, password: 'correct horse battery' },
  });
  if (res.status() !== 201) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Signs every page of the context in: the token goes where the web app keeps it
 * (renderer/src/lib/storage.ts, `STORAGE_KEYS.token`) before any of its scripts run.
 */
export async function signInContext(context: BrowserContext, token: string): Promise<void> {
  await context.addInitScript((value) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', value);
  }, token);
}

/**
 * On /games (loaded, signed in), starts practice against one easy bot and plays it to the
 * game-over dialog (`onTable` runs once the hand is shown, before the first card is played).
 * Returns the /ws frames the page received from the click to the dialog.
 */
export async function playPracticeGame(
  page: Page,
  tally: PageTally,
  { timeoutMs = 300_000, onTable }: { timeoutMs?: number; onTable?: () => Promise<void> } = {},
): Promise<SocketTally> {
  const start = page.getByRole('button', { name: 'easy' });
  await start.waitFor({ state: 'visible', timeout: 60_000 });
  await page.getByRole('radiogroup', { name: 'Practice opponents' }).getByText('1 bot').click();
  tally.reset();
  await start.click();
  await page.waitForURL(/\/game\//, { timeout: 60_000 });
  await hand(page).getByRole('button').first().waitFor({ timeout: 60_000 });
  await onTable?.();
  // One play per turn, as a player makes it: the client sends whatever is clicked, and a second
  // click before the server's answer would cost a refusal and a fresh GAME_STATE, bytes no player
  // pays. So each card is clicked once and the next waits until it has left the hand. The click is
  // dispatched rather than aimed: waiting for a dealt card to stop moving made a game take minutes
  // on a busy machine, and how a card is clicked changes no byte.
  const over = page.getByRole('heading', { name: /^(You won!|You lost)$/ });
  const deadline = Date.now() + timeoutMs;
  while (!(await over.isVisible())) {
    if (Date.now() > deadline) throw new Error('the practice game did not end');
    const card = hand(page).locator('button:not([disabled])').first();
    const label = await card.getAttribute('aria-label', { timeout: 200 }).catch(() => null);
    if (!label) {
      await page.waitForTimeout(60);
      continue;
    }
    await card.dispatchEvent('click');
    await hand(page)
      .getByRole('button', { name: label, exact: true })
      .waitFor({ state: 'detached', timeout: 30_000 })
      .catch(() => undefined);
  }
  return tally.collected().socket;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The visit's bytes as a table, one line per kind. */
export function formatVisit(visit: VisitBytes): string {
  const lines = ['  kind          over network   responses: network / cache / service worker'];
  for (const kind of BYTE_KINDS) {
    const t = visit.byKind[kind];
    if (t.network + t.cache + t.serviceWorker === 0) continue;
    const counts =
      kind === 'websocket' ? `${t.network} frames` : `${t.network} / ${t.cache} / ${t.serviceWorker}`;
    lines.push(`  ${kind.padEnd(12)}  ${kb(t.bytes).padStart(12)}   ${counts}`);
  }
  lines.push(`  ${'total'.padEnd(12)}  ${kb(visit.total).padStart(12)}`);
  return lines.join('\n');
}

/** The /ws frames received, by message type, largest first. */
export function formatSocket(socket: SocketTally): string {
  const lines = [
    `  /ws received: ${kb(socket.wire)} in ${socket.frames} frames (${kb(socket.payload)} of payload)`,
  ];
  const types = Object.entries(socket.byType).sort(([, a], [, b]) => b.bytes - a.bytes);
  for (const [type, { frames, bytes }] of types)
    lines.push(`    ${type.padEnd(24)} ${kb(bytes).padStart(9)} in ${frames} frames`);
  if (socket.deflate) lines.push('  (permessage-deflate on: payloads are counted inflated, an upper bound)');
  return lines.join('\n');
}

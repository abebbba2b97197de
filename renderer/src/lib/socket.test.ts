import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient, reconnectDelay } from './socket';
import { PROTOCOL_VERSION } from '@shared/protocol/version';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  sent: unknown[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
  open() {
    this.onopen?.();
  }
  receive(message: object) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  fail() {
    this.closed = true;
    this.onerror?.();
    this.onclose?.();
  }
}

const latest = () => FakeSocket.instances.at(-1)!;

function client(onFatal = vi.fn(), onAuthRejected = vi.fn(), networkOnline = () => true) {
  return new SocketClient({
    url: () => 'ws://test/ws',
    token: () => 'session-token',
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    random: () => 0.5,
    networkOnline,
    onFatal,
    onAuthRejected,
  });
}

/** Lets every reconnect attempt fail until the client stops trying. */
function exhaust(c: SocketClient) {
  for (let i = 0; i < 25 && c.status.reconnect !== 'exhausted'; i++) {
    if (!latest().closed) latest().fail();
    vi.advanceTimersByTime(40_000);
  }
  expect(c.status.reconnect).toBe('exhausted');
}

describe('socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  it('waits 1 s doubling to at most 30 s, plus up to 2 s of jitter', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 0))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(0, () => 0.999)).toBe(2998);
  });

  it('signs in on open, becomes authenticated, and sends queued messages only then', () => {
    const c = client();
    c.send({ type: 'JOIN_QUICK_QUEUE' });
    c.connect();
    expect(c.status.connection).toBe('connecting');
    latest().open();
    expect(c.status).toMatchObject({ connection: 'connected', auth: 'pending' });
    expect(latest().sent).toEqual([
      { type: 'MESSAGING_AUTH', token: 'session-token', protocol: PROTOCOL_VERSION },
    ]);
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    expect(c.status.auth).toBe('authenticated');
    expect(latest().sent.at(-1)).toEqual({ type: 'JOIN_QUICK_QUEUE', token: 'session-token' });
  });

  it('the presence and queue messages repeat the session the connection signed in with, no others', () => {
    let token = 'first-session';
    const c = new SocketClient({
      url: () => 'ws://test/ws',
      token: () => token,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    c.connect();
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    // Storage changing under an open socket does not change what the server was told.
    token = 'second-session';
    c.send({ type: 'JOIN_RANKED_QUEUE' });
    c.send({ type: 'JOIN_QUICK_QUEUE' });
    c.send({ type: 'LEAVE_QUEUE' });
    c.send({ type: 'CHECK_QUEUE_STATUS' });
    c.send({ type: 'GET_ONLINE_STATUS', userIds: [3] });
    c.send({ type: 'ACCEPT_MATCH', token: 'm_1', userId: 7 });
    c.send({ type: 'GAME_PLAY', gameId: 'g1', card: '7_hearts', seq: 2 });
    expect(latest().sent.slice(1)).toEqual([
      { type: 'JOIN_RANKED_QUEUE', token: 'first-session' },
      { type: 'JOIN_QUICK_QUEUE', token: 'first-session' },
      { type: 'LEAVE_QUEUE', token: 'first-session' },
      { type: 'CHECK_QUEUE_STATUS', token: 'first-session' },
      { type: 'GET_ONLINE_STATUS', userIds: [3], token: 'first-session' },
      { type: 'ACCEPT_MATCH', token: 'm_1', userId: 7 },
      { type: 'GAME_PLAY', gameId: 'g1', card: '7_hearts', seq: 2 },
    ]);
    // A new connection signs in with the stored token and repeats that one.
    latest().close();
    vi.advanceTimersByTime(3_000);
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    c.send({ type: 'LEAVE_QUEUE' });
    expect(latest().sent).toEqual([
      { type: 'MESSAGING_AUTH', token: 'second-session', protocol: PROTOCOL_VERSION },
      { type: 'LEAVE_QUEUE', token: 'second-session' },
    ]);
  });

  it('signs in again on ERROR AUTH_REQUIRED, pings every 50 s, and reports quality', () => {
    const c = client();
    c.connect();
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    latest().receive({ type: 'ERROR', code: 'AUTH_REQUIRED' });
    expect(latest().sent.filter((m) => (m as { type: string }).type === 'MESSAGING_AUTH')).toHaveLength(2);
    vi.advanceTimersByTime(50_000);
    expect(latest().sent.at(-1)).toEqual({ type: 'PING' });
    latest().receive({ type: 'CONNECTION_QUALITY', quality: 'fair', latency: 210 });
    expect(c.status).toMatchObject({ quality: 'fair', latency: 210 });
  });

  it('does not retry a refused sign-in: a revoked session is handed to the app once', () => {
    const onAuthRejected = vi.fn();
    const c = client(vi.fn(), onAuthRejected);
    c.connect();
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    // The server signs the socket out (logout elsewhere): one new sign-in…
    latest().receive({ type: 'ERROR', code: 'AUTH_REQUIRED', message: 'Session revoked' });
    const signIns = () => latest().sent.filter((m) => (m as { type: string }).type === 'MESSAGING_AUTH');
    expect(signIns()).toHaveLength(2);
    // …which the server refuses: no third attempt, and the app is told.
    latest().receive({
      type: 'ERROR',
      code: 'AUTH_REQUIRED',
      message: 'Invalid token',
      ref: 'MESSAGING_AUTH',
    });
    expect(signIns()).toHaveLength(2);
    expect(onAuthRejected).toHaveBeenCalledTimes(1);
    expect(c.status.auth).toBe('none');
  });

  it('hands a sign-out in another tab (no stored token any more) to the app', () => {
    const onAuthRejected = vi.fn();
    let token: string | null = 'session-token';
    const c = new SocketClient({
      url: () => 'ws://test/ws',
      token: () => token,
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
      random: () => 0.5,
      onAuthRejected,
    });
    c.connect();
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    token = null;
    latest().receive({ type: 'ERROR', code: 'AUTH_REQUIRED', message: 'Session revoked' });
    expect(latest().sent.filter((m) => (m as { type: string }).type === 'MESSAGING_AUTH')).toHaveLength(1);
    expect(onAuthRejected).toHaveBeenCalledTimes(1);
    expect(c.status.auth).toBe('none');
  });

  it('reconnects on the schedule, resets it after a successful open, and stops after 20 tries', () => {
    const c = client();
    c.connect();
    latest().fail();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(c.status.reconnect).toBe('retrying');
    vi.advanceTimersByTime(1999); // 1000 + 0.5 × 2000 jitter
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    latest().fail();
    vi.advanceTimersByTime(2999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);
    latest().open(); // success resets the schedule
    expect(c.status.reconnect).toBe('none');
    latest().close();
    vi.advanceTimersByTime(2000);
    expect(FakeSocket.instances).toHaveLength(4);
    for (let i = 0; i < 20; i++) {
      latest().fail();
      vi.advanceTimersByTime(40_000);
    }
    // Sockets 4 to 23: the 20 reconnect attempts allowed since the last successful open.
    expect(FakeSocket.instances).toHaveLength(23);
    expect(c.status).toMatchObject({ connection: 'offline', reconnect: 'exhausted' });
    // No timer runs any more: an hour later nothing has been tried.
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(3_600_000);
    expect(FakeSocket.instances).toHaveLength(23);
  });

  it('after the 20 attempts, a wake-up tries at once with a fresh count of 20', () => {
    const c = client();
    c.connect();
    exhaust(c);
    const before = FakeSocket.instances.length;
    c.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(before + 1);
    expect(c.status).toMatchObject({ connection: 'connecting', reconnect: 'retrying' });
    // The count starts over: 20 more attempts follow this one before it stops again.
    for (let i = 0; i < 21; i++) {
      latest().fail();
      vi.advanceTimersByTime(40_000);
    }
    expect(FakeSocket.instances).toHaveLength(before + 21);
    expect(c.status.reconnect).toBe('exhausted');
    // And once it opens, the connection is simply back.
    c.reconnectNow();
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    expect(c.status).toMatchObject({ connection: 'connected', auth: 'authenticated', reconnect: 'none' });
  });

  it('a wake-up does not wait out a scheduled 30 s backoff, and leaves an open or opening socket alone', () => {
    const c = client();
    c.connect();
    for (let i = 0; i < 8; i++) {
      latest().fail();
      vi.advanceTimersByTime(40_000);
    }
    latest().fail(); // the next attempt is now 30 s (+ jitter) away
    const before = FakeSocket.instances.length;
    vi.advanceTimersByTime(5_000);
    expect(FakeSocket.instances).toHaveLength(before);
    c.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(before + 1);
    // The scheduled attempt was replaced, not added to: only the new socket's 15 s to open runs.
    expect(vi.getTimerCount()).toBe(1);
    c.reconnectNow(); // still opening: no second socket
    latest().open();
    c.reconnectNow(); // open: nothing to do
    expect(FakeSocket.instances).toHaveLength(before + 1);
    // Signed out: a wake-up brings nothing back.
    c.disconnect();
    c.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(before + 1);
  });

  it('burns no attempts while the device is offline, and tries at once when the network returns', () => {
    let online = true;
    const c = client(vi.fn(), vi.fn(), () => online);
    c.connect();
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    // The network goes: the socket is closed at once rather than left to die, and nothing is tried.
    online = false;
    c.networkChanged(false);
    expect(latest().closed).toBe(true);
    expect(c.status).toMatchObject({ connection: 'offline', auth: 'none', reconnect: 'paused' });
    vi.advanceTimersByTime(3_600_000);
    expect(FakeSocket.instances).toHaveLength(1);
    // A wake-up without a network (the page shown again) makes no socket either.
    c.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(1);
    expect(c.status.reconnect).toBe('paused');
    online = true;
    c.networkChanged(true);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(c.status).toMatchObject({ connection: 'connecting', reconnect: 'retrying' });
    // The hour offline used none of the 20 attempts.
    for (let i = 0; i < 21; i++) {
      latest().fail();
      vi.advanceTimersByTime(40_000);
    }
    expect(FakeSocket.instances).toHaveLength(22);
    expect(c.status.reconnect).toBe('exhausted');
  });

  it('the network going while a reconnect is scheduled stops the schedule until it returns', () => {
    let online = true;
    const c = client(vi.fn(), vi.fn(), () => online);
    c.connect();
    latest().fail();
    online = false;
    c.networkChanged(false);
    expect(c.status.reconnect).toBe('paused');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    // A socket that closes while the device is offline is not counted or rescheduled either.
    online = true;
    c.networkChanged(true);
    online = false;
    latest().fail();
    expect(c.status.reconnect).toBe('paused');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('holds a card played while the socket is down and sends it, with its seq, once signed in again', () => {
    const c = client();
    c.connect();
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    latest().fail();
    const play = { type: 'GAME_PLAY', gameId: 'g1', card: '7_hearts', seq: 14 } as const;
    expect(c.send(play)).toBe(false);
    expect(c.holds(play)).toBe(true);
    exhaust(c);
    c.reconnectNow();
    latest().open();
    // Not before the sign-in is accepted: the server would refuse it.
    expect(latest().sent).toEqual([
      { type: 'MESSAGING_AUTH', token: 'session-token', protocol: PROTOCOL_VERSION },
    ]);
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    expect(latest().sent.at(-1)).toEqual(play);
    // Sent once, then no more held.
    expect(c.holds(play)).toBe(false);
    expect(c.unsend(play)).toBe(false);
    expect(c.send(play)).toBe(true);
  });

  it('a held message taken back is never sent', () => {
    const c = client();
    const play = { type: 'GAME_PLAY', gameId: 'g1', card: '7_hearts', seq: 3 } as const;
    const leave = { type: 'GAME_LEAVE', gameId: 'g1' } as const;
    expect(c.send(play)).toBe(false);
    expect(c.send(leave)).toBe(false);
    expect(c.unsend(play)).toBe(true);
    expect(c.unsend(play)).toBe(false);
    c.connect();
    latest().open();
    latest().receive({ type: 'MESSAGING_AUTH_SUCCESS', userId: 7 });
    expect(latest().sent.slice(1)).toEqual([leave]);
  });

  it('gives a connection 15 s to open', () => {
    const c = client();
    c.connect();
    vi.advanceTimersByTime(14_999);
    expect(latest().closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(latest().closed).toBe(true);
    expect(c.status.connection).toBe('offline');
  });

  it('does not reconnect after disconnect(), and reports a browser without WebSocket', () => {
    const c = client();
    c.connect();
    latest().open();
    c.disconnect();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    const onFatal = vi.fn();
    const none = new SocketClient({
      url: () => 'ws://x',
      token: () => null,
      WebSocketImpl: undefined,
      onFatal,
    });
    const saved = globalThis.WebSocket;
    // @ts-expect-error simulating a browser without WebSocket
    delete globalThis.WebSocket;
    none.connect();
    globalThis.WebSocket = saved;
    expect(onFatal).toHaveBeenCalledWith('unsupported');
  });
});

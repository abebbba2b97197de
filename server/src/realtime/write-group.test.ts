import { describe, expect, it } from 'vitest';
import { Connection, OPEN, type Peer } from './connection';
import { WriteGroup } from './write-group';

/** A socket that records what was written to it, in one log shared by every fake socket. */
function fakePeer(
  name: string,
  log: string[],
  options: { throws?: boolean; onSend?: (text: string) => void } = {},
) {
  const peer: Peer & { readyState: number } = {
    readyState: OPEN,
    send(text) {
      if (options.throws) throw new Error(`${name} broke`);
      log.push(`${name}:${text}`);
      options.onSend?.(text);
    },
    close() {
      log.push(`${name}:close`);
      peer.readyState = 3;
    },
    terminate() {},
    ping() {},
  };
  return peer;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const rate = { perSecond: 100, clock: () => 0, stalledMs: () => 0 };

describe('WriteGroup', () => {
  it('sends the first frame of a turn at once and the rest back to back when the turn ends', async () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const group = new WriteGroup((error) => errors.push(error));
    const a = fakePeer('a', log);
    const b = fakePeer('b', log);
    group.send(a, '1');
    expect(log).toEqual(['a:1']);
    group.send(b, '2');
    // Promise continuations of the same turn still queue: the turn is not over.
    await Promise.resolve();
    group.send(a, '3');
    expect(log).toEqual(['a:1']);
    await nextTurn();
    expect(log).toEqual(['a:1', 'b:2', 'a:3']);
    // A new turn: its first frame goes out at once again.
    group.send(b, '4');
    expect(log).toEqual(['a:1', 'b:2', 'a:3', 'b:4']);
    await nextTurn();
    expect(errors).toEqual([]);
  });

  it('keeps the order of one socket’s frames across the direct and the queued ones', async () => {
    const log: string[] = [];
    const group = new WriteGroup(() => {});
    const a = fakePeer('a', log);
    for (let i = 0; i < 5; i++) group.send(a, String(i));
    await nextTurn();
    expect(log).toEqual(['a:0', 'a:1', 'a:2', 'a:3', 'a:4']);
  });

  it('skips a socket that closed before the turn ended, and a throwing socket loses only its frame', async () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const group = new WriteGroup((error) => errors.push(error));
    const a = fakePeer('a', log);
    const gone = fakePeer('gone', log);
    const broken = fakePeer('broken', log, { throws: true });
    group.send(a, '1');
    group.send(gone, '2');
    group.send(broken, '3');
    group.send(a, '4');
    gone.readyState = 3;
    await nextTurn();
    expect(log).toEqual(['a:1', 'a:4']);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('broken broke');
  });

  it('a frame sent while the queue is being written goes out once, in the same turn', async () => {
    const log: string[] = [];
    const errors: unknown[] = [];
    const group = new WriteGroup((error) => errors.push(error));
    const a = fakePeer('a', log);
    const b = fakePeer('b', log);
    // A socket whose write makes the server send another frame (as an error handler might).
    const echo = fakePeer('echo', log, { onSend: (text) => group.send(b, `after ${text}`) });
    group.send(a, '1');
    group.send(echo, '2');
    group.send(a, '3');
    await nextTurn();
    expect(log).toEqual(['a:1', 'echo:2', 'a:3', 'b:after 2']);
    expect(errors).toEqual([]);
  });

  it('a connection closed in the turn sends its queued frames (an ERROR saying why) before closing', async () => {
    const log: string[] = [];
    const group = new WriteGroup(() => {});
    const other = fakePeer('other', log);
    const peer = fakePeer('a', log);
    const conn = new Connection(peer, '127.0.0.1', rate, group);
    group.send(other, 'first');
    conn.error('RATE_LIMITED', 'Too many messages');
    expect(log).toEqual(['other:first']);
    conn.close(1008, 'abuse');
    expect(log).toHaveLength(3);
    expect(log[1]).toMatch(/^a:\{"type":"ERROR","code":"RATE_LIMITED"/);
    expect(log[2]).toBe('a:close');
    await nextTurn();
    expect(log).toHaveLength(3);
  });

  it('a connection without a group (replies to another node) sends each frame at once', () => {
    const log: string[] = [];
    const peer = fakePeer('a', log);
    const conn = new Connection(peer, 'forwarded', rate);
    conn.send({ type: 'ERROR', code: 'INVALID_MESSAGE', message: 'one' });
    conn.send({ type: 'ERROR', code: 'INVALID_MESSAGE', message: 'two' });
    expect(log).toHaveLength(2);
  });
});

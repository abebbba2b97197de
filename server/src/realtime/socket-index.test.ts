import { describe, expect, it } from 'vitest';
import { SocketIndex } from './socket-index';

describe('SocketIndex', () => {
  it('holds one socket per key as itself and several as a set, and says when a key comes and goes', () => {
    const index = new SocketIndex<number, string>();
    expect(index.add(1, 'a')).toBe(true);
    expect(index.add(1, 'a')).toBe(false);
    expect(index.count(1)).toBe(1);
    expect(index.add(1, 'b')).toBe(false);
    expect(index.add(1, 'c')).toBe(false);
    expect(index.get(1).sort()).toEqual(['a', 'b', 'c']);
    expect(index.count(1)).toBe(3);
    expect(index.delete(1, 'b')).toBe(false);
    expect(index.delete(1, 'a')).toBe(false);
    expect(index.get(1)).toEqual(['c']);
    expect(index.delete(1, 'x')).toBe(false);
    expect(index.has(1)).toBe(true);
    expect(index.delete(1, 'c')).toBe(true);
    expect(index.has(1)).toBe(false);
    expect(index.get(1)).toEqual([]);
    expect(index.count(1)).toBe(0);
  });

  it('lets a caller remove sockets while it goes through them', () => {
    const index = new SocketIndex<number, string>();
    for (const socket of ['a', 'b', 'c']) index.add(7, socket);
    const seen: string[] = [];
    index.each(7, (socket) => {
      seen.push(socket);
      index.delete(7, socket);
    });
    expect(seen.sort()).toEqual(['a', 'b', 'c']);
    expect(index.has(7)).toBe(false);
    for (const socket of index.get(7)) index.delete(7, socket);
  });
});

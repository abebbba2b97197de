import { describe, expect, it } from 'vitest';
import { LocalBus } from './bus';
import { NodeRpc, NodeUnreachableError, RemoteError } from './node-rpc';

describe('NodeRpc', () => {
  it('answers a request from the node asked, to the node asking', async () => {
    const bus = new LocalBus();
    const a = new NodeRpc(bus, 'a', 200);
    const b = new NodeRpc(bus, 'b', 200);
    const c = new NodeRpc(bus, 'c', 200);
    b.serve(async (body) => ({ echoed: body, by: 'b' }));
    c.serve(async () => ({ by: 'c' }));
    expect(await a.request('b', { n: 1 })).toEqual({ echoed: { n: 1 }, by: 'b' });
    expect(await a.request('c', null)).toEqual({ by: 'c' });
    for (const rpc of [a, b, c]) rpc.stop();
  });

  it('a failing handler rejects the caller; a silent node times out', async () => {
    const bus = new LocalBus();
    const a = new NodeRpc(bus, 'a', 100);
    const b = new NodeRpc(bus, 'b', 100);
    b.serve(async () => {
      throw new Error('no such room');
    });
    await expect(a.request('b', {})).rejects.toEqual(new RemoteError('no such room'));
    const started = Date.now();
    await expect(a.request('dead', {})).rejects.toEqual(new NodeUnreachableError('dead'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    a.stop();
    b.stop();
  });
});

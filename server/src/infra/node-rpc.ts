import { randomBytes } from 'node:crypto';
import type { Bus } from './bus';

/** The node asked did not answer in time: it died, or is too busy to count on. */
export class NodeUnreachableError extends Error {
  constructor(readonly node: string) {
    super(`Node ${node} did not answer`);
  }
}

/** The node asked answered with a failure (its handler threw). */
export class RemoteError extends Error {}

type Envelope =
  | { t: 'req'; id: string; from: string; body: unknown }
  | { t: 'res'; id: string; ok: true; result: unknown }
  | { t: 'res'; id: string; ok: false; error: string };

function channelOf(nodeId: string): string {
  return `rpc:${nodeId}`;
}

/**
 * Request and response between two nodes over the bus (see docs/scale-out.md, "Forwarding"):
 * a request goes to the target node's channel with this node's id and a request id, and the
 * answer comes back on this node's channel. Requests that get no answer within the timeout fail
 * with NodeUnreachableError, so a dead node costs a caller one timeout, never a hang.
 */
export class NodeRpc {
  private readonly pending = new Map<
    string,
    { resolve(value: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout }
  >();
  private handler: ((body: unknown) => Promise<unknown>) | undefined;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly bus: Bus,
    readonly nodeId: string,
    private readonly timeoutMs: number,
  ) {
    this.unsubscribe = bus.subscribe(channelOf(nodeId), (message) => this.heard(message as Envelope));
  }

  /** What this node does with requests from others. */
  serve(handler: (body: unknown) => Promise<unknown>): void {
    this.handler = handler;
  }

  request(node: string, body: unknown): Promise<unknown> {
    const id = randomBytes(8).toString('base64url');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new NodeUnreachableError(node));
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
      this.bus.publish(channelOf(node), { t: 'req', id, from: this.nodeId, body } satisfies Envelope);
    });
  }

  stop(): void {
    this.unsubscribe();
    for (const [id, call] of this.pending) {
      clearTimeout(call.timer);
      call.reject(new NodeUnreachableError(this.nodeId));
      this.pending.delete(id);
    }
  }

  private heard(envelope: Envelope): void {
    if (envelope.t === 'res') {
      const call = this.pending.get(envelope.id);
      if (!call) return; // Answered after its timeout: the caller has moved on.
      this.pending.delete(envelope.id);
      clearTimeout(call.timer);
      if (envelope.ok) call.resolve(envelope.result);
      else call.reject(new RemoteError(envelope.error));
      return;
    }
    const handler = this.handler;
    if (!handler) return; // Not serving: the caller times out, as with a dead node.
    const reply = (answer: Envelope) => this.bus.publish(channelOf(envelope.from), answer);
    handler(envelope.body).then(
      (result) => reply({ t: 'res', id: envelope.id, ok: true, result }),
      (error: unknown) =>
        reply({
          t: 'res',
          id: envelope.id,
          ok: false,
          error: error instanceof Error ? error.message : 'failed',
        }),
    );
  }
}

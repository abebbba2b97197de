import type { FastifyBaseLogger } from 'fastify';
import type { Bus, BusHandler } from '../bus';
import { PreparedFrame } from '../frame';
import type { RedisConnections } from './connection';

/** A node's own channel, for messages meant for whatever runs on that node (see docs/scale-out.md). */
export function nodeChannel(nodeId: string): string {
  return `node:${nodeId}`;
}

interface Envelope {
  /** The node that published: it delivered locally already and skips its own echo. */
  o: string;
  m: unknown;
}

/**
 * The bus across nodes: a channel is a Redis pub/sub channel under the key prefix. Publishing
 * delivers to this node's handlers at once and to every other node through Redis; a node ignores
 * the copy of its own messages that Redis sends back. Subscriptions are re-made whenever the
 * subscriber connection becomes ready again, so a Redis restart loses none of them.
 */
export class RedisBus implements Bus {
  private readonly handlers = new Map<string, Set<BusHandler>>();
  /** An envelope's JSON up to its message: `{"o":<this node>,"m":`. */
  private readonly envelopeHead: string;

  constructor(
    private readonly redis: RedisConnections,
    private readonly nodeId: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.envelopeHead = `{"o":${JSON.stringify(nodeId)},"m":`;
    redis.subscriber.on('message', (channel: string, raw: string) => this.heard(channel, raw));
    redis.subscriber.on('ready', () => {
      const channels = [...this.handlers.keys()].map((c) => this.wire(c));
      if (channels.length > 0) this.send('subscribe', channels);
    });
  }

  publish(channel: string, message: unknown): void {
    this.deliver(channel, message);
    // A frame a room already encoded goes out as its text, spliced into the envelope, instead of
    // being rebuilt as an object and encoded again.
    const envelope =
      message instanceof PreparedFrame
        ? `${this.envelopeHead}${message.text}}`
        : JSON.stringify({ o: this.nodeId, m: message } satisfies Envelope);
    this.redis.command.publish(this.wire(channel), envelope).catch((error: unknown) => {
      this.log.warn({ err: error, channel }, 'bus: publishing to other nodes failed');
    });
  }

  subscribe(channel: string, handler: BusHandler): () => void {
    let set = this.handlers.get(channel);
    if (!set) {
      this.handlers.set(channel, (set = new Set()));
      this.send('subscribe', [this.wire(channel)]);
    }
    set.add(handler);
    return () => this.unsubscribe(channel, handler);
  }

  unsubscribe(channel: string, handler: BusHandler): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    set.delete(handler);
    if (set.size > 0) return;
    this.handlers.delete(channel);
    this.send('unsubscribe', [this.wire(channel)]);
  }

  /** Channels this node listens to (tests). */
  get channels(): string[] {
    return [...this.handlers.keys()];
  }

  private wire(channel: string): string {
    return `${this.redis.prefix}bus:${channel}`;
  }

  private send(command: 'subscribe' | 'unsubscribe', channels: string[]): void {
    // While Redis is down this fails; the 'ready' handler subscribes everything again.
    if (this.redis.subscriber.status !== 'ready') return;
    this.redis.subscriber[command](...channels).catch((error: unknown) => {
      this.log.warn({ err: error, channels }, `bus: ${command} failed`);
    });
  }

  private heard(wire: string, raw: string): void {
    const base = `${this.redis.prefix}bus:`;
    if (!wire.startsWith(base)) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      this.log.warn({ channel: wire }, 'bus: dropped a message that is not JSON');
      return;
    }
    if (envelope.o === this.nodeId) return;
    this.deliver(wire.slice(base.length), envelope.m);
  }

  private deliver(channel: string, message: unknown): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    for (const handler of [...set]) {
      try {
        handler(message, channel);
      } catch (error) {
        this.log.error({ err: error, channel }, 'bus: a handler failed');
      }
    }
  }
}

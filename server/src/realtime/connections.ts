import type { Bus } from '../infra/bus';
import type { Outgoing } from '../infra/frame';
import type { Connection } from './connection';
import { SocketIndex } from './socket-index';

const USER_CHANNEL_PREFIX = 'user:';

/** The bus channel of one user's sockets: whatever is published there reaches each of them, on any node. */
export function userChannel(userId: number): string {
  return `${USER_CHANNEL_PREFIX}${userId}`;
}

/** The user a `userChannel` belongs to. */
function userOfChannel(channel: string): number {
  return Number(channel.slice(USER_CHANNEL_PREFIX.length));
}

/**
 * Who is connected to this node, and the way a message reaches a user: the signed-in sockets by
 * user and by session, and `send`, which publishes to the user's channel so that each of their
 * sockets gets it, here or on another node. The composition root creates it first and hands it
 * to the gateway, which binds and unbinds sockets, and to the rooms and matchmaking, which send
 * through it and ask whether a player is here (docs/design.md, "Architecture").
 */
export class ConnectionRegistry {
  readonly byUser = new SocketIndex<number, Connection>();
  readonly bySession = new SocketIndex<number, Connection>();

  /** Sockets following a topic (a tournament's standings, `TOURNAMENT_WATCH`), by its bus channel. */
  private readonly watchers = new SocketIndex<string, Connection>();
  private readonly watching = new WeakMap<Connection, Set<string>>();

  constructor(private readonly bus: Bus) {}

  /** Sends `message` to every socket following `topic`, on any node. */
  readonly publish = (topic: string, message: unknown): void => {
    this.bus.publish(topic, message);
  };

  /** The socket follows `topic`: the first here subscribes this node to its channel. */
  watch(topic: string, conn: Connection): void {
    let topics = this.watching.get(conn);
    if (!topics) this.watching.set(conn, (topics = new Set()));
    if (topics.has(topic)) return;
    topics.add(topic);
    if (this.watchers.add(topic, conn)) this.bus.subscribe(topic, this.deliverTopic);
  }

  unwatch(topic: string, conn: Connection): void {
    const topics = this.watching.get(conn);
    if (!topics?.delete(topic)) return;
    if (this.watchers.delete(topic, conn)) this.bus.unsubscribe(topic, this.deliverTopic);
  }

  /** A socket closed: it follows nothing any more. */
  unwatchAll(conn: Connection): void {
    for (const topic of [...(this.watching.get(conn) ?? [])]) this.unwatch(topic, conn);
  }

  /** Whether the user has a signed-in socket on this node. */
  isConnected(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Sends `message` to every socket of the user, on any node. */
  readonly send = (userId: number, message: unknown): void => {
    this.bus.publish(userChannel(userId), message);
  };

  /** A socket signed in as `userId`: the first of theirs here subscribes to their channel. */
  bindUser(userId: number, conn: Connection): void {
    if (this.byUser.add(userId, conn)) this.bus.subscribe(userChannel(userId), this.deliver);
  }

  /** A socket no longer signed in as `userId`: their last here unsubscribes. */
  unbindUser(userId: number, conn: Connection): void {
    if (this.byUser.delete(userId, conn)) this.bus.unsubscribe(userChannel(userId), this.deliver);
  }

  /**
   * A message on a user's channel goes to each of their sockets here. One handler for every
   * user's channel, which it reads the user from: nothing is kept per user but the subscription
   * (memory per idle connection, `npm run bench:ws`).
   */
  private readonly deliverTopic = (message: unknown, channel: string): void => {
    this.watchers.each(channel, (c) => c.send(message as Outgoing));
  };

  private readonly deliver = (message: unknown, channel: string): void => {
    this.byUser.each(userOfChannel(channel), (c) => c.send(message as Outgoing));
  };
}

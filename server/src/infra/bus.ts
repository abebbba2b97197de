/**
 * Pub/sub between the parts of the server, and later between server nodes (see docs/design.md,
 * "Architecture"): a message for a user is published on `user:<id>` and every node delivers it to
 * the sockets it holds. In-process now; a Redis implementation fits the same interface.
 */
export interface Bus {
  publish(channel: string, message: unknown): void;
  subscribe(channel: string, handler: (message: unknown) => void): () => void;
}

/**
 * Node-wide channel: every node hears of revoked sessions here and closes the sockets bound to
 * them. Messages are `{ sessionId }` (one session) or `{ userId }` (all of a user's sessions).
 */
export const SESSIONS_REVOKED_CHANNEL = 'sessions:revoked';

export class LocalBus implements Bus {
  private readonly handlers = new Map<string, Set<(message: unknown) => void>>();

  publish(channel: string, message: unknown): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    for (const handler of [...set]) handler(message);
  }

  subscribe(channel: string, handler: (message: unknown) => void): () => void {
    let set = this.handlers.get(channel);
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
      if (set.size === 0) this.handlers.delete(channel);
    };
  }
}

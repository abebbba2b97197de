/**
 * Pub/sub between the parts of the server, and later between server nodes (see docs/design.md,
 * "Architecture"): a message for a user is published on `user:<id>` and every node delivers it to
 * the sockets it holds. In-process now; a Redis implementation fits the same interface.
 */
export interface Bus {
  publish(channel: string, message: unknown): void;
  /**
   * Handlers are told the channel too, so one handler can serve many channels (the gateway's,
   * for every user's channel, keeps nothing per user). Returns what `unsubscribe` does.
   */
  subscribe(channel: string, handler: BusHandler): () => void;
  /** Removes one handler of a channel (for callers that keep no closure per subscription). */
  unsubscribe(channel: string, handler: BusHandler): void;
}

export type BusHandler = (message: unknown, channel: string) => void;

/**
 * Node-wide channel: every node hears of revoked sessions here and closes the sockets bound to
 * them. Messages are `{ sessionId }` (one session) or `{ userId }` (all of a user's sessions).
 */
export const SESSIONS_REVOKED_CHANNEL = 'sessions:revoked';

/**
 * A message on SESSIONS_REVOKED_CHANNEL: one session (logout), all of a user's sessions (account
 * takeover, deletion, password reset), or all but the one that changed the password. The auth
 * module publishes it and the gateway hears it, so it lives here, below both.
 */
export type SessionsRevoked = { sessionId: number } | { userId: number; exceptSessionId?: number };

export class LocalBus implements Bus {
  /** A channel's handler, or a Set once it has several (most channels, a user's, have one). */
  private readonly handlers = new Map<string, Handler | Set<Handler>>();

  publish(channel: string, message: unknown): void {
    const entry = this.handlers.get(channel);
    if (entry === undefined) return;
    if (entry instanceof Set) for (const handler of [...entry]) handler(message, channel);
    else entry(message, channel);
  }

  subscribe(channel: string, handler: Handler): () => void {
    const entry = this.handlers.get(channel);
    if (entry === undefined) this.handlers.set(channel, handler);
    else if (entry instanceof Set) entry.add(handler);
    else this.handlers.set(channel, new Set([entry, handler]));
    return () => this.unsubscribe(channel, handler);
  }

  unsubscribe(channel: string, handler: Handler): void {
    const entry = this.handlers.get(channel);
    if (entry === handler) this.handlers.delete(channel);
    else if (entry instanceof Set) {
      entry.delete(handler);
      if (entry.size === 0) this.handlers.delete(channel);
    }
  }
}

type Handler = BusHandler;

/** The bus channel of a tournament's followers (TOURNAMENT_WATCH): its standings are published there. */
export function tournamentTopic(tournamentId: number): string {
  return `tournament:${tournamentId}`;
}

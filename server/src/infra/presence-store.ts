/** A user came online or went offline somewhere other than through this node's connect/disconnect. */
export interface PresenceTransition {
  userId: number;
  online: boolean;
}

/**
 * Who is online, counted by live connections (a user may hold several). In memory for one node;
 * shared by all nodes in Redis (infra/redis/presence.ts, docs/scale-out.md).
 */
export interface PresenceStore {
  /** Returns true when this connection brought the user online. */
  connect(userId: number): Promise<boolean>;
  /** Returns true when this was the user's last connection. */
  disconnect(userId: number): Promise<boolean>;
  isOnline(userId: number): Promise<boolean>;
  onlineAmong(userIds: readonly number[]): Promise<number[]>;
  /**
   * Transitions this node did not cause itself: a dead node's users going offline, or counts
   * written back after Redis was unreachable. Exactly one node hears each. Absent in memory.
   */
  onTransition?(listener: (transition: PresenceTransition) => void): () => void;
}

export class LocalPresenceStore implements PresenceStore {
  private readonly counts = new Map<number, number>();

  async connect(userId: number) {
    const count = (this.counts.get(userId) ?? 0) + 1;
    this.counts.set(userId, count);
    return count === 1;
  }

  async disconnect(userId: number) {
    const count = (this.counts.get(userId) ?? 0) - 1;
    if (count > 0) {
      this.counts.set(userId, count);
      return false;
    }
    this.counts.delete(userId);
    return true;
  }

  async isOnline(userId: number) {
    return this.counts.has(userId);
  }

  async onlineAmong(userIds: readonly number[]) {
    return userIds.filter((id) => this.counts.has(id));
  }
}

/** Who is online, counted by live connections (a user may hold several). Shared across nodes in a Redis version. */
export interface PresenceStore {
  /** Returns true when this connection brought the user online. */
  connect(userId: number): Promise<boolean>;
  /** Returns true when this was the user's last connection. */
  disconnect(userId: number): Promise<boolean>;
  isOnline(userId: number): Promise<boolean>;
  onlineAmong(userIds: readonly number[]): Promise<number[]>;
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

/**
 * Which node owns which live game room. A node claims a room before loading it, so exactly one
 * node is its authority. In-process: this node owns them all.
 */
export interface RoomDirectory {
  claim(gameId: string): Promise<boolean>;
  release(gameId: string): Promise<void>;
}

export class LocalRoomDirectory implements RoomDirectory {
  private readonly owned = new Set<string>();

  async claim(gameId: string) {
    this.owned.add(gameId);
    return true;
  }

  async release(gameId: string) {
    this.owned.delete(gameId);
  }
}

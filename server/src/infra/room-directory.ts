/**
 * Which node owns which live game room (see docs/scale-out.md, "Room directory"). A node claims a
 * room before loading it, so exactly one node is its authority; the claim is a lease the owner
 * renews, so a dead node's rooms fall free and another node adopts them. In-process: this node
 * owns them all.
 */
export interface RoomDirectory {
  /** This node's id, as other nodes see it in the directory. */
  readonly nodeId: string;
  /** Takes the room when it is free, its lease has lapsed, or it is ours already; false otherwise. */
  claim(gameId: string): Promise<boolean>;
  /** Extends the leases of rooms this node owns; returns the ids whose lease it no longer holds. */
  renew(gameIds: readonly string[]): Promise<string[]>;
  /** Gives the room up (only if this node holds it), so the next node that needs it adopts at once. */
  release(gameId: string): Promise<void>;
  /** The node holding a live lease on the room, or null when nobody does. */
  ownerOf(gameId: string): Promise<string | null>;
}

export class LocalRoomDirectory implements RoomDirectory {
  private readonly owned = new Set<string>();

  constructor(readonly nodeId = 'local') {}

  async claim(gameId: string) {
    this.owned.add(gameId);
    return true;
  }

  async renew(gameIds: readonly string[]) {
    return gameIds.filter((id) => !this.owned.has(id));
  }

  async release(gameId: string) {
    this.owned.delete(gameId);
  }

  async ownerOf(gameId: string) {
    return this.owned.has(gameId) ? this.nodeId : null;
  }
}

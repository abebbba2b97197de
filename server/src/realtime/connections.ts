import type { Connection } from './connection';
import { SocketIndex } from './socket-index';

/**
 * Who is connected to this node: the signed-in sockets by user and by session. The composition
 * root creates it first and hands it to the gateway, which fills it, and to the rooms and
 * matchmaking, which ask it whether a player is here (docs/design.md, "Architecture").
 */
export class ConnectionRegistry {
  readonly byUser = new SocketIndex<number, Connection>();
  readonly bySession = new SocketIndex<number, Connection>();

  /** Whether the user has a signed-in socket on this node. */
  isConnected(userId: number): boolean {
    return this.byUser.has(userId);
  }
}

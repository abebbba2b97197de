import type { ServerMessage } from '@shared/protocol';
import type { PresenceStore } from '../../infra/presence-store';
import type { RoomManager } from '../../rooms/manager';
import type { Notifier } from '../devices/notifier';
import type { SocialEvents } from './service';

export interface SocialEventDeps {
  /** Publishes a message to every socket of a user, on any node. */
  send(userId: number, message: ServerMessage): void;
  presence: Pick<PresenceStore, 'isOnline'>;
  rooms: Pick<RoomManager, 'callOffInvitations'>;
  notifier: Pick<Notifier, 'notify'>;
}

/**
 * What the social service's changes do to the rest of the server. Presence follows a friendship
 * at once: new friends see each other online, parted ones offline, and any private game still
 * waiting between them is called off. See docs/design.md, "Social".
 */
export function socialEvents({ send, presence, rooms, notifier }: SocialEventDeps): SocialEvents {
  return {
    async befriended(a, b) {
      for (const [who, to] of [
        [a, b],
        [b, a],
      ] as const)
        if (await presence.isOnline(who)) send(to, { type: 'USER_ONLINE', userId: who });
    },
    async parted(a, b) {
      send(a, { type: 'USER_OFFLINE', userId: b });
      send(b, { type: 'USER_OFFLINE', userId: a });
      // No dead invitation outlives the friendship: see docs/protocol.md, "Private games".
      await rooms.callOffInvitations(a, b);
    },
    async requested(from, to) {
      // The Friends page of each signed-in device shows the request at once; away, push tells.
      send(to, { type: 'FRIEND_REQUEST', userId: from.id });
      void notifier.notify(to, {
        kind: 'friend_request',
        title: 'Friend request',
        body: `${from.username} wants to be your friend`,
        data: { userId: String(from.id) },
      });
    },
  };
}

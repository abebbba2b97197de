import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '@shared/protocol';
import { askOnlineStatus, onlineUsersAtom, presenceAnsweredAtom, trackPresence } from './presence';

/** A socket stand-in: records what is sent, and lets the test deliver server messages. */
function fakeClient() {
  const handlers = new Map<string, Set<(m: ServerMessage) => void>>();
  const sent: unknown[] = [];
  return {
    sent,
    on(type: string, handler: (m: ServerMessage) => void) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler);
      return () => set.delete(handler);
    },
    send(message: unknown) {
      sent.push(message);
    },
    emit(message: ServerMessage) {
      for (const handler of handlers.get(message.type) ?? []) handler(message);
    },
  };
}

describe('presence', () => {
  it('replaces the set on ONLINE_STATUS and adds or removes one friend on USER_ONLINE / USER_OFFLINE', () => {
    const store = createStore();
    const client = fakeClient();
    const stop = trackPresence(client as never, store);
    const online = () => [...store.get(onlineUsersAtom)].sort();

    // USER_ONLINE alone does not make the set an answer: others may be online too.
    client.emit({ type: 'USER_ONLINE', userId: 5 });
    expect(store.get(presenceAnsweredAtom)).toBe(false);
    client.emit({ type: 'ONLINE_STATUS', onlineUsers: [3, 5], timestamp: 1 });
    expect(online()).toEqual([3, 5]);
    expect(store.get(presenceAnsweredAtom)).toBe(true);
    client.emit({ type: 'USER_ONLINE', userId: 7 });
    client.emit({ type: 'USER_OFFLINE', userId: 3 });
    expect(online()).toEqual([5, 7]);
    client.emit({ type: 'ONLINE_STATUS', onlineUsers: [], timestamp: 2 });
    expect(online()).toEqual([]);

    stop();
    client.emit({ type: 'USER_ONLINE', userId: 9 });
    expect(online()).toEqual([]);
  });

  it('asks for the given friends', () => {
    const client = fakeClient();
    askOnlineStatus(client as never, [4, 8]);
    expect(client.sent).toEqual([{ type: 'GET_ONLINE_STATUS', userIds: [4, 8] }]);
  });
});

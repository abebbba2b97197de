import { createStore } from 'jotai';
import { beforeEach, describe, expect, it } from 'vitest';
import { askOnlineStatus, onlineUsersAtom, presenceAnsweredAtom, trackPresence } from './presence';
import { fakeSocket } from '../lib/testing/fake-socket';

describe('presence', () => {
  beforeEach(() => fakeSocket.reset());

  it('replaces the set on ONLINE_STATUS and adds or removes one friend on USER_ONLINE / USER_OFFLINE', () => {
    const store = createStore();
    const stop = trackPresence(fakeSocket, store);
    const online = () => [...store.get(onlineUsersAtom)].sort();

    // USER_ONLINE alone does not make the set an answer: others may be online too.
    fakeSocket.emit({ type: 'USER_ONLINE', userId: 5 });
    expect(store.get(presenceAnsweredAtom)).toBe(false);
    fakeSocket.emit({ type: 'ONLINE_STATUS', onlineUsers: [3, 5], timestamp: 1 });
    expect(online()).toEqual([3, 5]);
    expect(store.get(presenceAnsweredAtom)).toBe(true);
    fakeSocket.emit({ type: 'USER_ONLINE', userId: 7 });
    fakeSocket.emit({ type: 'USER_OFFLINE', userId: 3 });
    expect(online()).toEqual([5, 7]);
    fakeSocket.emit({ type: 'ONLINE_STATUS', onlineUsers: [], timestamp: 2 });
    expect(online()).toEqual([]);

    stop();
    fakeSocket.emit({ type: 'USER_ONLINE', userId: 9 });
    expect(online()).toEqual([]);
  });

  it('asks for the given friends', () => {
    askOnlineStatus(fakeSocket, [4, 8]);
    expect(fakeSocket.send.mock.calls).toEqual([[{ type: 'GET_ONLINE_STATUS', userIds: [4, 8] }]]);
  });
});

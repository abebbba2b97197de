// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FriendsList, Friendship } from '@shared/protocol';
import { useOnlineFriends } from './online-friends';
import { fakeSocket } from '../lib/testing/fake-socket';
import { providers } from '../lib/testing/render';

/** The answers of GET /api/friends, in the order the calls were made. */
const loads = vi.hoisted(() => {
  const calls: { resolve(value: unknown): void }[] = [];
  return { calls, call: vi.fn(() => new Promise((resolve) => calls.push({ resolve }))) };
});
vi.mock('../lib/realtime', async () => {
  const { atom } = await import('jotai');
  return {
    socket: (await import('../lib/testing/fake-socket')).fakeSocket,
    socketStatusAtom: atom({ connection: 'online', auth: 'authenticated', quality: null, latency: null }),
  };
});
vi.mock('../lib/http', () => ({ call: loads.call }));

const friend = (friendId: number, username: string): Friendship => ({
  id: friendId,
  userId: 4,
  friendId,
  status: 'accepted',
  createdAt: 1000,
  username,
  profile: { avatarId: null, avatarSource: 'default', avatarUrl: null, status: 'standard' },
  requestedBy: 4,
  blockedBy: null,
});
const list = (...friends: Friendship[]): FriendsList => ({ friends, incoming: [], outgoing: [] });
const names = (data: FriendsList | undefined) => data?.friends.map((f) => f.username);

function mount() {
  return renderHook(() => useOnlineFriends(true), { wrapper: providers() });
}

describe('useOnlineFriends', () => {
  beforeEach(() => {
    fakeSocket.reset();
    loads.calls.length = 0;
  });
  afterEach(cleanup);

  it('loads the list again when a player not on it comes online, not for a friend on it', async () => {
    const { result } = mount();
    await waitFor(() => expect(loads.calls).toHaveLength(1));
    await act(async () => loads.calls[0]!.resolve(list(friend(3, 'ama'))));
    await waitFor(() => expect(names(result.current.query.data)).toEqual(['ama']));
    // Asked who of the friends is online, once the list is known.
    expect(fakeSocket.send).toHaveBeenCalledWith({ type: 'GET_ONLINE_STATUS', userIds: [3] });
    act(() => fakeSocket.emit({ type: 'USER_ONLINE', userId: 3 }));
    act(() => fakeSocket.emit({ type: 'USER_ONLINE', userId: 8 }));
    await waitFor(() => expect(loads.calls).toHaveLength(2));
    await act(async () => loads.calls[1]!.resolve(list(friend(3, 'ama'), friend(8, 'kwame'))));
    await waitFor(() => expect(names(result.current.query.data)).toEqual(['ama', 'kwame']));
    expect(loads.calls).toHaveLength(2);
  });

  it('does not miss a new friend who comes online while the first load is on its way', async () => {
    // The first load was read before the friendship was made; its answer comes back after the
    // USER_ONLINE. Joining that load would keep the list without the new friend.
    const { result } = mount();
    await waitFor(() => expect(loads.calls).toHaveLength(1));
    act(() => fakeSocket.emit({ type: 'USER_ONLINE', userId: 8 }));
    await act(async () => loads.calls[0]!.resolve(list()));
    await waitFor(() => expect(loads.calls).toHaveLength(2));
    await act(async () => loads.calls[1]!.resolve(list(friend(8, 'kwame'))));
    await waitFor(() => expect(names(result.current.query.data)).toEqual(['kwame']));
  });

  it('loads the list again when a friend request arrives, showing it without a reload', async () => {
    const { result } = mount();
    await waitFor(() => expect(loads.calls).toHaveLength(1));
    await act(async () => loads.calls[0]!.resolve(list()));
    await waitFor(() => expect(result.current.query.data?.incoming).toEqual([]));
    act(() => fakeSocket.emit({ type: 'FRIEND_REQUEST', userId: 8 }));
    await waitFor(() => expect(loads.calls).toHaveLength(2));
    const asking = { ...friend(8, 'kwame'), status: 'pending' as const, requestedBy: 8 };
    await act(async () => loads.calls[1]!.resolve({ friends: [], incoming: [asking], outgoing: [] }));
    await waitFor(() =>
      expect(result.current.query.data?.incoming.map((f) => f.username)).toEqual(['kwame']),
    );
  });
});

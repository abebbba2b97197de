// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Friendship, FriendsList } from '@shared/protocol';
import { setToken } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { FindFriend } from './FindFriend';
import { FriendsList as FriendsListView, filterFriends } from './FriendsList';
import { FriendsPage } from './FriendsPage';
import { PendingRequests } from './PendingRequests';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ME = 1;
const entry = (friendId: number, username: string, over: Partial<Friendship> = {}): Friendship => ({
  id: 100 + friendId,
  userId: ME,
  friendId,
  status: 'accepted',
  createdAt: 1,
  username,
  profile: { avatarId: null, avatarSource: 'default', avatarUrl: null, status: 'standard' },
  requestedBy: ME,
  blockedBy: null,
  ...over,
});

/** A fetch stand-in: each path answers from `routes`; a route may hold its answer until released. */
function server(routes: Record<string, () => Response | Promise<Response>>) {
  const fetch = vi.fn(async (url: string) => {
    const path = url.split('?')[0]!;
    const route = routes[path];
    return route ? route() : json(404, { message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** A promise the test resolves by hand. */
function held() {
  let release!: (res: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

function show(node: React.ReactNode) {
  renderWithProviders(
    <Routes>
      <Route path="/messages" element={node} />
      <Route path="/game/:id" element={<p>game page</p>} />
    </Routes>,
    { route: '/messages' },
  );
}

const toasts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => ({ title: t.title, message: t.message }));

describe('friends', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    setToken(null);
  });

  it('filters: all, online and offline friends, only the players I blocked, and a name search', () => {
    const friends = [
      entry(2, 'Kofi'),
      entry(3, 'yaw'),
      entry(4, 'esi', { status: 'blocked', blockedBy: ME }),
      entry(5, 'kwame', { status: 'blocked', blockedBy: 5 }),
    ];
    const online = new Set([2]);
    const names = (filter: 'all' | 'online' | 'offline' | 'blocked', text = '') =>
      filterFriends(friends, filter, text, online, ME).map((f) => f.username);
    expect(names('all')).toEqual(['Kofi', 'yaw', 'esi']);
    expect(names('online')).toEqual(['Kofi']);
    expect(names('offline')).toEqual(['yaw']);
    expect(names('blocked')).toEqual(['esi']);
    expect(names('all', '  KO ')).toEqual(['Kofi']);
    expect(names('online', 'yaw')).toEqual([]);
  });

  it('shows online dots and per-friend actions; a failed challenge or removal says why', async () => {
    server({
      '/api/game-rooms/private': () => json(409, { message: 'Kofi is already in a game' }),
      '/api/friends/remove': () => Promise.reject(new TypeError('Failed to fetch')),
      '/api/friends': () => json(200, { friends: [], incoming: [], outgoing: [] }),
    });
    show(
      <FriendsListView
        friends={[entry(2, 'Kofi'), entry(3, 'yaw'), entry(4, 'esi', { status: 'blocked', blockedBy: ME })]}
        online={new Set([2])}
        me={ME}
      />,
    );
    const kofi = screen.getByTestId('friend-Kofi');
    expect(kofi.querySelector('[data-online]')?.getAttribute('data-online')).toBe('true');
    expect(screen.getByTestId('friend-yaw').querySelector('[data-online]')?.getAttribute('data-online')).toBe(
      'false',
    );
    expect(within(screen.getByTestId('friend-esi')).getByRole('button', { name: 'Unblock' })).toBeTruthy();
    expect(within(kofi).getByRole('link', { name: 'Message Kofi' }).getAttribute('href')).toBe(
      '/messages/conversation/2',
    );

    fireEvent.click(within(kofi).getByRole('button', { name: 'Challenge Kofi' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Failed to create game', message: 'Kofi is already in a game' }]),
    );

    fireEvent.click(within(kofi).getByRole('button', { name: 'More for Kofi' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove friend' }));
    await waitFor(() => expect(toasts()).toHaveLength(2));
    // No answer at all (offline): the fallback text.
    expect(toasts()[1]).toEqual({ title: 'Failed to remove friend', message: 'Please try again later' });
  });

  it('shows each friend’s unread messages as a badge on their message button', () => {
    server({});
    show(
      <FriendsListView
        friends={[entry(2, 'Kofi'), entry(3, 'yaw'), entry(4, 'esi', { status: 'blocked', blockedBy: ME })]}
        online={new Set()}
        me={ME}
        unread={
          new Map([
            [2, 3],
            [4, 1],
          ])
        }
      />,
    );
    const kofi = screen.getByTestId('friend-Kofi');
    expect(within(kofi).getByRole('link', { name: 'Message Kofi, 3 unread messages' })).toBeTruthy();
    expect(within(kofi).getByTestId('unread-Kofi').textContent).toContain('3');
    const yaw = screen.getByTestId('friend-yaw');
    expect(within(yaw).getByRole('link', { name: 'Message yaw' })).toBeTruthy();
    expect(within(yaw).getByTestId('unread-yaw').textContent).not.toMatch(/[0-9]/);
    // A blocked player has no message button, so no badge.
    expect(within(screen.getByTestId('friend-esi')).queryByTestId('unread-esi')).toBeNull();
  });

  it('a challenge that works opens the new game', async () => {
    const fetch = server({ '/api/game-rooms/private': () => json(200, { id: 'g42' }) });
    show(<FriendsListView friends={[entry(2, 'Kofi')]} online={new Set()} me={ME} />);
    fireEvent.click(screen.getByRole('button', { name: 'Challenge Kofi' }));
    await screen.findByText('game page');
    expect(fetch).toHaveBeenCalledWith(
      '/api/game-rooms/private',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ friendshipId: 102 }) }),
    );
  });

  it('disables Accept and Reject while the answer is on its way; a failure says so', async () => {
    const answer = held();
    server({ '/api/friends/respond': () => answer.promise });
    show(<PendingRequests incoming={[entry(2, 'Kofi', { requestedBy: 2 })]} outgoing={[]} />);
    const accept = screen.getByRole('button', { name: 'Accept' }) as HTMLButtonElement;
    const reject = screen.getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    fireEvent.click(accept);
    await waitFor(() => expect(accept.disabled).toBe(true));
    expect(reject.disabled).toBe(true);
    answer.release(json(500, { message: 'Database unavailable' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Error processing request', message: 'Please try again later' }]),
    );
    expect(accept.disabled).toBe(false);
  });

  it('find friend: waits for a name, runs one search at a time, and typing goes back to idle', async () => {
    const answer = held();
    const fetch = server({ '/api/friends/search': () => answer.promise });
    show(<FindFriend list={{ friends: [], incoming: [], outgoing: [] }} />);
    const panel = screen.getByTestId('find-friend');
    const button = within(panel).getByRole('button', { name: 'Search' }) as HTMLButtonElement;
    const input = within(panel).getByLabelText('Username');
    expect(button.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    expect(panel.textContent).toContain('Friend requests can only be sent to players with public profiles');
    fireEvent.change(input, { target: { value: ' ko ' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('searching'));
    expect(button.disabled).toBe(true);
    expect(fetch).toHaveBeenCalledWith('/api/friends/search?username=ko', expect.anything());
    answer.release(
      json(200, [
        {
          id: 2,
          username: 'kofi',
          profile: { avatarId: null, avatarSource: 'default', avatarUrl: null, status: 'standard' },
        },
      ]),
    );
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('success'));
    expect(within(screen.getByTestId('found-kofi')).getByRole('button', { name: 'Add friend' })).toBeTruthy();
    fireEvent.change(input, { target: { value: 'kof' } });
    expect(panel.getAttribute('data-state')).toBe('idle');
    expect(screen.queryByTestId('found-kofi')).toBeNull();
  });

  it('find friend: no match or a failure reads User not found; a failed request says so', async () => {
    let searches = 0;
    server({
      '/api/friends/search': () =>
        ++searches === 1
          ? json(200, [])
          : searches === 2
            ? json(400, { message: 'Enter a username to search for' })
            : json(200, [
                {
                  id: 2,
                  username: 'kofi',
                  profile: { avatarId: null, avatarSource: 'default', avatarUrl: null, status: 'standard' },
                },
              ]),
      '/api/friends/request': () => json(403, { message: 'This player does not accept friend requests' }),
    });
    show(<FindFriend list={{ friends: [], incoming: [], outgoing: [] }} />);
    const panel = screen.getByTestId('find-friend');
    fireEvent.change(within(panel).getByLabelText('Username'), { target: { value: 'zz' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'User not found', message: 'No user found with that username' }]),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(panel.getAttribute('data-state')).toBe('error'));
    expect(toasts()[1]).toEqual({ title: 'User not found', message: 'Enter a username to search for' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Search' }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Add friend' }));
    await waitFor(() =>
      expect(toasts()[2]).toEqual({
        title: 'Failed to send request',
        message: 'This player does not accept friend requests',
      }),
    );
  });

  it('says Could not load friends with a Retry that loads them', async () => {
    setToken('session');
    let lists = 0;
    const list: FriendsList = { friends: [entry(2, 'Kofi')], incoming: [], outgoing: [] };
    server({
      '/api/auth/user': () =>
        json(200, {
          id: ME,
          username: 'ama',
          email: null,
          isVerified: false,
          markedForDelete: false,
          role: 'user',
        }),
      '/api/friends': () =>
        ++lists === 1 ? json(500, { message: 'Database unavailable' }) : json(200, list),
    });
    show(<FriendsPage />);
    await screen.findByText('Could not load friends');
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('friend-Kofi');
    expect(screen.queryByText('Could not load friends')).toBeNull();
  });
});

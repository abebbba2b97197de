// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Friendship, FriendsList } from '@shared/protocol';
import { renderWithProviders } from '../../../lib/testing/render';
import { toastsAtom } from '../../../lib/toast';
import { SocialActions, VisibilitySetting } from './SocialActions';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const entry = (over: Partial<Friendship>): Friendship => ({
  id: 9,
  userId: 1,
  friendId: 2,
  status: 'accepted',
  createdAt: 1,
  username: 'kofi',
  profile: { avatarId: null, avatarSource: 'default', avatarUrl: null, status: 'standard' },
  requestedBy: 1,
  blockedBy: null,
  ...over,
});

/** Answers each path (and method) from `routes`, recording the calls. */
function server(routes: Record<string, (body: unknown) => Response>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const route = routes[key];
    return route
      ? route(init?.body ? JSON.parse(String(init.body)) : undefined)
      : json(404, { message: key });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function show(node: React.ReactNode) {
  renderWithProviders(node, { route: '/' });
}

const toasts = () =>
  getDefaultStore()
    .get(toastsAtom)
    .map((t) => ({ title: t.title, message: t.message }));
const list = (over: Partial<FriendsList>): FriendsList => ({
  friends: [],
  incoming: [],
  outgoing: [],
  ...over,
});

describe('social actions on a profile', () => {
  beforeEach(() => getDefaultStore().set(toastsAtom, []));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a stranger: Add friend sends a request, and the button then reads Request sent', async () => {
    let sent = false;
    const fetch = server({
      'GET /api/friends': () =>
        json(200, sent ? list({ outgoing: [entry({ status: 'pending' })] }) : list({})),
      'POST /api/friends/request': () => {
        sent = true;
        return json(200, entry({ status: 'pending' }));
      },
    });
    show(<SocialActions userId={2} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add friend' }));
    await screen.findByRole('button', { name: 'Request sent' });
    expect(fetch).toHaveBeenCalledWith(
      '/api/friends/request',
      expect.objectContaining({ body: JSON.stringify({ friendId: 2 }) }),
    );
  });

  it('a friend: Challenge and Message; a failed block says Failed to block user with the reason', async () => {
    server({
      'GET /api/friends': () => json(200, list({ friends: [entry({})] })),
      'POST /api/friends/block': () => json(404, { message: 'User not found' }),
    });
    show(<SocialActions userId={2} />);
    expect(await screen.findByRole('button', { name: 'Challenge' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Message' }).getAttribute('href')).toBe(
      '/messages/conversation/2',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Block' }));
    await waitFor(() =>
      expect(toasts()).toEqual([{ title: 'Failed to block user', message: 'User not found' }]),
    );
  });

  it('a player I blocked: only Unblock, and a failed unblock says Failed to unblock user', async () => {
    server({
      'GET /api/friends': () => json(200, list({ friends: [entry({ status: 'blocked', blockedBy: 1 })] })),
      'POST /api/friends/unblock': () => json(404, { message: 'You have not blocked this player' }),
    });
    show(<SocialActions userId={2} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    expect(screen.queryByRole('button', { name: 'Add friend' })).toBeNull();
    await waitFor(() =>
      expect(toasts()).toEqual([
        { title: 'Failed to unblock user', message: 'You have not blocked this player' },
      ]),
    );
  });

  it('profile visibility: shows the setting and saves a change', async () => {
    const fetch = server({
      'GET /api/users/me/visibility': () => json(200, { profileVisibility: 'public' }),
      'PUT /api/users/me/visibility': (body) => json(200, body),
    });
    show(<VisibilitySetting />);
    await screen.findByText(/Public: players can find you/);
    const priv = screen.getByRole('radio', { name: 'Private' }) as HTMLInputElement;
    await waitFor(() => expect(priv.disabled).toBe(false));
    fireEvent.click(priv);
    await screen.findByText(/Private: nobody can find you/);
    expect(fetch).toHaveBeenCalledWith(
      '/api/users/me/visibility',
      expect.objectContaining({ method: 'PUT', body: JSON.stringify({ profileVisibility: 'private' }) }),
    );
  });
});

// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthUser } from '@shared/protocol';
import { defaultFolderOf, useDefaultDeckFolder } from './decks';
import { createQueryClient } from '../lib/query-client';
import { userQueryKey } from '../lib/session/user';
import { providers } from '../lib/testing/render';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const ama: AuthUser = {
  id: 7,
  username: 'ama',
  email: null,
  isVerified: true,
  markedForDelete: false,
  role: 'user',
  createdAt: 0,
};

const owned = (deckUrl: string, isDefault: boolean) => ({ deckUrl, isDefault });

function folderFor(user: AuthUser | null) {
  const client = createQueryClient();
  client.setQueryData(userQueryKey, user);
  return renderHook(() => useDefaultDeckFolder(), { wrapper: providers({ client }) });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the default deck folder', () => {
  it('is the folder of the deck marked default; none marked or an unknown folder → default', () => {
    expect(defaultFolderOf([owned('/assets/decks/default', false), owned('/assets/decks/rome', true)])).toBe(
      'rome',
    );
    expect(defaultFolderOf([owned('/assets/decks/rome', false)])).toBe('default');
    expect(defaultFolderOf([owned('/assets/decks/no-such-deck', true)])).toBe('default');
    expect(defaultFolderOf(undefined)).toBe('default');
  });

  it('signed in: read from /api/deck/my-decks', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        json(200, [owned('/assets/decks/default', false), owned('/assets/decks/pixel-city', true)]),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const { result } = folderFor(ama);
    await waitFor(() => expect(result.current).toBe('pixel-city'));
    expect(fetch).toHaveBeenCalledWith('/api/deck/my-decks', expect.anything());
  });

  it('signed out: default, without asking the server', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const { result } = folderFor(null);
    expect(result.current).toBe('default');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('when the request fails: default', async () => {
    const fetch = vi.fn(() => Promise.resolve(json(500, { message: 'down' })));
    vi.stubGlobal('fetch', fetch);
    const { result } = folderFor(ama);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current).toBe('default');
  });
});

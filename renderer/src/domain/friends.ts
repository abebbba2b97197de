/**
 * The friends calls, shared by the Friends page and players' profiles (which may not import each
 * other). See docs/api.md, "Friends".
 */
import { queryOptions } from '@tanstack/react-query';
import type { ProfileVisibility } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../lib/http';

export const friendsQueryKey = ['friends'] as const;

export const friendsQueryOptions = () =>
  queryOptions({
    queryKey: friendsQueryKey,
    queryFn: () => call(ROUTES.social.friends),
    // Requests arrive from other players: the list is fetched afresh whenever a page shows it.
    staleTime: 0,
  });

export const sendFriendRequest = (friendId: number) => call(ROUTES.social.request, { body: { friendId } });

export const respondToRequest = (requestId: number, status: 'accepted' | 'rejected') =>
  call(ROUTES.social.respond, { body: { requestId, status } });

export const removeFriend = (friendId: number) => call(ROUTES.social.remove, { body: { friendId } });

export const blockUser = (userId: number) => call(ROUTES.social.block, { body: { userId } });

export const unblockUser = (userId: number) => call(ROUTES.social.unblock, { body: { userId } });

export const searchUsers = (username: string) =>
  call(ROUTES.social.search, { query: { username: username.trim() } });

export const visibilityQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'visibility'],
    queryFn: () => call(ROUTES.social.visibility),
  });

export const setVisibility = (profileVisibility: ProfileVisibility) =>
  call(ROUTES.social.setVisibility, { body: { profileVisibility } });

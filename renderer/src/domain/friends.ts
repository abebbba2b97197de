/**
 * The friends calls, shared by the Friends page and players' profiles (which may not import each
 * other). See docs/api.md, "Friends".
 */
import { queryOptions } from '@tanstack/react-query';
import type { Friendship, FriendsList, ProfileVisibility, SearchUser } from '@shared/protocol';
import { api } from '../lib/http';

export const friendsQueryKey = ['friends'] as const;

export const friendsQueryOptions = () =>
  queryOptions({
    queryKey: friendsQueryKey,
    queryFn: () => api<FriendsList>('/api/friends'),
    // Requests arrive from other players: the list is fetched afresh whenever a page shows it.
    staleTime: 0,
  });

export const sendFriendRequest = (friendId: number) =>
  api<Friendship>('/api/friends/request', { method: 'POST', body: { friendId } });

export const respondToRequest = (requestId: number, status: 'accepted' | 'rejected') =>
  api<{ status: 'accepted' | 'rejected'; friendship: Friendship | null }>('/api/friends/respond', {
    method: 'POST',
    body: { requestId, status },
  });

export const removeFriend = (friendId: number) =>
  api<{ message: string }>('/api/friends/remove', { method: 'DELETE', body: { friendId } });

export const blockUser = (userId: number) =>
  api<Friendship>('/api/friends/block', { method: 'POST', body: { userId } });

export const unblockUser = (userId: number) =>
  api<{ message: string }>('/api/friends/unblock', { method: 'POST', body: { userId } });

export const searchUsers = (username: string) =>
  api<SearchUser[]>(`/api/friends/search?username=${encodeURIComponent(username.trim())}`);

export const visibilityQueryOptions = () =>
  queryOptions({
    queryKey: ['users', 'me', 'visibility'],
    queryFn: () => api<{ profileVisibility: ProfileVisibility }>('/api/users/me/visibility'),
  });

export const setVisibility = (profileVisibility: ProfileVisibility) =>
  api<{ profileVisibility: ProfileVisibility }>('/api/users/me/visibility', {
    method: 'PUT',
    body: { profileVisibility },
  });

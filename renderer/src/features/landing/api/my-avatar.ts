import { queryOptions } from '@tanstack/react-query';
import type { PlayerProfile } from '@shared/protocol';
import { api } from '../../../lib/http';

/**
 * The signed-in player's avatar, read from their profile under the profile's own query key, so
 * choosing an avatar on the profile (which refetches that key) shows here too.
 */
export const myAvatarQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'profile'],
    queryFn: () => api<PlayerProfile>(`/api/users/${userId}/profile`),
    select: (profile) => profile.avatarUrl,
  });

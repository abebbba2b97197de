import { queryOptions } from '@tanstack/react-query';
import type { PlayerProfile } from '@shared/protocol';
import { api } from '../../../lib/http';

export const profileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'profile'],
    queryFn: () => api<PlayerProfile>(`/api/users/${userId}/profile`),
    // A profile's rating changes as games finish; refresh it when the page is opened again.
    staleTime: 0,
  });

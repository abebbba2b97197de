import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

export const profileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'profile'],
    queryFn: () => call(ROUTES.players.profile, { params: { id: userId } }),
    // A profile's rating changes as games finish; refresh it when the page is opened again.
    staleTime: 0,
  });

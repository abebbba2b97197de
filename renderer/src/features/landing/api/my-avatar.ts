import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/**
 * The signed-in player's avatar, read from their profile under the profile's own query key, so
 * choosing an avatar on the profile (which refetches that key) shows here too.
 */
export const myAvatarQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'profile'],
    queryFn: () => call(ROUTES.players.profile, { params: { id: userId } }),
    select: (profile) => profile.avatarUrl,
  });

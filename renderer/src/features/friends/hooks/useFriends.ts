import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { friendsQueryKey, friendsQueryOptions } from '../../../lib/friends';
import { askOnlineStatus, onlineUsersAtom } from '../../../lib/presence';
import { socket, socketStatusAtom } from '../../../lib/realtime';

/** Requests from other players arrive without a socket message; the list looks again this often. */
const FRIENDS_REFRESH_MS = 20_000;

/**
 * The friends list and who of them is online: asks GET_ONLINE_STATUS for the accepted friends
 * whenever the list or the socket's sign-in changes, and refetches the list when a player who is
 * not on it yet comes online (someone accepted the caller's request).
 */
export function useFriends(enabled: boolean) {
  const client = useQueryClient();
  const query = useQuery({ ...friendsQueryOptions(), enabled, refetchInterval: FRIENDS_REFRESH_MS });
  const online = useAtomValue(onlineUsersAtom);
  const auth = useAtomValue(socketStatusAtom).auth;

  const friendIds = useMemo(
    () => (query.data?.friends ?? []).filter((f) => f.status === 'accepted').map((f) => f.friendId),
    [query.data],
  );
  const idsKey = friendIds.join(',');

  useEffect(() => {
    if (enabled && auth === 'authenticated' && idsKey) askOnlineStatus(socket, idsKey.split(',').map(Number));
  }, [enabled, auth, idsKey]);

  useEffect(() => {
    if (!enabled) return;
    const known = new Set(idsKey ? idsKey.split(',').map(Number) : []);
    return socket.on('USER_ONLINE', (m) => {
      if (!known.has(m.userId)) void client.invalidateQueries({ queryKey: friendsQueryKey });
    });
  }, [enabled, idsKey, client]);

  return { query, online };
}

/**
 * Which of the player's friends are online, one source for every page that shows it (the Friends
 * page, a conversation's header): asks GET_ONLINE_STATUS for all accepted friends whenever the
 * list or the socket's sign-in changes, and reads the online set `trackPresence` keeps. See
 * docs/protocol.md, "Presence".
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo } from 'react';
import { friendsQueryKey, friendsQueryOptions } from './friends';
import { askOnlineStatus, onlineUsersAtom, presenceAnsweredAtom } from './presence';
import { reloadQuery } from '../lib/query-client';
import { socket, socketStatusAtom } from '../lib/realtime';

/**
 * A safety net for changes no socket message tells (a request withdrawn or turned down); new
 * requests come with FRIEND_REQUEST and new friends with USER_ONLINE.
 */
const FRIENDS_REFRESH_MS = 20_000;

/**
 * The friends list query, the online set and whether the server has answered yet. A USER_ONLINE
 * from a player not on the list yet (someone accepted the caller's request) fetches it again, and
 * so does a FRIEND_REQUEST (someone asked the caller).
 */
export function useOnlineFriends(enabled: boolean) {
  const client = useQueryClient();
  const query = useQuery({ ...friendsQueryOptions(), enabled, refetchInterval: FRIENDS_REFRESH_MS });
  const online = useAtomValue(onlineUsersAtom);
  const answered = useAtomValue(presenceAnsweredAtom);
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
      // A new friend: the list under way (if any) may predate the friendship.
      if (!known.has(m.userId)) void reloadQuery(client, friendsQueryKey);
    });
  }, [enabled, idsKey, client]);

  useEffect(() => {
    if (!enabled) return;
    return socket.on('FRIEND_REQUEST', () => void reloadQuery(client, friendsQueryKey));
  }, [enabled, client]);

  return { query, online, answered };
}

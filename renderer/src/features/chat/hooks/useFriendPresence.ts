import { useOnlineFriends } from '../../../domain/online-friends';

/**
 * Whether the friend is online, from the app's one online set (the Friends page reads the same):
 * opening the conversation directly asks GET_ONLINE_STATUS for the friends list, this friend among
 * them. Null until the server has answered.
 */
export function useFriendPresence(friendId: number): boolean | null {
  const { online, answered } = useOnlineFriends(true);
  return answered ? online.has(friendId) : null;
}

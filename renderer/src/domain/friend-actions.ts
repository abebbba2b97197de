import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  blockUser,
  friendsQueryKey,
  removeFriend,
  respondToRequest,
  sendFriendRequest,
  unblockUser,
} from './friends';
import { toastFailure } from '../lib/http';
import { useChallengeFriend } from './private-games';
import { toast } from '../lib/toast';

/** Every friends write (the Friends page and profiles share them), each refreshing the list and telling a failure in the product's words. */
export function useFriendActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: friendsQueryKey });

  const respond = useMutation({
    mutationFn: (v: { requestId: number; status: 'accepted' | 'rejected' }) =>
      respondToRequest(v.requestId, v.status),
    onSuccess: refresh,
    onError: () =>
      toast({
        title: 'Error processing request',
        description: 'Please try again later',
        variant: 'destructive',
      }),
  });
  const request = useMutation({
    mutationFn: (friendId: number) => sendFriendRequest(friendId),
    onSuccess: (friendship) => {
      void refresh();
      toast({
        title: friendship.status === 'accepted' ? 'Friend added' : 'Request sent',
        description:
          friendship.status === 'accepted'
            ? `You and ${friendship.username} are now friends`
            : `${friendship.username} will see your request`,
        variant: 'success',
      });
    },
    onError: (error) => toastFailure('Failed to send request', error),
  });
  const remove = useMutation({
    mutationFn: (friendId: number) => removeFriend(friendId),
    onSuccess: refresh,
    onError: (error) => toastFailure('Failed to remove friend', error),
  });
  const block = useMutation({
    mutationFn: (userId: number) => blockUser(userId),
    onSuccess: refresh,
    onError: (error) => toastFailure('Failed to block user', error),
  });
  const unblock = useMutation({
    mutationFn: (userId: number) => unblockUser(userId),
    onSuccess: refresh,
    onError: (error) => toastFailure('Failed to unblock user', error),
  });
  const challenge = useChallengeFriend();
  return { respond, request, remove, block, unblock, challenge };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import {
  blockUser,
  friendsQueryKey,
  removeFriend,
  respondToRequest,
  sendFriendRequest,
  unblockUser,
} from './friends';
import { toastFailure } from '../lib/http';
import { PATHS } from '../lib/paths';
import { CREATE_GAME_FAILED, createPrivateGame } from './private-games';
import { toast } from '../lib/toast';

/** Every friends write (the Friends page and profiles share them), each refreshing the list and telling a failure in the product's words. */
export function useFriendActions() {
  const client = useQueryClient();
  const navigate = useNavigate();
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
  const challenge = useMutation({
    mutationFn: (friendshipId: number) => createPrivateGame(friendshipId),
    onSuccess: ({ id }) => navigate(PATHS.game(id)),
    onError: (error) => toastFailure(CREATE_GAME_FAILED, error),
  });
  return { respond, request, remove, block, unblock, challenge };
}

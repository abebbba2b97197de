import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call, toastFailure } from '../lib/http';
import { PATHS } from '../lib/paths';

/** The notice's title when a challenge cannot be made (the server's message, or a fallback). */
export const CREATE_GAME_FAILED = 'Failed to create game';

/** A waiting private game against the friend of `friendshipId`. */
export function createPrivateGame(friendshipId: number) {
  return call(ROUTES.games.private, { body: { friendshipId } });
}

/**
 * Challenges a friend: creates the private game and takes the challenger to its table, where they
 * wait for the friend. The one challenge of every place with a challenge button (friends list,
 * conversation, profile), as a mutation so each shows its own pending state. See docs/design.md,
 * "Social".
 */
export function useChallengeFriend() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: createPrivateGame,
    onSuccess: ({ id }) => navigate(PATHS.game(id)),
    onError: (error) => toastFailure(CREATE_GAME_FAILED, error),
  });
}

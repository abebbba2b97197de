import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { AuthResponse, AuthUser, GoogleAuthResponse } from '@shared/protocol';
import { endSession } from '../http';
import { deactivatePushDevice } from '../push';
import { socket } from '../realtime';
import { setCachedUser, setToken } from '../storage';
import { toast } from '../toast';
import { logout as logoutRequest } from './logout';
import { userQueryKey, userQueryOptions } from './user';

export function useSession() {
  const client = useQueryClient();
  const query = useQuery(userQueryOptions);
  const user: AuthUser | null = query.data ?? null;

  /** Stores a new session from a sign-in answer. */
  const signIn = useCallback(
    (answer: AuthResponse | GoogleAuthResponse) => {
      setToken(answer.token);
      setCachedUser(answer.user);
      client.setQueryData(userQueryKey, answer.user);
      socket.disconnect();
      socket.connect();
    },
    [client],
  );

  const signOut = useCallback(async () => {
    // Closed first: the server signs this session's sockets out as it revokes it, and an open
    // socket would take that for an expired session.
    socket.disconnect();
    // While the session still stands: the device stops getting this account's push notifications.
    await deactivatePushDevice();
    try {
      await logoutRequest();
    } catch {
      toast({
        title: 'Logout failed',
        description: 'You have been signed out on this device.',
        variant: 'destructive',
      });
    } finally {
      endSession(false);
      client.setQueryData(userQueryKey, null);
    }
  }, [client]);

  return {
    user,
    loading: query.isPending,
    needsVerification: !!user && user.email !== null && !user.isVerified,
    signIn,
    signOut,
  };
}

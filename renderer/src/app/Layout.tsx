import { Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BOTTOM_NAV_HEIGHT, BottomNav } from '../components/BottomNav';
import { ConnectionIndicator } from '../components/ConnectionIndicator';
import { Toaster } from '../components/Toaster';
import { invitationAtom, useInvitationEvents } from '../features/invitations/hooks/useInvitations';
import { useMatchmakingEvents } from '../features/matchmaking/hooks/useMatchmaking';
import { VerificationBanner } from '../features/session/components/VerificationBanner';
import { useSoundPackSync } from '../lib/audio/pack';
import { onSessionEnded } from '../lib/http';
import { registerPushDevice } from '../lib/push';
import { matchAtom } from '../lib/queue';
import { socket } from '../lib/realtime';
import { userQueryKey } from '../lib/session/user';
import { useSession } from '../lib/session/useSession';
import { toast } from '../lib/toast';
import { PATHS, isTablePage, showsBottomNav } from '../lib/paths';
import { RouteFallback } from './RouteFallback';

const NOTICES: Record<string, Parameters<typeof toast>[0]> = {
  email_verified: {
    title: 'Email verified',
    description: 'Thank you: your email address is confirmed.',
    variant: 'success',
  },
  verification_expired: {
    title: 'Verification Failed',
    description: 'That link has expired. Sign in and ask for a new one.',
    variant: 'destructive',
  },
  verification_failed: {
    title: 'Verification Failed',
    description: 'That link is not valid any more.',
    variant: 'destructive',
  },
};

/** Session side effects: socket lifecycle, the deletion route, notices from links, expiry. */
function useSessionEffects() {
  const { user } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();

  useEffect(() => onSessionEnded(() => client.setQueryData(userQueryKey, null)), [client]);

  useEffect(() => {
    if (user) socket.connect();
    else socket.disconnect();
  }, [user]);

  // A signed-in player's device gets push notifications (mobile; elsewhere this does nothing).
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId !== null) void registerPushDevice();
  }, [userId]);

  const marked = user?.markedForDelete ?? false;
  useEffect(() => {
    if (marked && pathname !== PATHS.deleteAccount) {
      toast({
        title: 'Account Scheduled for Deletion',
        description: 'Restore your account to keep playing.',
        variant: 'warning',
      });
      navigate(PATHS.deleteAccount, { replace: true });
    }
  }, [marked, pathname, navigate]);

  const notice = params.get('notice');
  useEffect(() => {
    if (!notice) return;
    const input = NOTICES[notice];
    if (input) toast(input);
    if (notice === 'email_verified') void client.invalidateQueries({ queryKey: userQueryKey });
    setParams(
      (current) => {
        current.delete('notice');
        return current;
      },
      { replace: true },
    );
  }, [notice, setParams, client]);

  return user;
}

// The dialog (and Mantine's Modal) loads only once a match is found.
const MatchDialog = lazy(() =>
  import('../features/matchmaking/components/MatchDialog').then((m) => ({ default: m.MatchDialog })),
);

// Likewise the private-game invitation, once one arrives.
const InvitationDialog = lazy(() =>
  import('../features/invitations/components/InvitationDialog').then((m) => ({
    default: m.InvitationDialog,
  })),
);

/**
 * The frame of every page: toasts, the match and invitation dialogs, the verification notice and
 * the bottom tabs.
 */
export function Layout() {
  const user = useSessionEffects();
  const { pathname } = useLocation();
  useMatchmakingEvents(user?.id ?? null);
  useSoundPackSync(user?.id ?? null);
  useInvitationEvents(user?.id ?? null);
  const withNav = showsBottomNav(pathname);
  const needsVerification = !!user && user.email !== null && !user.isVerified;
  const matchFound = useAtomValue(matchAtom) !== null;
  const invited = useAtomValue(invitationAtom) !== null;
  const inGameRoom = isTablePage(pathname);
  return (
    <>
      {/* The game room needs every pixel for the table, and a running turn timer is no time for it. */}
      {needsVerification && !inGameRoom && <VerificationBanner />}
      {/* The table shows each player's connection itself, and its toolbar owns that corner. */}
      {user && !inGameRoom && (
        <Box pos="fixed" top={10} right={12} style={{ zIndex: 60 }}>
          <ConnectionIndicator />
        </Box>
      )}
      <Box pb={withNav ? BOTTOM_NAV_HEIGHT + 16 : 0}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <BottomNav />
      {matchFound && (
        <Suspense fallback={null}>
          <MatchDialog userId={user?.id ?? null} />
        </Suspense>
      )}
      {invited && user && (
        <Suspense fallback={null}>
          <InvitationDialog />
        </Suspense>
      )}
      <Toaster />
    </>
  );
}

import { Box } from '@mantine/core';
import { focusManager, onlineManager, useQueryClient } from '@tanstack/react-query';
import { Suspense, lazy, useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { BOTTOM_NAV_HEIGHT, BottomNav } from '../components/BottomNav';
import { ConnectionStatus } from '../components/ConnectionStatus';
import { OfflineNotice } from '../components/OfflineNotice';
import { Toaster } from '../components/Toaster';
import { invitationAtom, useInvitationEvents } from '../features/invitations/hooks/useInvitations';
import { useMatchmakingEvents } from '../features/matchmaking/hooks/useMatchmaking';
import {
  nextTournamentGameAtom,
  useTournamentEvents,
} from '../features/tournaments/hooks/useTournamentEvents';
import { VerificationBanner } from '../features/session/components/VerificationBanner';
import { useUnreadTotal } from '../domain/conversations';
import { useSoundPackSync } from '../domain/sound-packs';
import { appSignals, followDeviceSignals } from '../lib/device-signals';
import { useDocumentTitle } from '../lib/document-title';
import { onSessionEnded } from '../lib/http';
import { useNetworkOnline } from '../lib/network';
import { pendingUpdateAtom } from '../lib/pwa/update';
import { followPushToken, registerPushDevice } from '../lib/push';
import { matchAtom } from '../domain/queue';
import { socket } from '../lib/realtime';
import { userQueryKey } from '../lib/session/user';
import { useSession } from '../lib/session/useSession';
import { toast } from '../lib/toast';
import { PATHS, isTablePage, showsBottomNav } from '../lib/paths';
import { platform } from '../platform';
import { connectionNeededFor } from './online-only';
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

  // After initPlatform, so a native shell's resume is the one listened to.
  useEffect(() => followDeviceSignals(appSignals(platform), socket, { onlineManager, focusManager }), []);

  // A signed-in player's device gets push notifications (mobile; elsewhere this does nothing).
  const userId = user?.id ?? null;
  useEffect(() => {
    if (userId === null) return;
    void registerPushDevice();
    return followPushToken();
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

// And a tournament's "Your next game", once the player is paired away from the tournament's page.
const NextGameNotice = lazy(() =>
  import('../features/tournaments/components/NextGameNotice').then((m) => ({ default: m.NextGameNotice })),
);

// And the update prompt, once a new version is waiting (lib/pwa).
const UpdatePrompt = lazy(() =>
  import('../components/UpdatePrompt').then((m) => ({ default: m.UpdatePrompt })),
);

// And, in the desktop app, its own updater's prompt (docs/desktop.md, "Updates").
const AppUpdatePrompt = lazy(() =>
  import('../components/AppUpdatePrompt').then((m) => ({ default: m.AppUpdatePrompt })),
);

/** The bottom tabs with the unread total: its own component, so a new message redraws only the tabs. */
function UnreadBottomNav() {
  return <BottomNav unread={useUnreadTotal()} />;
}

/**
 * The frame of every page: toasts, the match and invitation dialogs, a tournament's next game, the verification notice, the
 * bottom tabs, the update prompts (web and desktop), and in place of an online-only page with no network, why it is
 * unavailable (`connectionNeededFor`).
 */
export function Layout() {
  const user = useSessionEffects();
  const { pathname } = useLocation();
  useMatchmakingEvents(user?.id ?? null);
  useSoundPackSync(user?.id ?? null);
  useInvitationEvents(user?.id ?? null);
  useTournamentEvents(user?.id ?? null);
  useDocumentTitle();
  const withNav = showsBottomNav(pathname);
  const needsVerification = !!user && user.email !== null && !user.isVerified;
  const matchFound = useAtomValue(matchAtom) !== null;
  const invited = useAtomValue(invitationAtom) !== null;
  const inGameRoom = isTablePage(pathname);
  const online = useNetworkOnline();
  const offlineWhat = online ? null : connectionNeededFor(pathname);
  const updateWaiting = useAtomValue(pendingUpdateAtom) !== null;
  const nextGameWaiting = useAtomValue(nextTournamentGameAtom) !== null;
  return (
    <>
      <ConnectionStatus signedIn={!!user} inGameRoom={inGameRoom} />
      {/* The game room needs every pixel for the table, and a running turn timer is no time for it. */}
      {needsVerification && !inGameRoom && <VerificationBanner />}
      <Box pb={withNav ? BOTTOM_NAV_HEIGHT + 16 : 0}>
        {offlineWhat ? (
          <OfflineNotice what={offlineWhat} />
        ) : (
          <Suspense fallback={<RouteFallback />}>
            <Outlet />
          </Suspense>
        )}
      </Box>
      <UnreadBottomNav />
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
      {nextGameWaiting && user && (
        <Suspense fallback={null}>
          <NextGameNotice aboveNav={withNav} />
        </Suspense>
      )}
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
      {platform.appUpdates && (
        <Suspense fallback={null}>
          <AppUpdatePrompt updates={platform.appUpdates} />
        </Suspense>
      )}
      <Toaster inGameRoom={inGameRoom} />
    </>
  );
}

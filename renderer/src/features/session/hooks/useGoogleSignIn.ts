import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { GoogleAuthResponse } from '@shared/protocol';
import { failureText } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { toast } from '../../../lib/toast';
import { platform } from '../../../platform';
import { startGoogleSignIn } from '../api/google';
import { createPkce, onSignInResult, savePending } from './google-flow';

/** The notices of a Google sign-in that ends without a user (the title is the spec's). */
export const GOOGLE_FAILED = 'Google sign-in failed';
export const NO_USER_TEXT = 'No account came back from Google';
export const CANCELLED_TEXT = 'Sign-in was cancelled';

/** Ends a Google sign-in: the session and its notice, or the failure notice. */
export function useFinishGoogleSignIn() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const succeed = useCallback(
    (answer: GoogleAuthResponse, returnTo: string) => {
      signIn(answer);
      toast({
        title: answer.isNewUser ? 'Account Created' : 'Sign-in Successful',
        description: `Signed in as ${answer.user.username}`,
        variant: 'success',
      });
      navigate(answer.markedForDelete ? PATHS.deleteAccount : returnTo, { replace: true });
    },
    [navigate, signIn],
  );
  const fail = useCallback((description: string) => {
    toast({ title: GOOGLE_FAILED, description, variant: 'destructive' });
  }, []);
  return { succeed, fail };
}

/**
 * The "Continue with Google" button's behaviour: starts a sign-in with a fresh PKCE pair and opens
 * Google's page (a popup on web, the system browser on native), and finishes when the popup
 * reports back. See docs/design.md, "Google sign-in".
 */
export function useGoogleSignIn(returnTo: string) {
  const { succeed, fail } = useFinishGoogleSignIn();
  const [starting, setStarting] = useState(false);

  useEffect(
    () =>
      onSignInResult((result) => {
        if (result.answer) succeed(result.answer, returnTo);
        else fail(result.error ?? NO_USER_TEXT);
      }),
    [succeed, fail, returnTo],
  );

  const begin = useCallback(async () => {
    setStarting(true);
    try {
      const { verifier, challenge } = await createPkce();
      const { url } = await startGoogleSignIn({
        platform: platform.isNative ? 'native' : 'web',
        codeChallenge: challenge,
      });
      const pending = { verifier, returnTo, startedAt: Date.now() };
      if (platform.isNative) {
        savePending({ ...pending, mode: 'native' });
        platform.openSignInPage(url);
        return;
      }
      savePending({ ...pending, mode: 'popup' });
      if (!platform.openSignInPage(url)) {
        // The popup was blocked: sign in in this tab, which comes back to /oauth-redirect.
        savePending({ ...pending, mode: 'tab' });
        window.location.assign(url);
      }
    } catch (error) {
      fail(failureText(error, NO_USER_TEXT));
    } finally {
      setStarting(false);
    }
  }, [returnTo, fail]);

  return { begin, starting };
}

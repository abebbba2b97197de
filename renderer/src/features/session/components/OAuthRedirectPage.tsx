import { Button, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { GoogleAuthResponse } from '@shared/protocol';
import { failureText } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';
import { finishGoogleSignIn, redeemGoogleCode } from '../api/google';
import { deliverResult, takePending, type SignInMode } from '../hooks/google-flow';
import { CANCELLED_TEXT, NO_USER_TEXT, useFinishGoogleSignIn } from '../hooks/useGoogleSignIn';

/** The deep link that hands a native sign-in back to the app. */
export const APP_LINK = 'spar://oauth-redirect';
const ELSEWHERE_TEXT = 'This sign-in was started in another window or has expired. Please try again.';

type View =
  { kind: 'working' } | { kind: 'open-app'; link: string } | { kind: 'message'; text: string; link?: string };

/**
 * Where every Google sign-in comes back (see docs/design.md, "Google sign-in"):
 * - from Google, with `state` and `code` (or `error`), in a web popup, in the same tab, or in the
 *   system browser of a native app, which gets a one-time code to take back to the app;
 * - inside the native app, with that one-time `code` (or `error`) from the `spar://` deep link.
 */
export function OAuthRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { succeed, fail } = useFinishGoogleSignIn();
  const [view, setView] = useState<View>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const state = params.get('state');
    const code = params.get('code');
    const error = params.get('error');
    const pending = takePending();

    /** A web sign-in's end: told to the opener (popup) or finished here (same tab). */
    const report = (
      mode: SignInMode,
      returnTo: string,
      outcome: { answer?: GoogleAuthResponse; error?: string },
    ): View | null => {
      if (mode === 'popup') {
        deliverResult(outcome);
        window.close();
        return { kind: 'message', text: 'You can close this window and return to Spar.' };
      }
      if (outcome.answer) succeed(outcome.answer, returnTo);
      else {
        fail(outcome.error ?? NO_USER_TEXT);
        navigate(PATHS.auth, { replace: true });
      }
      return null;
    };

    /** Finishes the sign-in; the view to show, or null when it navigated away. */
    const run = async (): Promise<View | null> => {
      // Back in the app from the system browser, by deep link.
      if (state === null) {
        if (!code || !pending) {
          fail(error === 'access_denied' ? CANCELLED_TEXT : code ? ELSEWHERE_TEXT : NO_USER_TEXT);
          navigate(PATHS.auth, { replace: true });
          return null;
        }
        try {
          succeed(await redeemGoogleCode({ code, codeVerifier: pending.verifier }), pending.returnTo);
        } catch (failure) {
          fail(failureText(failure, NO_USER_TEXT));
          navigate(PATHS.auth, { replace: true });
        }
        return null;
      }
      // From Google. A browser without a sign-in in progress is a native app's system browser.
      if (error || !code) {
        const text = error === 'access_denied' ? CANCELLED_TEXT : NO_USER_TEXT;
        if (pending) return report(pending.mode, pending.returnTo, { error: text });
        return { kind: 'message', text, link: `${APP_LINK}?error=${encodeURIComponent(error ?? 'no_code')}` };
      }
      try {
        const finished = await finishGoogleSignIn({ state, code });
        if (finished.platform === 'native') {
          const link = `${APP_LINK}?code=${encodeURIComponent(finished.code)}`;
          window.location.href = link;
          return { kind: 'open-app', link };
        }
        if (!pending) return { kind: 'message', text: ELSEWHERE_TEXT };
        const answer = await redeemGoogleCode({ code: finished.code, codeVerifier: pending.verifier });
        return report(pending.mode, pending.returnTo, { answer });
      } catch (failure) {
        const text = failureText(failure, NO_USER_TEXT);
        return pending ? report(pending.mode, pending.returnTo, { error: text }) : { kind: 'message', text };
      }
    };
    void run().then((next) => {
      if (next) setView(next);
    });
  }, [params, navigate, succeed, fail]);

  return (
    <Container py="xl" size={440}>
      <Stack align="center" gap="md">
        {view.kind === 'working' && (
          <>
            <Loader color="spar" />
            <Text>Signing you in…</Text>
          </>
        )}
        {view.kind === 'open-app' && (
          <>
            <Title order={2}>Signed in with Google</Title>
            <Text ta="center">Return to the Spar app to finish signing in.</Text>
            <Button component="a" href={view.link} color="spar" c="dark.9" size="md">
              Open Spar
            </Button>
          </>
        )}
        {view.kind === 'message' && (
          <>
            <Title order={2}>Google sign-in</Title>
            <Text ta="center">{view.text}</Text>
            {view.link && (
              <Button component="a" href={view.link} variant="light" color="spar">
                Open Spar
              </Button>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}

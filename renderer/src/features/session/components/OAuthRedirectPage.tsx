import { Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { googleSignIn } from '../api/google';
import { useSession } from '../../../lib/session/useSession';

/**
 * Where the system browser returns after Google sign-in on native: the ID token arrives in the
 * URL fragment (#id_token=…) and is exchanged for a Spar session.
 */
export function OAuthRedirectPage() {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const idToken = new URLSearchParams(window.location.hash.slice(1)).get('id_token');
    if (!idToken) {
      toast({
        title: 'Google sign-in failed',
        description: 'No account came back from Google',
        variant: 'destructive',
      });
      navigate(PATHS.auth, { replace: true });
      return;
    }
    googleSignIn(idToken)
      .then((answer) => {
        signIn(answer);
        toast({
          title: answer.isNewUser ? 'Account Created' : 'Sign-in Successful',
          description: `Signed in as ${answer.user.username}`,
          variant: 'success',
        });
        navigate(answer.markedForDelete ? PATHS.deleteAccount : PATHS.home, { replace: true });
      })
      .catch((error: unknown) => {
        toastFailure('Google sign-in failed', error, 'Please try again');
        navigate(PATHS.auth, { replace: true });
      });
  }, [navigate, signIn]);

  return (
    <Container py="xl">
      <Stack align="center">
        <Loader color="spar" />
        <Text>Signing you in…</Text>
      </Stack>
    </Container>
  );
}

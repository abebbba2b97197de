import { Button, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';
import { useSession } from '../lib/session/useSession';

/**
 * What a signed-out visitor sees where a page needs an account: why, and a Sign in button that
 * comes back to `returnTo` afterwards. Pages show it instead of redirecting, so that signing out
 * on one of them lands where the player chose to go. Nothing shows while a stored session is
 * still being checked: a signed-in player opening a page is not asked to sign in.
 */
export function SignInPrompt({
  header,
  reason,
  returnTo,
}: {
  /** The page's own header, shown above the prompt (and while the session is checked). */
  header?: React.ReactNode;
  reason: string;
  returnTo: string;
}) {
  const { loading } = useSession();
  return (
    <>
      {header}
      {!loading && (
        <Container size="sm" py="xl">
          <Stack align="center" ta="center">
            <Text c="dark.1">{reason}</Text>
            <Button component={Link} to={PATHS.signIn(returnTo)} color="spar" c="dark.9">
              Sign in
            </Button>
          </Stack>
        </Container>
      )}
    </>
  );
}

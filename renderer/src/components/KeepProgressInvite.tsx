import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';

/** The invitation's title, the same wherever it is shown. */
export const KEEP_PROGRESS_TITLE = 'Create an account to keep your progress';

/**
 * What an account keeps, said truthfully: a practice game played before signing up stays on the
 * device and is not carried over (docs/design.md, "Play before signing up").
 */
export const KEEP_PROGRESS_TEXT =
  'This game was played on your device and is not saved. With a free account, your games count towards your record, rating and achievements, you earn coins in quick and ranked games, and you can play friends online.';

/**
 * The invitation to sign up for a visitor who plays before having an account: at the end of their
 * practice game (`full`), and as one discreet line on the landing page (`compact`). Sign up opens
 * the sign-up form and comes back to the games hub.
 */
export function KeepProgressInvite({ compact = false }: { compact?: boolean }) {
  const signUp = (
    <Button
      component={Link}
      to={PATHS.signUp(PATHS.games)}
      color="accent"
      variant={compact ? 'subtle' : 'filled'}
      size={compact ? 'compact-sm' : 'sm'}
      leftSection={<IconUserPlus size={16} />}
    >
      Sign up
    </Button>
  );
  if (compact)
    return (
      <Group gap={6} wrap="wrap" data-testid="keep-progress">
        <Text size="sm" c="dark.1">
          No account needed to play the bots. {KEEP_PROGRESS_TITLE}:
        </Text>
        {signUp}
      </Group>
    );
  return (
    <Paper withBorder radius="md" p="sm" bg="dark.6" w="100%" data-testid="keep-progress">
      <Stack gap={6} align="center">
        <Text fw={700} c="accent.3">
          {KEEP_PROGRESS_TITLE}
        </Text>
        <Text size="sm" c="dark.1">
          {KEEP_PROGRESS_TEXT}
        </Text>
        {signUp}
      </Stack>
    </Paper>
  );
}

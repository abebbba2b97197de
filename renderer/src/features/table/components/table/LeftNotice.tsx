import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PATHS } from '../../../../lib/paths';

/**
 * Where the hand was, for a player who left a game of three or four that the others play on: they
 * finish last, keep watching if they like, and are free to start another game (docs/design.md,
 * "Rules").
 */
export function LeftNotice({ guest = false }: { guest?: boolean }) {
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="left-notice">
      <Stack gap={4} align="center" ta="center">
        <Text size="sm" fw={700}>
          You left this game with last place
        </Text>
        <Text size="xs" c="dimmed">
          The others play on; you are free to start another game.
        </Text>
        <Button size="compact-sm" variant="default" component={Link} to={guest ? PATHS.home : PATHS.games}>
          {guest ? 'Home' : 'Back to games'}
        </Button>
      </Stack>
    </Paper>
  );
}

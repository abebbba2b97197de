import { Affix, Button, CloseButton, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconPlayerPlay, IconTrophy } from '@tabler/icons-react';
import { useAtom } from 'jotai';
import { useNavigate } from 'react-router';
import { BOTTOM_NAV_HEIGHT } from '../../../components/BottomNav';
import { PATHS } from '../../../lib/paths';
import { nextTournamentGameAtom } from '../hooks/useTournamentEvents';

/**
 * "Your next game" while the player is elsewhere in the app: the tournament paired them and their
 * table is waiting (the turn timer runs there). Play opens it; closing it leaves the game to the
 * tournament's page, which points to it too. See docs/design.md, "Arena tournaments".
 */
export function NextGameNotice({ aboveNav }: { aboveNav: boolean }) {
  const [next, setNext] = useAtom(nextTournamentGameAtom);
  const navigate = useNavigate();
  if (!next) return null;
  return (
    <Affix position={{ bottom: (aboveNav ? BOTTOM_NAV_HEIGHT : 0) + 12, left: 12, right: 12 }} zIndex={300}>
      <Paper
        role="alertdialog"
        aria-label="Your next game"
        withBorder
        radius="lg"
        p="sm"
        maw={440}
        mx="auto"
        bg="dark.7"
        shadow="xl"
        style={{ borderColor: 'var(--mantine-color-spar-6)' }}
      >
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={40} radius="xl" color="accent" variant="light">
            <IconTrophy size={22} />
          </ThemeIcon>
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Text fw={700}>Your next game</Text>
            <Text size="sm" c="dark.1">
              Your tournament table is ready.
            </Text>
          </Stack>
          <Button
            color="spar"
            c="dark.9"
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() => {
              setNext(null);
              void navigate(PATHS.game(next.gameId));
            }}
          >
            Play
          </Button>
          <CloseButton aria-label="Dismiss" onClick={() => setNext(null)} />
        </Group>
      </Paper>
    </Affix>
  );
}

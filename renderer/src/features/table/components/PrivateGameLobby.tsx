import { Button, Center, Group, Loader, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { PRIVATE_INVITE_SECONDS } from '@shared/constants';
import type { GameView, InvitationCancelReason } from '@shared/protocol';
import { PATHS } from '../../../lib/paths';

/** The other player of a two-player private game, as the viewer sees them. */
function friendOf(game: GameView): string {
  const friend = game.players.find((p) => p.seat !== game.you?.seat);
  return friend?.username ?? 'your friend';
}

/**
 * A private game that has not started: the viewer is at the table, the friend is not yet. It
 * starts by itself when they join; until then the viewer may call it off.
 */
export function WaitingForFriend({ game, onCancel }: { game: GameView; onCancel(): void }) {
  const [now, setNow] = useState(() => Date.now());
  const [cancelling, setCancelling] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  const fullMs = PRIVATE_INVITE_SECONDS * 1000;
  const remainingMs =
    game.inviteExpiresAt === null || game.inviteExpiresAt === undefined
      ? fullMs
      : Math.min(fullMs, Math.max(0, game.inviteExpiresAt - now));
  const friend = friendOf(game);

  return (
    <Center mih="80vh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={440} w="100%">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} size="h3" c="spar.5">
            Private game
          </Title>
          <Group gap="xs" justify="center" wrap="nowrap">
            <Loader size="sm" color="accent" />
            <Text fw={600} role="status">
              Waiting for {friend} to join
            </Text>
          </Group>
          <Text size="sm" c="dark.1">
            The game starts as soon as you are both at the table. It counts for neither rating.
          </Text>
          <Progress
            w="100%"
            value={(remainingMs / fullMs) * 100}
            color="spar"
            size="md"
            radius="xl"
            aria-label="Time left for your friend to join"
            transitionDuration={250}
          />
          <Text size="sm" c="dark.1">
            {Math.ceil(remainingMs / 1000)} seconds left
          </Text>
          <Button
            variant="default"
            loading={cancelling}
            onClick={() => {
              setCancelling(true);
              onCancel();
            }}
          >
            Cancel game
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

const CALLED_OFF: Record<InvitationCancelReason, (friend: string, byYou: boolean) => string> = {
  declined: (friend, byYou) => (byYou ? 'You declined the game.' : `${friend} declined the game.`),
  withdrawn: (friend, byYou) => (byYou ? 'You cancelled the game.' : `${friend} cancelled the game.`),
  expired: (friend) => `${friend} did not join in time.`,
};

/** A private game that never started: declined, withdrawn, or not joined in time. */
export function GameCalledOff({
  game,
  reason,
  byYou,
}: {
  game: GameView;
  reason: InvitationCancelReason | null;
  byYou: boolean;
}) {
  const friend = friendOf(game);
  return (
    <Center mih="80vh" p="md">
      <Stack align="center" ta="center" maw={440}>
        <Title order={2} c="spar.5">
          Game called off
        </Title>
        <Text c="dark.1" role="status">
          {reason ? CALLED_OFF[reason](friend, byYou) : 'This private game did not start.'}
        </Text>
        <Button component={Link} to={PATHS.games} color="spar" c="dark.9">
          Back to games
        </Button>
      </Stack>
    </Center>
  );
}

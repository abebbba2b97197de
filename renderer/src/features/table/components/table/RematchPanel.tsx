import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { GameView } from '@shared/protocol';
import type { RematchState } from '../../hooks/useRematch';
import { viewerOf } from './layout';

/** Whole seconds left until `expiresAt`, ticking each second (0 once past). */
function useSecondsLeft(expiresAt: number | null): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === null ? 0 : Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** Why a rematch ended, in words: `name` is the player it names (never oneself: they left). */
export function rematchEndText(
  state: Extract<RematchState, { phase: 'ended' }>,
  name: string | null,
): string {
  const who = name ?? 'A player';
  switch (state.reason) {
    case 'declined':
      return `${who} declined the rematch.`;
    case 'left':
      return `${who} left, so there is no rematch.`;
    case 'expired':
      return name ? `The rematch ran out of time: ${name} did not answer.` : 'The rematch ran out of time.';
    case 'unavailable':
      return 'A rematch is not possible with these players now.';
    case 'closed':
      return 'No rematch: another player has left the game.';
  }
}

/**
 * The game-over panel's rematch, for a game with other players: Rematch asks every one of them,
 * who accepted shows by name with the time left, and an ending says why. See docs/protocol.md,
 * "Rematch".
 */
export function RematchPanel({
  game,
  state,
  onAccept,
}: {
  game: GameView;
  state: RematchState;
  onAccept(): void;
}) {
  const me = viewerOf(game)?.userId ?? null;
  const humans = game.players.filter((p) => p.userId !== null);
  const seconds = useSecondsLeft(state.phase === 'asked' ? state.expiresAt : null);

  if (state.phase === 'ended') {
    const name = humans.find((p) => p.userId === state.by && p.userId !== me)?.username ?? null;
    return (
      <Text size="sm" c="red.3" role="status">
        {rematchEndText(state, name)}
      </Text>
    );
  }
  if (state.phase === 'idle') {
    return (
      <Button color="spar" variant="outline" onClick={onAccept}>
        Rematch
      </Button>
    );
  }
  const accepted = new Set(state.accepted);
  const iAccepted = me !== null && accepted.has(me);
  return (
    <Stack gap={6} align="center" aria-label="Rematch" role="group">
      <Group gap={6} justify="center">
        {humans.map((p) => (
          <Badge
            key={p.seat}
            color={accepted.has(p.userId!) ? 'teal' : 'gray'}
            variant="light"
            leftSection={accepted.has(p.userId!) ? <IconCheck size={12} /> : <IconClock size={12} />}
            styles={{ label: { textTransform: 'none', overflow: 'visible' } }}
          >
            {p.userId === me ? 'You' : p.username}
          </Badge>
        ))}
      </Group>
      <Text size="sm" c="dark.1" role="status">
        {iAccepted
          ? `Waiting for the others to accept… ${seconds} s`
          : `Rematch asked: ${seconds} s to accept`}
      </Text>
      {!iAccepted && (
        <Button color="spar" c="dark.9" onClick={onAccept}>
          Accept rematch
        </Button>
      )}
    </Stack>
  );
}

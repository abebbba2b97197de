import { ActionIcon, Badge, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconBook2, IconEye, IconFlag } from '@tabler/icons-react';
import { Link } from 'react-router';
import { TRICKS_PER_HAND } from '@shared/game';
import type { GameView } from '@shared/protocol';
import { SoundMenuButton } from '../../../../components/SoundSettings';
import { PATHS } from '../../../../lib/paths';

/** Back to games, the game's mode and progress, the rules, and (for a player in play) Resign. */
export function TableToolbar({
  game,
  onShowRules,
  onResign,
}: {
  game: GameView;
  onShowRules(): void;
  onResign(): void;
}) {
  const spectator = game.you === null;
  return (
    <Group justify="space-between" wrap="nowrap">
      <ActionIcon
        component={Link}
        to={PATHS.games}
        variant="subtle"
        color="gray"
        size="lg"
        aria-label="Back to games"
      >
        <IconArrowLeft size={20} />
      </ActionIcon>
      <Group gap={6} wrap="nowrap">
        <Badge variant="light" color="accent">
          {game.mode}
        </Badge>
        {spectator && (
          <Badge variant="outline" color="gray">
            watching
          </Badge>
        )}
        {(game.spectators ?? 0) > 0 && (
          <Badge
            variant="light"
            color="gray"
            leftSection={<IconEye size={12} />}
            aria-label={`${game.spectators} watching`}
          >
            {game.spectators}
          </Badge>
        )}
        <Text size="xs" c="dark.1">
          Hand {game.handNumber} · trick {game.trickNumber}/{TRICKS_PER_HAND}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        <SoundMenuButton />
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="How to Play" onClick={onShowRules}>
          <IconBook2 size={20} />
        </ActionIcon>
        {!spectator && game.status === 'active' && (
          <ActionIcon variant="subtle" color="red" size="lg" aria-label="Resign" onClick={onResign}>
            <IconFlag size={20} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}

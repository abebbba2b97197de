import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconEye, IconTrophy } from '@tabler/icons-react';
import type { GameListItem } from '@shared/protocol';
import { GameButton } from '../../../../components/GameButton';
import { PlayerAvatar } from '../../../../components/PlayerAvatar';

type LivePlayer = GameListItem['players'][number];

/** A player of a live game: the avatar they chose (or their initials), name, rating and score. */
function PlayerLine({ player }: { player: LivePlayer }) {
  return (
    <Group gap="xs" wrap="nowrap" miw={0}>
      <PlayerAvatar size="sm" color="spar" username={player.username} avatarUrl={player.avatarUrl} />
      <Text size="sm" truncate fw={600}>
        {player.username}
      </Text>
      {player.rating !== null && player.rating !== undefined && (
        <Text size="xs" c="spar.4">
          {player.rating}
        </Text>
      )}
      <Text size="sm" fw={700} ml="auto">
        {player.score}
      </Text>
    </Group>
  );
}

/** How many are watching a game, with an eye. */
export function Spectators({ count }: { count: number }) {
  return (
    <Badge variant="light" color="gray" leftSection={<IconEye size={12} />} aria-label={`${count} watching`}>
      {count}
    </Badge>
  );
}

/** One live game: its players with ratings and scores, the target, how many watch, and a way in. */
export function LiveGameCard({ game }: { game: GameListItem }) {
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="md" data-testid="live-game" aria-label="Live game">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        {game.tournament ? (
          <Badge
            variant="filled"
            color="accent"
            leftSection={<IconTrophy size={12} />}
            title={game.tournament.name}
            style={{ minWidth: 0 }}
          >
            {game.tournament.name}
          </Badge>
        ) : (
          <Badge variant="light" color="accent">
            {game.mode}
          </Badge>
        )}
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dark.1">
            to {game.targetScore}
          </Text>
          <Spectators count={game.spectators ?? 0} />
        </Group>
      </Group>
      <Stack gap={6} mb="sm">
        {game.players.map((p) => (
          <PlayerLine key={p.seat} player={p} />
        ))}
      </Stack>
      <GameButton gameId={game.id} kind="watch" iconSize={16} variant="light" color="spar" fullWidth />
    </Card>
  );
}

import { ActionIcon, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { UserGame } from '@shared/protocol';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { failureText } from '../../../lib/http';
import { PATHS } from '../../../lib/paths';
import { userGamesQueryOptions } from '../api/games';

/** One game as the profile's owner saw it: their result, their opponents and the score. */
function GameRow({ game, ownerId }: { game: UserGame; ownerId: number }) {
  const owner = game.players.find((p) => p.userId === ownerId);
  const others = game.players.filter((p) => p !== owner);
  const won = game.winnerUserId === ownerId;
  const against = others.map((p) => p.username).join(', ') || 'Opponent';
  const score = [owner, ...others].map((p) => p?.score ?? 0).join('–');
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge color={won ? 'teal' : 'red'} variant="light" w={52}>
          {won ? 'win' : 'loss'}
        </Badge>
        {others[0] && (
          <PlayerAvatar
            username={others[0].username}
            avatarUrl={others[0].avatarUrl}
            size={24}
            color="gray"
            variant="light"
          />
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" truncate>
            vs {against}
          </Text>
          <Text size="xs" c="dark.2">
            {game.mode === 'ranked' ? 'Ranked' : 'Quick'} ·{' '}
            {new Date(game.finishedAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
          </Text>
        </Stack>
      </Group>
      {/* The score keeps one line and its width (at 360 it wrapped to "12–/9"); the names give way. */}
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
          {score}
        </Text>
        <ActionIcon
          component={Link}
          to={PATHS.replay(game.id)}
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={`Replay the game against ${against}`}
        >
          <IconPlayerPlay size={14} />
        </ActionIcon>
      </Group>
    </Group>
  );
}

/**
 * A player's recent finished ranked and quick games on their profile, each with its replay.
 * Practice and private games are never listed. See docs/design.md, "Watch and replays".
 */
export function RecentGames({ userId }: { userId: number }) {
  const games = useQuery(userGamesQueryOptions(userId));
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="lg">
      <Title order={2} size="h4" mb="sm">
        Recent games
      </Title>
      {games.isError ? (
        <Text size="sm" c="red.4">
          {failureText(games.error, 'Could not load the games')}
        </Text>
      ) : !games.data ? (
        <Stack gap="xs">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : games.data.length === 0 ? (
        <Text size="sm" c="dark.1">
          No finished ranked or quick games yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {games.data.map((g) => (
            <GameRow key={g.id} game={g} ownerId={userId} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

import { Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UserGame } from '@shared/protocol';
import { GameResultRow } from '../../../components/GameResultRow';
import { SectionCard } from '../../../components/SectionCard';
import { userGamesQueryOptions } from '../api/games';
import { LoadFailure } from '../../../components/QueryStatus';

/** One game as the profile's owner saw it: their result, their opponents and the score. */
function GameRow({ game, ownerId }: { game: UserGame; ownerId: number }) {
  const owner = game.players.find((p) => p.userId === ownerId);
  const others = game.players.filter((p) => p !== owner);
  return (
    <GameResultRow
      gameId={game.id}
      result={game.winnerUserId === ownerId ? 'win' : 'loss'}
      opponent={others[0]}
      against={others.map((p) => p.username).join(', ') || 'Opponent'}
      detail={
        <Text size="xs" c="dark.2">
          {game.mode === 'ranked' ? 'Ranked' : 'Quick'} ·{' '}
          {new Date(game.finishedAt).toLocaleDateString(undefined, { month: 'short', day: 'numeric' })}
        </Text>
      }
      score={[owner, ...others].map((p) => p?.score ?? 0).join('–')}
    />
  );
}

/**
 * A player's recent finished ranked and quick games on their profile, each with its replay.
 * Practice and private games are never listed. See docs/design.md, "Watch and replays".
 */
export function RecentGames({ userId }: { userId: number }) {
  const games = useQuery(userGamesQueryOptions(userId));
  return (
    <SectionCard title="Recent games">
      {games.isError ? (
        <LoadFailure error={games.error} fallback="Could not load the games" size="sm" />
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
    </SectionCard>
  );
}

import { Card, Center, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GameListItem } from '@shared/protocol';
import { NoticeCard, SectionCard } from '../../../../components/SectionCard';
import { GameButton } from '../../../../components/GameButton';
import { PageHeader } from '../../../../components/PageHeader';
import { SignInPrompt } from '../../../../components/SignInPrompt';
import { useDefaultDeckFolder } from '../../../../domain/decks';
import { PATHS } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session/useSession';
import { liveGamesQueryOptions, tournamentGamesFirst } from '../../api/live-games';
import { pacedTableProps } from '../../hooks/roomState';
import { useGameRoom } from '../../hooks/useGameRoom';
import { GameTable } from '../GameTable';
import { LiveGameCard, Spectators } from './LiveGameCard';

/** How many games that ended while the page was open stay listed for their replay. */
const RECENTLY_ENDED = 5;

/**
 * The featured game, watched over the socket in a read-only table, under its players and how many
 * watch (the room's live count once joined, which counts this viewer too); tells when it ends.
 */
function FeaturedGame({ game, onEnded }: { game: GameListItem; onEnded(id: string): void }) {
  const room = useGameRoom(game.id);
  const deck = useDefaultDeckFolder();
  const ended = room.missing || room.over !== null || (room.game !== null && room.game.status !== 'active');
  useEffect(() => {
    if (ended) onEnded(game.id);
  }, [ended, game.id, onEnded]);
  return (
    <Card withBorder radius="lg" bg="dark.8" padding="md" aria-label="Featured game">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="xs" c="accent.4" fw={700} tt="uppercase" truncate>
            {game.tournament ? `Tournament · ${game.tournament.name}` : `Featured · ${game.mode}`}
          </Text>
          <Text fw={700} truncate>
            {game.players.map((p) => p.username).join(' vs ')}
          </Text>
        </Stack>
        <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Spectators count={room.game?.spectators ?? game.spectators ?? 0} />
          <GameButton gameId={game.id} kind="watch" size="xs" color="spar" c="dark.9" />
        </Group>
      </Group>
      {room.game ? (
        <GameTable
          game={room.game}
          {...pacedTableProps(room)}
          over={null}
          deck={deck}
          onPlay={() => undefined}
          onResign={() => undefined}
          onPlayAgain={() => undefined}
          readOnly
        />
      ) : (
        <Center h={260}>
          <Loader color="spar" />
        </Center>
      )}
    </Card>
  );
}

/**
 * /watch: the live ranked and quick games, refreshed every few seconds, the highest-rated one
 * playing on the page like a TV channel (the next takes over when it ends), and replays of the
 * games that ended meanwhile. See docs/design.md, "Watch and replays".
 */
export function WatchPage() {
  const { user } = useSession();
  const live = useQuery({ ...liveGamesQueryOptions, enabled: !!user });
  const queryClient = useQueryClient();
  const [endedIds, setEndedIds] = useState<ReadonlySet<string>>(new Set());
  const [recent, setRecent] = useState<GameListItem[]>([]);
  const seen = useRef(new Map<string, GameListItem>());

  // A game that leaves the list has ended: keep it for its replay.
  useEffect(() => {
    if (!live.data) return;
    const now = new Set(live.data.map((g) => g.id));
    const gone = [...seen.current.values()].filter((g) => !now.has(g.id));
    seen.current = new Map(live.data.map((g) => [g.id, g]));
    if (gone.length > 0)
      setRecent((r) =>
        [...gone, ...r.filter((g) => !gone.some((x) => x.id === g.id))].slice(0, RECENTLY_ENDED),
      );
  }, [live.data]);

  const onEnded = useCallback(
    (id: string) => {
      setEndedIds((ids) => (ids.has(id) ? ids : new Set([...ids, id])));
      void queryClient.invalidateQueries({ queryKey: liveGamesQueryOptions.queryKey });
    },
    [queryClient],
  );

  if (!user) {
    return (
      <SignInPrompt
        header={<PageHeader title="Watch Live" size="sm" />}
        reason="Sign in to watch live ranked and quick games."
        returnTo={PATHS.watch}
      />
    );
  }

  const games = tournamentGamesFirst(live.data ?? []);
  const featured = games.find((g) => !endedIds.has(g.id));
  const others = games.filter((g) => g !== featured);

  return (
    <>
      <PageHeader title="Watch Live" />
      <Container size="md" pb="xl">
        <Stack gap="lg">
          {live.isPending ? (
            <Center h={200}>
              <Loader color="spar" />
            </Center>
          ) : featured ? (
            <FeaturedGame key={featured.id} game={featured} onEnded={onEnded} />
          ) : (
            <NoticeCard
              title="No live games right now"
              text="Ranked and quick games show up here as soon as they start. This page refreshes by itself."
            />
          )}

          {others.length > 0 && (
            <>
              <Title order={2} size="h4">
                Live games
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
                {others.map((g) => (
                  <LiveGameCard key={g.id} game={g} />
                ))}
              </SimpleGrid>
            </>
          )}

          {recent.length > 0 && (
            <SectionCard title="Just finished">
              <Stack gap="xs">
                {recent.map((g) => (
                  <Group key={g.id} justify="space-between" wrap="nowrap">
                    <Text size="sm" truncate>
                      {g.players.map((p) => p.username).join(' vs ')}
                    </Text>
                    <GameButton gameId={g.id} kind="replay" size="xs" variant="light" color="spar" />
                  </Group>
                ))}
              </Stack>
            </SectionCard>
          )}
        </Stack>
      </Container>
    </>
  );
}

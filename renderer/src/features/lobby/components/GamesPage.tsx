import {
  Button,
  Card,
  Center,
  Container,
  Group,
  Loader,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { IconBolt, IconChevronRight, IconRobot, IconTournament, IconTrophy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BOT_LEVELS, type BotLevel } from '@shared/game';
import { PATHS } from '../../../lib/paths';
import { GameResultRow } from '../../../components/GameResultRow';
import { HowToPlayCard } from '../../../components/HowToPlayCard';
import { PageHeader } from '../../../components/PageHeader';
import { SectionCard } from '../../../components/SectionCard';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { ApiError, toastFailure } from '../../../lib/http';
import { useNetworkOnline } from '../../../lib/network';
import { toast } from '../../../lib/toast';
import { useQueueActions } from '../../../domain/queue';
import { formatRating, formatRatingChange } from '../../../domain/rating';
import { useSession } from '../../../lib/session/useSession';
import { leaderboardQueryOptions } from '../api/leaderboard';
import { myGamesQueryOptions } from '../api/my-games';
import { startPractice } from '../api/practice';
import { DailyRewardCard } from './DailyRewardCard';

function Elapsed({ since }: { since: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - since) / 1000));
  return <>{`${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`}</>;
}

const TABLE_SIZE_OPTIONS = [
  { value: '2', label: '1 v 1' },
  { value: '3', label: '3 players' },
  { value: '4', label: '4 players' },
];
const OPPONENT_OPTIONS = [
  { value: '1', label: '1 bot' },
  { value: '2', label: '2 bots' },
  { value: '3', label: '3 bots' },
];

function searchingFor(queue: { queue: string | null; size?: number }): string {
  if (queue.queue === 'ranked') return 'Searching for a ranked opponent…';
  if (queue.size && queue.size > 2) return `Searching for a ${queue.size}-player quick table…`;
  return 'Searching for a quick opponent…';
}

function QueuePanel() {
  const { join, leave, queue } = useQueueActions();
  const [size, setSize] = useState('2');
  // A queue is joined over the socket: offline the request would only wait, unseen, for the network.
  const online = useNetworkOnline();
  if (queue.inQueue) {
    return (
      <Card withBorder radius="lg" bg="dark.7" padding="lg">
        <Group justify="space-between">
          <Group gap="sm">
            <Loader size="sm" color="accent" />
            <Stack gap={0}>
              <Text fw={700}>{searchingFor(queue)}</Text>
              <Text size="sm" c="dark.1">
                Waiting {queue.since ? <Elapsed since={queue.since} /> : null}
              </Text>
            </Stack>
          </Group>
          <Button variant="default" onClick={leave}>
            Leave
          </Button>
        </Group>
      </Card>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <Stack gap={6}>
        <Button
          size="lg"
          color="spar"
          c="dark.9"
          leftSection={<IconTrophy size={20} />}
          disabled={!online}
          onClick={() => join('ranked')}
        >
          Ranked
        </Button>
        <Text size="xs" c="dark.1" ta="center">
          {online ? '1 v 1, rated' : 'Matchmaking needs a connection'}
        </Text>
      </Stack>
      <Stack gap={6}>
        <Button
          size="lg"
          color="accent"
          leftSection={<IconBolt size={20} />}
          disabled={!online}
          onClick={() => join('quick', Number(size))}
        >
          Quick
        </Button>
        <SegmentedControl
          aria-label="Quick table size"
          size="xs"
          fullWidth
          data={TABLE_SIZE_OPTIONS}
          value={size}
          onChange={setSize}
        />
      </Stack>
    </SimpleGrid>
  );
}

/** A failure that means the server could not be reached at all, or answered through a proxy that could not reach it. */
function unreachable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 502 || error.status === 503 || error.status === 504;
}

/**
 * Practice against the bots: on the server when it can be reached, else on this device (no
 * network, or the server did not answer); see docs/design.md, "Offline practice".
 */
function PracticePanel() {
  const navigate = useNavigate();
  const online = useNetworkOnline();
  const [opponents, setOpponents] = useState('1');
  const practice = useMutation({
    mutationFn: startPractice,
    onSuccess: ({ id }) => navigate(PATHS.game(id)),
    onError: (error, { difficulty, opponents: bots }) => {
      if (!unreachable(error)) return toastFailure('Failed to create game', error);
      toast({
        title: 'The server cannot be reached',
        description: 'Practising on this device instead.',
        forTable: true,
      });
      navigate(PATHS.practiceGame(bots, difficulty));
    },
  });
  const start = (difficulty: BotLevel) => {
    if (online) practice.mutate({ difficulty, opponents: Number(opponents) });
    else navigate(PATHS.practiceGame(Number(opponents), difficulty));
  };
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="lg">
      <Group gap="xs" mb="sm">
        <IconRobot size={20} />
        <Text fw={700}>Practice vs bots</Text>
      </Group>
      {!online && (
        <Text size="sm" c="dark.1" mb="sm">
          No network: practice is played on this device, unrated and with no rewards.
        </Text>
      )}
      <SegmentedControl
        aria-label="Practice opponents"
        fullWidth
        mb="sm"
        data={OPPONENT_OPTIONS}
        value={opponents}
        onChange={setOpponents}
      />
      {/* Tight, so "Medium" fits a third of a 360 px phone (it read "Medi…"). */}
      <Group grow gap="xs">
        {BOT_LEVELS.map((level) => (
          <Button
            key={level}
            px="xs"
            variant="light"
            color="gray"
            loading={practice.isPending && practice.variables.difficulty === level}
            disabled={practice.isPending && practice.variables.difficulty !== level}
            onClick={() => start(level)}
            tt="capitalize"
          >
            {level}
          </Button>
        ))}
      </Group>
    </Card>
  );
}

/** The way into arena tournaments (docs/design.md, "Arena tournaments"). */
function TournamentsLink() {
  return (
    <Card
      component={Link}
      to={PATHS.tournaments}
      withBorder
      radius="lg"
      padding="lg"
      aria-label="Arena tournaments"
      style={{
        background: 'linear-gradient(120deg, var(--mantine-color-dark-7), var(--mantine-color-spar-9) 140%)',
      }}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <IconTournament size={28} color="var(--mantine-color-accent-4)" aria-hidden />
          <Stack gap={0}>
            <Text fw={700}>Arena tournaments</Text>
            <Text size="sm" c="dark.1">
              Timed events with prizes: win in a row to score double.
            </Text>
          </Stack>
        </Group>
        <IconChevronRight size={20} aria-hidden />
      </Group>
    </Card>
  );
}

export function GamesPage() {
  const { user } = useSession();
  const games = useQuery({ ...myGamesQueryOptions, enabled: !!user });
  const board = useQuery(leaderboardQueryOptions);
  const active = games.data?.find((g) => g.status === 'active' || g.status === 'waiting');
  const recent = games.data?.filter((g) => g.status === 'finished') ?? [];

  if (!user) {
    return (
      <>
        <PageHeader title="Play Spar" size="sm" />
        <SignInPrompt
          reason="Sign in to find an opponent or practise against a bot."
          returnTo={PATHS.games}
        />
        {/* No account needed to practise on this device (docs/design.md, "Play before signing up"). */}
        <Center>
          <Button
            component={Link}
            to={PATHS.firstPractice}
            variant="default"
            leftSection={<IconRobot size={18} />}
          >
            Play a bot without an account
          </Button>
        </Center>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Play Spar" />
      <Container size="md" pb="xl">
        <Stack gap="lg">
          {active && (
            <Card
              withBorder
              radius="lg"
              padding="lg"
              style={{ borderColor: 'var(--mantine-color-spar-6)' }}
              bg="dark.7"
            >
              <Group justify="space-between">
                <Stack gap={0}>
                  <Text fw={700}>Your game is waiting</Text>
                  <Text size="sm" c="dark.1">
                    {active.mode} vs {active.opponent?.username ?? 'Opponent'}
                    {active.score && ` · ${active.score.you}–${active.score.opponent}`}
                  </Text>
                </Stack>
                <Button component={Link} to={PATHS.game(active.id)} color="spar" c="dark.9">
                  Rejoin
                </Button>
              </Group>
            </Card>
          )}
          <QueuePanel />
          <TournamentsLink />
          <DailyRewardCard />
          <PracticePanel />

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <SectionCard title="Recent games">
              {recent.length === 0 ? (
                <Text size="sm" c="dark.1">
                  No finished games yet.
                </Text>
              ) : (
                <Stack gap="xs">
                  {recent.slice(0, 6).map((g) => (
                    <GameResultRow
                      key={g.id}
                      gameId={g.id}
                      result={g.result}
                      opponent={g.opponent ?? undefined}
                      against={g.opponent?.username}
                      score={g.score && `${g.score.you}–${g.score.opponent}`}
                      extra={
                        typeof g.ratingChange === 'number' && (
                          <Text size="xs" c={g.ratingChange >= 0 ? 'teal.4' : 'red.4'}>
                            {formatRatingChange(g.ratingChange)}
                          </Text>
                        )
                      }
                    />
                  ))}
                </Stack>
              )}
            </SectionCard>
            <SectionCard title="Leaderboard">
              {board.data && board.data.length > 0 ? (
                <Table verticalSpacing={4}>
                  <Table.Tbody>
                    {board.data.map((row) => (
                      <Table.Tr key={row.userId}>
                        <Table.Td w={30} c="dark.1">
                          {row.rank}
                        </Table.Td>
                        <Table.Td>
                          <Group gap="xs" wrap="nowrap">
                            <PlayerAvatar
                              username={row.username}
                              avatarUrl={row.avatarUrl}
                              size={28}
                              color="spar"
                              variant="light"
                            />
                            <Text size="sm" truncate>
                              {row.username}
                            </Text>
                          </Group>
                        </Table.Td>
                        <Table.Td ta="right" fw={700} c="spar.4">
                          {formatRating(row.rating)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              ) : (
                <Text size="sm" c="dark.1">
                  Play a ranked game to get on the board.
                </Text>
              )}
            </SectionCard>
          </SimpleGrid>
          <HowToPlayCard />
        </Stack>
      </Container>
    </>
  );
}

import {
  Alert,
  Button,
  Card,
  Center,
  Container,
  CopyButton,
  Grid,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IconAlertTriangle,
  IconCopy,
  IconLogin2,
  IconLogout2,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrophy,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { TournamentDetail, TournamentGame } from '@shared/protocol';
import { NoticeCard, SectionCard } from '../../../components/SectionCard';
import { GameButton } from '../../../components/GameButton';
import { PageHeader } from '../../../components/PageHeader';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { afterMoneyMove } from '../../../domain/currency';
import { usePageName } from '../../../lib/document-title';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { toast } from '../../../lib/toast';
import {
  joinTournament,
  pauseInTournament,
  tournamentKeys,
  tournamentQueryOptions,
  withdrawFromTournament,
} from '../api/tournaments';
import { useTournamentLive } from '../hooks/useTournamentLive';
import {
  entrantsText,
  feeText,
  formatStart,
  refusalCode,
  refusalText,
  seatsText,
} from '../../../domain/tournaments';
import { Banner, Countdown, PrizeTable, StatusBadge } from './parts';
import { Podium } from './Podium';
import { StandingsTable } from './StandingsTable';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <SectionCard title={title} titleSize="h5" padding="md">
      {children}
    </SectionCard>
  );
}

/** Seats, target, length, the scoring with its streak, and who may enter. */
function Rules({ t }: { t: TournamentDetail }) {
  const rows: [string, string][] = [
    ['Tables', seatsText(t.seats)],
    ['Games to', `${t.targetScore} points`],
    ['Length', `${t.durationMinutes} minutes`],
    ['Entry', feeText(t.entryFee)],
  ];
  if (t.ratingMin !== null || t.ratingMax !== null)
    rows.push(['Ratings', `${t.ratingMin ?? 'any'} – ${t.ratingMax ?? 'any'}`]);
  if (t.playerCap !== null) rows.push(['Players', `up to ${t.playerCap}`]);
  return (
    <Stack gap="xs">
      <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
        {rows.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dark.1" tt="uppercase" fw={600}>
              {label}
            </Text>
            <Text size="sm" fw={700}>
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dark.0">
        Play game after game until the clock runs out; a new table is found for you as soon as yours ends.
        Each win scores 2 points, a loss 0. After two wins in a row every win counts double (4) until you
        lose. Pause to leave the pool for a while; you keep your points.
      </Text>
    </Stack>
  );
}

function GameLine({
  game,
  myId,
  action,
}: {
  game: TournamentGame;
  myId: number | null;
  action: 'open' | 'watch';
}) {
  const result =
    game.status === 'active'
      ? { text: 'Playing', color: 'accent.4' }
      : game.winnerId === myId
        ? { text: 'Won', color: 'spar.4' }
        : { text: action === 'open' ? 'Lost' : 'Over', color: 'dark.1' };
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      data-testid={action === 'open' ? 'my-game' : 'top-table'}
    >
      <Stack gap={0} miw={0}>
        <Text size="sm" fw={600} truncate>
          {game.players.map((p) => `${p.username} ${p.score}`).join(' · ')}
        </Text>
        {action === 'open' && (
          <Text size="xs" c={result.color} fw={700}>
            {result.text}
          </Text>
        )}
      </Stack>
      {game.status === 'active' ? (
        <GameButton
          gameId={game.gameId}
          kind={action === 'open' ? 'play' : 'watch'}
          size="xs"
          variant={action === 'open' ? 'filled' : 'light'}
          color="spar"
          c={action === 'open' ? 'dark.9' : undefined}
          style={{ flexShrink: 0 }}
        />
      ) : (
        <GameButton
          gameId={game.gameId}
          kind="replay"
          iconSize={null}
          size="xs"
          variant="subtle"
          color="gray"
          style={{ flexShrink: 0 }}
        />
      )}
    </Group>
  );
}

type Confirming = 'join' | 'withdraw' | null;

/** Join, withdraw (before the start), pause and come back (while live), each refusal in words. */
function Actions({ t, invite }: { t: TournamentDetail; invite: string | null }) {
  const client = useQueryClient();
  const [confirming, setConfirmingNow] = useState<Confirming>(null);
  // What the dialog asks stays while it closes: it fades out still saying it, not the other question.
  const [asked, setAsked] = useState<'join' | 'withdraw'>('join');
  const setConfirming = (next: Confirming) => {
    if (next) setAsked(next);
    setConfirmingNow(next);
  };
  const [problem, setProblem] = useState<string | null>(null);
  const settle = (detail: TournamentDetail) => {
    client.setQueryData(tournamentKeys.detail(t.id), detail);
    void client.invalidateQueries({ queryKey: ['tournaments', 'list'] });
    setProblem(null);
    setConfirming(null);
  };
  const join = useMutation({
    mutationFn: () => joinTournament(t.id, invite),
    onSuccess: (detail) => {
      settle(detail);
      if (detail.entryFee) afterMoneyMove(client);
      toast({ title: 'You are in', description: `See you at ${detail.name}.`, variant: 'success' });
    },
    onError: (error) => {
      setConfirming(null);
      setProblem(refusalText(error, 'Could not join the tournament'));
    },
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawFromTournament(t.id),
    onSuccess: (detail) => {
      settle(detail);
      if (detail.entryFee) afterMoneyMove(client);
      toast({ title: 'You withdrew', description: detail.name, variant: 'info' });
    },
    onError: (error) => {
      setConfirming(null);
      setProblem(refusalText(error, 'Could not withdraw'));
    },
  });
  const pause = useMutation({
    mutationFn: (paused: boolean) => pauseInTournament(t.id, paused),
    onSuccess: settle,
    onError: (error) => setProblem(refusalText(error, 'Could not change your pause')),
  });

  const open = t.status === 'scheduled' || t.status === 'running';
  if (!open) return null;
  const fee = feeText(t.entryFee);
  return (
    <Stack gap="sm">
      {problem && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {problem}
        </Alert>
      )}
      {t.currentGameId && (
        <Card
          withBorder
          radius="lg"
          padding="md"
          bg="dark.6"
          style={{ borderColor: 'var(--mantine-color-spar-6)' }}
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={800}>Your next game</Text>
              <Text size="sm" c="dark.1">
                Your table is ready.
              </Text>
            </Stack>
            <GameButton gameId={t.currentGameId} kind="play" iconSize={16} color="spar" c="dark.9" />
          </Group>
        </Card>
      )}
      {!t.joined ? (
        <Button
          size="md"
          color="spar"
          c="dark.9"
          leftSection={<IconLogin2 size={18} />}
          onClick={() => setConfirming('join')}
          loading={join.isPending}
        >
          Join · {fee}
        </Button>
      ) : t.status === 'scheduled' ? (
        <Group grow>
          <Button variant="light" color="spar" disabled leftSection={<IconTrophy size={18} />}>
            You are in
          </Button>
          <Button
            variant="default"
            leftSection={<IconLogout2 size={18} />}
            onClick={() => setConfirming('withdraw')}
            loading={withdraw.isPending}
          >
            Withdraw
          </Button>
        </Group>
      ) : t.paused ? (
        <Button
          size="md"
          color="spar"
          c="dark.9"
          leftSection={<IconPlayerPlay size={18} />}
          loading={pause.isPending}
          onClick={() => pause.mutate(false)}
        >
          Resume
        </Button>
      ) : (
        <Button
          size="md"
          variant="default"
          leftSection={<IconPlayerPause size={18} />}
          loading={pause.isPending}
          onClick={() => pause.mutate(true)}
        >
          Pause
        </Button>
      )}
      {t.joined && t.status === 'running' && t.paused && (
        <Text size="sm" c="dark.1">
          You are paused: no new table is found for you until you resume. Your points are kept.
        </Text>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={asked === 'join' ? `Join ${t.name}?` : `Withdraw from ${t.name}?`}
        centered
      >
        <Stack gap="md">
          {asked === 'join' ? (
            <Text size="sm">
              {t.entryFee
                ? `The entry fee of ${fee} is taken from your balance now. It is refunded if you withdraw before the start or the tournament is cancelled.`
                : 'Entry is free.'}
            </Text>
          ) : (
            <Text size="sm">
              {t.entryFee
                ? `You leave the tournament and your entry fee of ${fee} is refunded.`
                : 'You leave the tournament. You can join again before it starts.'}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            {asked === 'join' ? (
              <Button color="spar" c="dark.9" loading={join.isPending} onClick={() => join.mutate()}>
                Join · {fee}
              </Button>
            ) : (
              <Button color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate()}>
                Withdraw
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The invitation link of an invite-only tournament, to copy and pass on. */
function InviteLink({ t }: { t: TournamentDetail }) {
  if (!t.inviteCode) return null;
  const link = `${window.location.origin}${PATHS.tournament(t.id, t.inviteCode)}`;
  return (
    <Section title="Invitation link">
      <Group gap="xs" wrap="nowrap">
        <TextInput value={link} readOnly aria-label="Invitation link" style={{ flex: 1, minWidth: 0 }} />
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : 'spar'}
              leftSection={<IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Section>
  );
}

function TournamentView({
  t,
  invite,
  myId,
}: {
  t: TournamentDetail;
  invite: string | null;
  myId: number | null;
}) {
  const finished = t.status === 'finished';
  const started = t.status === 'running' || finished;
  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding={0} bg="dark.7" style={{ overflow: 'hidden' }}>
        <Banner url={t.bannerUrl} height={160}>
          <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs">
            <Stack gap={4} miw={0}>
              <StatusBadge status={t.status} />
              <Title order={2} size="h3" lineClamp={2}>
                {t.name}
              </Title>
            </Stack>
          </Group>
        </Banner>
        <Stack gap="sm" p="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" c="dark.1">
              {formatStart(t.startsAt)} · {t.durationMinutes} min · {entrantsText(t)}
            </Text>
            <Countdown tournament={t} size="lg" />
          </Group>
          {t.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {t.description}
            </Text>
          )}
          {t.status === 'cancelled' && (
            <Alert color="gray" variant="light">
              This tournament was cancelled. Every entry fee was refunded.
            </Alert>
          )}
          <Actions t={t} invite={invite} />
        </Stack>
      </Card>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            {finished && (
              <Section title="Results">
                <Podium standings={t.standings} />
              </Section>
            )}
            <Section title={started ? 'Standings' : `Entrants (${t.entrantCount})`}>
              {t.standings.length === 0 ? (
                <Text size="sm" c="dark.1">
                  Nobody has joined yet. Be the first!
                </Text>
              ) : (
                <StandingsTable standings={t.standings} myId={myId} withPrizes={finished} />
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {t.myGames.length > 0 && (
              <Section title="Your games">
                <Stack gap="xs">
                  {t.myGames.map((g) => (
                    <GameLine key={g.gameId} game={g} myId={myId} action="open" />
                  ))}
                </Stack>
              </Section>
            )}
            {t.status === 'running' && t.topTables.length > 0 && (
              <Section title="Top tables">
                <Stack gap="xs">
                  {t.topTables.map((g) => (
                    <GameLine key={g.gameId} game={g} myId={myId} action="watch" />
                  ))}
                </Stack>
              </Section>
            )}
            <Section title="Rules">
              <Rules t={t} />
            </Section>
            <Section title="Prizes">
              <PrizeTable prizes={t.prizes} />
            </Section>
            <InviteLink t={t} />
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * /tournaments/:id: one arena tournament, live while open (useTournamentLive); with `?invite=`,
 * an invite-only one's invitation. See docs/design.md, "Arena tournaments".
 */
export function TournamentPage() {
  const { user } = useSession();
  const { id } = useParams();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const invite = params.get('invite');
  const tournamentId = Number(id);
  const valid = Number.isInteger(tournamentId) && tournamentId > 0;
  const query = useQuery({
    ...tournamentQueryOptions(tournamentId, invite),
    enabled: !!user && valid,
    // While it runs, the tables change without a message to say so.
    refetchInterval: (q) => (q.state.data?.status === 'running' ? 15_000 : false),
  });
  useTournamentLive(tournamentId, user?.id ?? null);
  usePageName(query.data?.name ?? null);

  if (!user)
    return (
      <>
        <PageHeader title="Arena Tournament" backTo={PATHS.tournaments} />
        <SignInPrompt
          reason="Sign in to see this tournament and join it."
          returnTo={`${pathname}${search}`}
        />
      </>
    );

  return (
    <>
      <PageHeader title="Arena Tournament" backTo={PATHS.tournaments} />
      <Container size="lg" pb="xl">
        {!valid || query.isError ? (
          <NoticeCard
            role="alert"
            title={
              !valid || refusalCode(query.error) === 'tournament_not_found'
                ? 'Tournament not found'
                : 'Could not load the tournament'
            }
            text={
              valid
                ? refusalText(query.error, 'Could not load the tournament')
                : 'This address does not name a tournament.'
            }
          >
            <Button component={Link} to={PATHS.tournaments} variant="default" mt="md">
              All tournaments
            </Button>
          </NoticeCard>
        ) : !query.data ? (
          <Center h={240}>
            <Loader color="spar" />
          </Center>
        ) : (
          <TournamentView t={query.data} invite={invite} myId={user.id} />
        )}
      </Container>
    </>
  );
}

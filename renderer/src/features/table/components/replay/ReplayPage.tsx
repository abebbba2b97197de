import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Card,
  Center,
  Container,
  Group,
  Loader,
  Slider,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipBack,
  IconPlayerSkipForward,
  IconPlayerTrackNext,
  IconPlayerTrackPrev,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import type { GameReplay, GameView } from '@shared/protocol';
import { DeckCard } from '../../../../components/DeckCard';
import { PageHeader } from '../../../../components/PageHeader';
import { SignInPrompt } from '../../../../components/SignInPrompt';
import { useDefaultDeckFolder } from '../../../../domain/decks';
import { usePageName } from '../../../../lib/document-title';
import { PATHS } from '../../../../lib/paths';
import { useSession } from '../../../../lib/session/useSession';
import { replayQueryOptions } from '../../api/live-games';
import { replaySteps, stepOfTrick, type ReplayStep } from '../../hooks/replaySteps';
import type { TablePause } from '../../hooks/tablePacing';
import { GameTable } from '../GameTable';

/** How long each card stays while the replay plays by itself. */
export const REPLAY_STEP_MS = 900;

const REASONS: Record<string, string> = {
  score: 'reached the target',
  resign: 'the other player resigned',
  timeout: 'the other player ran out of time',
  abandon: 'the other player left',
};

function describe(step: ReplayStep, game: GameReplay): string {
  const name = (seat: number) => game.players.find((p) => p.seat === seat)?.username ?? `Seat ${seat + 1}`;
  if (step.kind === 'deal') return `Hand ${step.handNumber} dealt`;
  const played = step.play ? `${name(step.play.seat)} played` : `${name(step.resigned!)} resigned`;
  if (step.trickWinner === null) return played;
  return `${played}; ${name(step.trickWinner)} took trick ${step.trickNumber}`;
}

/**
 * The live table's view of a replay step: watched as a spectator would (the first seat at the
 * bottom), so the replay is drawn by the same table, at the same size, as the game was played.
 */
export function replayView(game: GameReplay, step: ReplayStep): GameView {
  const scores = step.final ? game.players.map((p) => p.score) : step.scores;
  return {
    id: game.id,
    mode: game.mode,
    status: step.final ? 'finished' : 'active',
    targetScore: game.targetScore,
    seq: step.cardsPlayed,
    players: game.players.map((p) => ({
      seat: p.seat,
      userId: p.userId,
      username: p.username,
      avatarUrl: p.avatarUrl,
      score: scores[p.seat] ?? 0,
      cardsInHand: step.hands[p.seat]?.length ?? 0,
      connected: true,
      isBot: p.isBot,
      ...(step.resignedSeats.includes(p.seat) ? { resigned: true as const } : {}),
    })),
    you: null,
    hand: [],
    dealer: step.dealer,
    turn: step.final ? null : step.turn,
    turnDeadline: null,
    handNumber: step.handNumber,
    trickNumber: step.trickNumber,
    currentTrick: step.trick,
    lastTrick: null,
    legalCards: [],
    winnerUserId: step.final ? game.winnerUserId : null,
  };
}

/** A step that completes a trick holds it on the table with its winner marked, as the live table does. */
function trickPause(step: ReplayStep): TablePause | null {
  if (step.trickWinner === null) return null;
  return {
    phase: 'trick',
    trick: { plays: step.trick, winner: step.trickWinner },
    handNumber: step.handNumber,
    trickNumber: step.trickNumber,
    handEnded: false,
  };
}

/** Under the replay's table: its controls (two rows and a line of text in a padded card). */
const CONTROLS_HEIGHT_PX = 150;

export function ReplayTable({ game, steps }: { game: GameReplay; steps: ReplayStep[] }) {
  const deck = useDefaultDeckFolder();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const step = steps[index]!;
  const last = steps.length - 1;
  const lastTrick = steps[last]!.trickIndex;
  const totalCards = steps[last]!.cardsPlayed;

  // Playing stops by itself on the last card.
  const running = playing && index < last;
  useEffect(() => {
    if (!running) return;
    const timer = setTimeout(() => setIndex((i) => Math.min(i + 1, last)), REPLAY_STEP_MS);
    return () => clearTimeout(timer);
  }, [running, index, last]);
  const goTo = (next: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(last, next)));
  };

  const name = (seat: number) => game.players.find((p) => p.seat === seat)?.username ?? `Seat ${seat + 1}`;
  // The last step shows the result as recorded (a resignation ends a game before its target).
  const scores = step.final ? game.players.map((p) => p.score) : step.scores;
  const winner = game.players.find((p) => p.userId !== null && p.userId === game.winnerUserId);
  const view = useMemo(() => replayView(game, step), [game, step]);

  return (
    <Stack gap="md">
      <GameTable
        game={view}
        handResult={null}
        pause={trickPause(step)}
        over={null}
        announcement={null}
        deck={deck}
        onPlay={() => undefined}
        onResign={() => undefined}
        onPlayAgain={() => undefined}
        readOnly
        roomBelow={CONTROLS_HEIGHT_PX}
      />

      <Card withBorder radius="lg" bg="dark.7" padding="sm">
        <Group justify="center" gap="xs" mb="xs">
          <ActionIcon variant="subtle" size="lg" aria-label="First card" onClick={() => goTo(0)}>
            <IconPlayerSkipBack size={20} />
          </ActionIcon>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label="Previous card"
            disabled={index === 0}
            onClick={() => goTo(index - 1)}
          >
            <IconPlayerTrackPrev size={20} />
          </ActionIcon>
          <ActionIcon
            variant="filled"
            color="spar"
            size="xl"
            radius="xl"
            aria-label={running ? 'Pause' : 'Play'}
            onClick={() => {
              if (running) return setPlaying(false);
              if (index >= last) setIndex(0);
              setPlaying(true);
            }}
          >
            {running ? <IconPlayerPause size={22} /> : <IconPlayerPlay size={22} />}
          </ActionIcon>
          <ActionIcon
            variant="light"
            size="lg"
            aria-label="Next card"
            disabled={index >= last}
            onClick={() => goTo(index + 1)}
          >
            <IconPlayerTrackNext size={20} />
          </ActionIcon>
          <ActionIcon variant="subtle" size="lg" aria-label="Last card" onClick={() => goTo(last)}>
            <IconPlayerSkipForward size={20} />
          </ActionIcon>
        </Group>
        <Slider
          aria-label="Trick"
          min={0}
          max={Math.max(lastTrick, 0)}
          value={step.trickIndex}
          onChange={(trick) => goTo(stepOfTrick(steps, trick))}
          label={(trick) => `Trick ${trick + 1}`}
          color="spar"
          mb="xs"
        />
        <Text size="xs" c="dark.1" ta="center" data-testid="replay-position">
          Card {step.cardsPlayed} of {totalCards} · trick {step.trickIndex + 1} of {lastTrick + 1}
        </Text>
      </Card>

      <Stack gap={4} align="center">
        <Text size="sm" role="status" ta="center">
          {describe(step, game)}
        </Text>
        {step.handResult && (
          <Text size="sm" fw={700} c="accent.4" ta="center" data-testid="hand-result">
            {name(step.handResult.seat)} won hand {step.handNumber}: {step.handResult.reason}
          </Text>
        )}
        {step.final && (
          <Text fw={800} size="lg" ta="center" data-testid="replay-final">
            Final score {scores.join('–')}
            {winner ? ` · ${winner.username} won` : ''}
            {game.reason && game.reason !== 'score'
              ? ` (${game.reason === 'resign' && game.players.length > 2 ? 'the others resigned' : REASONS[game.reason]})`
              : ''}
          </Text>
        )}
      </Stack>

      {/* The game is over, so every hand is shown face up, beside the table's backs. */}
      <Card withBorder radius="lg" bg="dark.7" padding="md">
        <Stack gap="sm">
          {game.players.map((p) => (
            <Box key={p.seat}>
              <Group gap="xs" mb={4}>
                <Text fw={700} size="sm">
                  {p.username}
                </Text>
                <Badge variant="light" color="spar" aria-label={`${p.username} score`}>
                  {scores[p.seat] ?? 0}
                </Badge>
                {step.play?.seat === p.seat && (
                  <Text size="xs" c="accent.4">
                    played
                  </Text>
                )}
              </Group>
              <Group gap={4} aria-label={`${p.username}'s hand`} role="group" mih={50}>
                {(step.hands[p.seat] ?? []).map((card) => (
                  <DeckCard key={card} card={card} width={36} deck={deck} />
                ))}
              </Group>
            </Box>
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

/**
 * /game/{id}/replay: a finished game stepped through card by card on the shared engine, every hand
 * shown. A running game has no replay. See docs/design.md, "Watch and replays".
 */
export function ReplayPage() {
  const { gameId = '' } = useParams();
  const { user } = useSession();
  const query = useQuery({ ...replayQueryOptions(gameId), enabled: !!user });
  const steps = useMemo(() => {
    if (!query.data) return null;
    try {
      return replaySteps(query.data.replay);
    } catch {
      return null;
    }
  }, [query.data]);
  usePageName(query.data ? `${query.data.players.map((p) => p.username).join(' vs ')} · Replay` : null);

  if (!user)
    return (
      <SignInPrompt
        header={<PageHeader title="Game Replay" size="sm" />}
        reason="Sign in to watch this replay."
        returnTo={PATHS.replay(gameId)}
      />
    );

  const game = query.data;
  return (
    <>
      <PageHeader title="Game Replay" backTo={PATHS.watch} />
      <Container size="lg" pb="xl">
        {query.isPending ? (
          <Center h={200}>
            <Loader color="spar" />
          </Center>
        ) : query.isError || !game ? (
          <Alert color="yellow" title="No replay">
            This game has no replay: it is still being played, or it does not exist.
          </Alert>
        ) : !steps ? (
          <Alert color="red" title="No replay">
            This replay could not be shown.
          </Alert>
        ) : (
          <Stack gap="sm">
            <Group gap="xs">
              <Badge variant="light" color="accent">
                {game.mode}
              </Badge>
              <Text size="sm" fw={600}>
                {game.players.map((p) => p.username).join(' vs ')}
              </Text>
              <Text size="xs" c="dark.1">
                to {game.targetScore}
              </Text>
            </Group>
            <ReplayTable game={game} steps={steps} />
          </Stack>
        )}
      </Container>
    </>
  );
}

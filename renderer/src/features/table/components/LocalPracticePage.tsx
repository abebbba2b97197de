import { Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { BOT_LEVELS, type BotLevel } from '@shared/game';
import { KEEP_PROGRESS_TITLE } from '../../../components/KeepProgressInvite';
import { defaultFolderOf, myDecksQueryOptions } from '../../../domain/decks';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { toast } from '../../../lib/toast';
import { playedTableProps } from '../hooks/roomState';
import { useLocalGameRoom, type LocalGameFailure } from '../hooks/useLocalGameRoom';
import { useLocalEmotes } from '../hooks/useTableEmotes';
import { GameTable } from './GameTable';
import { OFFLINE_PRACTICE_NOTICE } from './table/Toolbar';

/** The practice `?bots=1..3&level=easy|medium|hard` asks for; null when it is not one. */
export function practiceFromSearch(params: URLSearchParams): { bots: number; level: BotLevel } | null {
  const bots = Number(params.get('bots'));
  const level = params.get('level');
  if (![1, 2, 3].includes(bots)) return null;
  const known = BOT_LEVELS.find((l) => l === level);
  return known ? { bots, level: known } : null;
}

/**
 * A visitor with no account, at their seat. Nobody else sees this seat (the game never leaves the
 * device), and 0 is no player's id, so it is never taken for an account.
 */
export const GUEST_PLAYER = { userId: 0, username: 'Guest' } as const;

/**
 * /practice?bots=2&level=easy: a practice game played on this device, at the same table as a game
 * on the server (see docs/design.md, "Offline practice"). It asks nothing of the server, so a
 * visitor with no account plays it too, and is invited to sign up (docs/design.md, "Play before
 * signing up").
 */
export function LocalPracticePage() {
  const [params] = useSearchParams();
  const practice = practiceFromSearch(params);
  const { user, loading } = useSession();
  if (!practice) return <Navigate to={user || loading ? PATHS.games : PATHS.home} replace />;
  // A stored session is still being checked: its player, not a guest, takes the seat.
  if (loading) return <Dealing />;
  const seat = user ? { userId: user.id, username: user.username } : GUEST_PLAYER;
  const key = `${seat.userId}-${practice.bots}-${practice.level}`;
  return <LocalTable key={key} {...seat} {...practice} guest={!user} />;
}

function Dealing() {
  return (
    <Center h="80vh">
      <Stack align="center">
        <Loader color="spar" />
        <Text c="dark.1">Dealing…</Text>
      </Stack>
    </Center>
  );
}

/**
 * The game on the device could not start or stopped: said plainly, with Retry (a new worker) in
 * place of a "Dealing…" that would never end. See docs/design.md, "Offline practice".
 */
function PracticeFailed({
  failure,
  guest,
  onRetry,
}: {
  failure: Exclude<LocalGameFailure, null>;
  guest: boolean;
  onRetry(): void;
}) {
  return (
    <Center h="80vh" px="md">
      <Stack align="center" ta="center" role="alert">
        <Title order={2} c="spar.5">
          {failure === 'load' ? 'Practice could not start' : 'Practice stopped'}
        </Title>
        <Text c="dark.1" maw={420}>
          {failure === 'load'
            ? 'The game could not be loaded on this device. Check your connection and try again.'
            : 'The game on this device stopped unexpectedly. Retry deals a new game.'}
        </Text>
        <Group justify="center">
          <Button color="spar" c="dark.9" onClick={onRetry}>
            Retry
          </Button>
          <Button component={Link} to={guest ? PATHS.home : PATHS.games} variant="default">
            {guest ? 'Back to home' : 'Back to games'}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

function LocalTable({
  userId,
  username,
  bots,
  level,
  guest,
}: {
  userId: number;
  username: string;
  bots: number;
  level: BotLevel;
  guest: boolean;
}) {
  const player = useMemo(() => ({ userId, username, avatarUrl: null }), [userId, username]);
  const room = useLocalGameRoom({ player, bots, level });
  // The player's own deck when this tab already knows it; never asked for (no request is made).
  const decks = useQuery({ ...myDecksQueryOptions(userId), enabled: false });
  const deck = guest ? undefined : defaultFolderOf(decks.data);
  const emotes = useLocalEmotes(room.game?.id ?? 'practice', room.game);

  useEffect(() => {
    toast({
      title: OFFLINE_PRACTICE_NOTICE,
      description: guest
        ? `This game is played on your device only. ${KEEP_PROGRESS_TITLE} when it is over.`
        : 'This game is played on your device only.',
    });
  }, [guest]);

  if (room.failure) return <PracticeFailed failure={room.failure} guest={guest} onRetry={room.retry} />;
  if (!room.game) return <Dealing />;
  return (
    <GameTable
      game={room.game}
      {...playedTableProps(room)}
      deck={deck}
      offline
      emotes={emotes}
      guest={guest}
      onPlayAgain={room.playAgain}
    />
  );
}

import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { BOT_LEVELS, type BotLevel } from '@shared/game';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { defaultFolderOf, myDecksQueryOptions } from '../../../lib/decks';
import { PATHS } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { toast } from '../../../lib/toast';
import { useLocalGameRoom } from '../hooks/useLocalGameRoom';
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
 * /practice?bots=2&level=easy: a practice game played on this device, at the same table as a game
 * on the server (see docs/design.md, "Offline practice"). It asks nothing of the server.
 */
export function LocalPracticePage() {
  const [params] = useSearchParams();
  const practice = practiceFromSearch(params);
  const { user } = useSession();
  if (!practice) return <Navigate to={PATHS.games} replace />;
  if (!user)
    return (
      <SignInPrompt
        reason="Sign in to practise against the bots."
        returnTo={PATHS.practiceGame(practice.bots, practice.level)}
      />
    );
  const key = `${user.id}-${practice.bots}-${practice.level}`;
  return <LocalTable key={key} userId={user.id} username={user.username} {...practice} />;
}

function LocalTable({
  userId,
  username,
  bots,
  level,
}: {
  userId: number;
  username: string;
  bots: number;
  level: BotLevel;
}) {
  const player = useMemo(() => ({ userId, username, avatarUrl: null }), [userId, username]);
  const room = useLocalGameRoom({ player, bots, level });
  // The player's own deck when this tab already knows it; never asked for (no request is made).
  const decks = useQuery({ ...myDecksQueryOptions(userId), enabled: false });
  const deck = defaultFolderOf(decks.data);
  const emotes = useLocalEmotes(room.game?.id ?? 'practice', room.game);

  useEffect(() => {
    toast({ title: OFFLINE_PRACTICE_NOTICE, description: 'This game is played on your device only.' });
  }, []);

  if (!room.game) {
    return (
      <Center h="80vh">
        <Stack align="center">
          <Loader color="spar" />
          <Text c="dark.1">Dealing…</Text>
        </Stack>
      </Center>
    );
  }
  return (
    <GameTable
      game={room.game}
      handResult={room.handResult}
      pause={room.pause}
      handLog={room.handLog}
      onSkipPause={room.skipPause}
      over={room.over}
      announcement={room.announcement}
      deck={deck}
      offline
      emotes={emotes}
      onPlay={room.play}
      onResign={room.resign}
      onPlayAgain={room.playAgain}
    />
  );
}

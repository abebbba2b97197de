import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useDefaultDeckFolder } from '../../../lib/decks';
import { PATHS } from '../../../lib/paths';
import { useQueueActions } from '../../../lib/queue';
import { UnavailableNotice } from './UnavailableNotice';
import { useGameRoom } from '../hooks/useGameRoom';
import { useSocketEmotes } from '../hooks/useTableEmotes';
import { GameTable } from './GameTable';
import { GameCalledOff, WaitingForFriend } from './PrivateGameLobby';

/** /game/{gameId}: the table, for players and spectators. */
export function GameRoomPage() {
  const { gameId = '' } = useParams();
  const room = useGameRoom(gameId);
  const navigate = useNavigate();
  const { join } = useQueueActions();
  const deck = useDefaultDeckFolder();
  const emotes = useSocketEmotes(gameId, room.game);

  if (room.missing) return <UnavailableNotice />;
  if (!room.game) {
    return (
      <Center h="80vh">
        <Stack align="center">
          <Loader color="spar" />
          <Text c="dark.1">Taking your seat…</Text>
        </Stack>
      </Center>
    );
  }
  if (room.cancelled || room.game.status === 'cancelled') {
    const you = room.game.players.find((p) => p.seat === room.game?.you?.seat);
    return (
      <GameCalledOff
        game={room.game}
        reason={room.cancelled?.reason ?? null}
        byYou={room.cancelled?.by !== undefined && room.cancelled.by === you?.userId}
      />
    );
  }
  if (room.game.status === 'waiting') return <WaitingForFriend game={room.game} onCancel={room.callOff} />;
  const mode = room.game.mode;
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
      heldCard={room.held}
      emotes={emotes}
      onPlay={room.play}
      onResign={room.resign}
      onPlayAgain={() => {
        if (mode === 'ranked' || mode === 'quick') join(mode);
        navigate(PATHS.games);
      }}
    />
  );
}

import { Center, Loader, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useDefaultDeckFolder } from '../../../domain/decks';
import { PATHS } from '../../../lib/paths';
import { useQueueActions } from '../../../domain/queue';
import { UnavailableNotice } from './UnavailableNotice';
import { playedTableProps } from '../hooks/roomState';
import { useGameRoom } from '../hooks/useGameRoom';
import { useSocketEmotes } from '../hooks/useTableEmotes';
import { useRematch } from '../hooks/useRematch';
import { GameTable } from './GameTable';
import { GameCalledOff, WaitingForFriend } from './PrivateGameLobby';
import { RematchPanel } from './table/RematchPanel';

/** /game/{gameId}: the table, for players and spectators. A rematch opens a fresh page. */
export function GameRoomPage() {
  const { gameId = '' } = useParams();
  return <GameRoom key={gameId} gameId={gameId} />;
}

function GameRoom({ gameId }: { gameId: string }) {
  const room = useGameRoom(gameId);
  const seated = !!room.game?.you;
  const humans = room.game?.players.filter((p) => p.userId !== null).length ?? 0;
  // A game with other players offers a rematch at its end; practice plays again at once instead,
  // and an arena's game has none: the arena pairs its players again.
  const tournament = room.game?.tournamentId ?? null;
  const rematch = useRematch(gameId, seated && humans > 1 && tournament === null && room.over !== null);
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
      {...playedTableProps(room)}
      deck={deck}
      heldCard={room.held}
      emotes={emotes}
      onPlayAgain={() => {
        // The same practice (bots, level, seats) at once: a rematch with nobody else to ask.
        if (mode === 'practice') return rematch.accept();
        if (mode === 'ranked' || mode === 'quick') join(mode);
        navigate(PATHS.games);
      }}
      rematch={
        humans > 1 &&
        tournament === null && (
          <RematchPanel game={room.game} state={rematch.state} onAccept={rematch.accept} />
        )
      }
    />
  );
}

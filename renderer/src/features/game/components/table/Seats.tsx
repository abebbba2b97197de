import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import type { DeckFolder } from '@shared/decks';
import type { GameView } from '@shared/protocol';
import { DeckCard } from '../../../../components/DeckCard';
import classes from '../GameTable.module.css';
import { TurnRing } from '../TurnRing';
import type { Player } from './layout';

/** A player's avatar with their turn clock, name, bot and connection marks, and score. */
export function PlayerBadge({ player, game, label }: { player: Player; game: GameView; label?: string }) {
  const isTurn = game.status === 'active' && game.turn === player.seat;
  return (
    <Group gap="sm" wrap="nowrap">
      <TurnRing
        username={player.username}
        avatarUrl={player.avatarUrl}
        deadline={isTurn ? game.turnDeadline : null}
        active={isTurn}
      />
      <Stack gap={0}>
        <Group gap={6} wrap="nowrap">
          <Text fw={700} size="sm" truncate maw={160}>
            {label ?? player.username}
          </Text>
          {player.isBot && (
            <Badge size="xs" color="grape" variant="light">
              bot
            </Badge>
          )}
          <Box
            w={8}
            h={8}
            title={player.connected ? 'Connected' : 'Disconnected'}
            aria-label={player.connected ? 'Connected' : 'Disconnected'}
            style={{
              borderRadius: '50%',
              background: player.connected ? 'var(--mantine-color-green-5)' : 'var(--mantine-color-red-6)',
            }}
          />
        </Group>
        <Text size="xs" c="dark.1">
          {player.score} / {game.targetScore} points
          {game.dealer === player.seat ? ' · dealer' : ''}
        </Text>
      </Stack>
    </Group>
  );
}

/** The backs of the cards a player holds, as everyone else sees them. */
export function CardBacks({
  player,
  width,
  inset,
  deck,
}: {
  player: Player;
  width: number;
  inset?: boolean;
  /** The viewer's deck: the table is drawn from it. */
  deck?: DeckFolder;
}) {
  return (
    <div
      className={classes.backs}
      style={inset ? { paddingTop: 10 } : undefined}
      aria-label={`${player.username} holds ${player.cardsInHand} cards`}
    >
      {Array.from({ length: player.cardsInHand }, (_, i) => (
        <DeckCard key={i} width={width} deck={deck} />
      ))}
    </div>
  );
}

/** The seats across the table: each player's badge over the backs of their cards. */
export function OpponentSeats({
  players,
  game,
  backWidth,
  deck,
}: {
  players: Player[];
  game: GameView;
  backWidth: number;
  deck?: DeckFolder;
}) {
  return (
    <Group justify="center" gap="xl">
      {players.map((p) => (
        <Stack key={p.seat} gap={6} align="center">
          <PlayerBadge player={p} game={game} />
          <CardBacks player={p} width={backWidth} deck={deck} />
        </Stack>
      ))}
    </Group>
  );
}

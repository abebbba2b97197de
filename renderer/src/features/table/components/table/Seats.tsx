import { Badge, Box, Group, Stack, Text } from '@mantine/core';
import { Fragment } from 'react';
import type { DeckFolder } from '@shared/decks';
import { botLevelOf, botPersonaOf } from '@shared/game';
import type { GameView } from '@shared/protocol';
import { DeckCard } from '../../../../components/DeckCard';
import classes from '../GameTable.module.css';
import { TurnRing } from '../TurnRing';
import { BACK_STEP, relativeSeat, type Player, type SeatPlace, type TableLayout } from './layout';

function ConnectionDot({ player }: { player: Player }) {
  return (
    <Box
      w={8}
      h={8}
      title={player.connected ? 'Connected' : 'Disconnected'}
      aria-label={player.connected ? 'Connected' : 'Disconnected'}
      style={{
        flex: 'none',
        borderRadius: '50%',
        background: player.connected ? 'var(--mantine-color-green-5)' : 'var(--mantine-color-red-6)',
      }}
    />
  );
}

/**
 * A player who left a game of three or four (docs/design.md, "Rules"): resigned, or taken out by
 * the server when their time ran out or they stayed away, which the view does not tell apart.
 */
function ResignedBadge() {
  return (
    // Lower case: capitals did not fit a phone's 66 px side seat.
    <Badge size="xs" color="red" variant="light" tt="none">
      left
    </Badge>
  );
}

/**
 * A name that wraps rather than being cut: at an underscore where it can (the only separator a
 * username has), else anywhere, so a 16-character name shows whole in a phone's 66 px side seat
 * (docs/design.md, "Renderer: the table layout").
 */
export function WrappingName({ name }: { name: string }) {
  const parts = name.split(/(?<=_)/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A player's avatar with their turn clock, name, bot and connection marks, and score; upright
 * (avatar over name) for the narrow seats at the sides of the table, where a side-by-side badge
 * would spill under the felt. `roomy` (a wide table's side seats) keeps the full wording.
 */
export function PlayerBadge({
  player,
  game,
  label,
  upright,
  roomy,
}: {
  player: Player;
  game: GameView;
  label?: string;
  upright?: boolean;
  roomy?: boolean;
}) {
  const isTurn = game.status === 'active' && game.turn === player.seat;
  const ring = (
    <TurnRing
      username={player.username}
      avatarUrl={player.avatarUrl}
      deadline={isTurn ? game.turnDeadline : null}
      active={isTurn}
      color={player.isBot ? botPersonaOf(player.username)?.color : undefined}
    />
  );
  const dealer = game.dealer === player.seat;
  if (upright) {
    // A phone's side seat is too narrow for "Ama (medium)": it broke inside "(medium)". The
    // persona's name stands alone and the level takes the bot badge's place.
    const persona = player.isBot && !roomy && !label ? botPersonaOf(player.username) : undefined;
    const level = persona && botLevelOf(player.username);
    return (
      <Stack gap={2} align="center" maw="100%">
        {ring}
        <Group gap={4} wrap="nowrap" maw="100%" justify="center">
          <Text
            fw={700}
            size={roomy ? 'sm' : 'xs'}
            ta="center"
            lh={1.25}
            miw={0}
            className={classes.wrappingName}
            data-testid="seat-name"
            title={persona ? player.username : undefined}
          >
            <WrappingName name={persona ? persona.name : (label ?? player.username)} />
          </Text>
          <ConnectionDot player={player} />
        </Group>
        {player.isBot && (
          <Badge size="xs" color="grape" variant="light" aria-label={level ? `${level} bot` : undefined}>
            {level ?? 'bot'}
          </Badge>
        )}
        {player.resigned && <ResignedBadge />}
        {roomy ? (
          <Text size="xs" c="dark.1" ta="center">
            {player.score} / {game.targetScore} points
            {dealer ? ' · dealer' : ''}
          </Text>
        ) : (
          <Text size="xs" c="dark.1" ta="center" title={`${player.score} / ${game.targetScore} points`}>
            {player.score}/{game.targetScore}
            {dealer ? ' · D' : ''}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      {ring}
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text fw={700} size="sm" lh={1.25} miw={0} className={classes.wrappingName} data-testid="seat-name">
            <WrappingName name={label ?? player.username} />
          </Text>
          {player.isBot && (
            <Badge size="xs" color="grape" variant="light">
              bot
            </Badge>
          )}
          {player.resigned && <ResignedBadge />}
          <ConnectionDot player={player} />
        </Group>
        <Text size="xs" c="dark.1">
          {player.score} / {game.targetScore} points
          {dealer ? ' · dealer' : ''}
        </Text>
      </Stack>
    </Group>
  );
}

/** The backs of the cards a player holds, as everyone else sees them. */
export function CardBacks({
  player,
  width,
  deck,
}: {
  player: Player;
  width: number;
  /** The viewer's deck: the table is drawn from it. */
  deck?: DeckFolder;
}) {
  return (
    <div
      className={classes.backs}
      style={{ '--back-step': `${-width * (1 - BACK_STEP)}px` } as React.CSSProperties}
      aria-label={`${player.username} holds ${player.cardsInHand} cards`}
    >
      {Array.from({ length: player.cardsInHand }, (_, i) => (
        <DeckCard key={i} width={width} deck={deck} />
      ))}
    </div>
  );
}

function Seat({
  player,
  place,
  layout,
  game,
  deck,
}: {
  player: Player;
  place: SeatPlace;
  layout: TableLayout;
  game: GameView;
  deck?: DeckFolder;
}) {
  const { rect, side } = place;
  const top = side === 'top';
  return (
    <div
      className={classes.seat}
      data-testid="seat"
      data-side={side}
      style={{ left: rect.x, top: rect.y, width: rect.w, height: rect.h }}
    >
      {top ? (
        <Group gap={layout.wide ? 'md' : 'sm'} wrap="nowrap" justify="center" h="100%">
          <PlayerBadge player={player} game={game} />
          <CardBacks player={player} width={layout.topBack} deck={deck} />
        </Group>
      ) : (
        <Stack gap={6} align="center" justify="center" h="100%">
          <PlayerBadge player={player} game={game} upright roomy={layout.wide} />
          <CardBacks player={player} width={layout.sideBack} deck={deck} />
        </Stack>
      )}
    </div>
  );
}

/** The other seats around the felt: across the top for two players, at the sides (and top) for more. */
export function OpponentSeats({
  game,
  bottomSeat,
  layout,
  deck,
}: {
  game: GameView;
  bottomSeat: number;
  layout: TableLayout;
  deck?: DeckFolder;
}) {
  const count = game.players.length;
  return (
    <>
      {game.players
        .filter((p) => p.seat !== bottomSeat)
        .map((p) => {
          const place = layout.seats.find((s) => s.relative === relativeSeat(p.seat, bottomSeat, count));
          return place ? (
            <Seat key={p.seat} player={p} place={place} layout={layout} game={game} deck={deck} />
          ) : null;
        })}
    </>
  );
}

import { ActionIcon, Badge, Box, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconBook2, IconFlag, IconHistory } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import type { Card } from '@shared/game';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { PATHS } from '../../../lib/paths';
import { cardLabel } from '../../../components/CardView';
import { DeckCard } from '../../../components/DeckCard';
import { HowToPlayCard } from '../../../components/HowToPlayCard';
import type { HandResult } from '../hooks/handResult';
import classes from './GameTable.module.css';
import { TurnRing } from './TurnRing';

type Player = GameView['players'][number];

export interface GameTableProps {
  game: GameView;
  handResult: HandResult | null;
  over: ServerMessageOf<'GAME_OVER'> | null;
  announcement: string;
  onPlay(card: Card): void;
  onResign(): void;
  onPlayAgain(): void;
}

/** Where each seat's card lands in the trick area, relative to the viewer (bottom = you). */
function trickSpot(seat: number, viewerSeat: number, players: number) {
  const relative = (seat - viewerSeat + players) % players;
  const spots: [number, number][] =
    players === 2
      ? [
          [0, 28],
          [0, -28],
        ]
      : [
          [0, 34],
          [-56, 0],
          [0, -34],
          [56, 0],
        ];
  const [x, y] = spots[relative % spots.length]!;
  return { x, y, rot: (relative % 2 === 0 ? -1 : 1) * (4 + relative * 2) };
}

function PlayerBadge({ player, game, label }: { player: Player; game: GameView; label?: string }) {
  const isTurn = game.status === 'active' && game.turn === player.seat;
  return (
    <Group gap="sm" wrap="nowrap">
      <TurnRing username={player.username} deadline={isTurn ? game.turnDeadline : null} active={isTurn} />
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

function statusLine(game: GameView, you: Player | undefined): string {
  if (game.status === 'finished') return 'Game over';
  const turn = game.players.find((p) => p.seat === game.turn);
  if (!turn) return '';
  if (you && turn.seat === you.seat) return game.currentTrick.length === 0 ? 'Your lead' : 'Your turn';
  return `${turn.username} to play`;
}

export function GameTable({
  game,
  handResult,
  over,
  announcement,
  onPlay,
  onResign,
  onPlayAgain,
}: GameTableProps) {
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`) ?? false;
  const sizes = wide ? { hand: 112, trick: 100, back: 62 } : { hand: 84, trick: 76, back: 48 };
  const [confirmResign, setConfirmResign] = useState(false);
  const [showRules, setShowRules] = useState(false);
  const [showLastTrick, setShowLastTrick] = useState(false);
  const viewerSeat = game.you?.seat ?? 0;
  const you = game.you ? game.players.find((p) => p.seat === game.you!.seat) : undefined;
  const others = game.players.filter((p) => p.seat !== (you?.seat ?? -1));
  const spectator = game.you === null;
  const bottom = you ?? game.players[0]!;
  const top = spectator ? game.players.filter((p) => p.seat !== bottom.seat) : others;
  const legal = new Set(game.legalCards);
  const overlap = game.hand.length > 4 ? 34 : 20;
  const spread = wide ? 1.4 : 1;
  const nameOf = (seat: number) =>
    you && seat === you.seat ? 'You' : (game.players.find((p) => p.seat === seat)?.username ?? '');
  const youWon = over && you && over.winnerUserId === you.userId;
  const myRating = over?.ratingChange?.find((r) => r.userId === you?.userId);

  return (
    <div className={classes.page}>
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          component={Link}
          to={PATHS.games}
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="Back to games"
        >
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Group gap={6} wrap="nowrap">
          <Badge variant="light" color="accent">
            {game.mode}
          </Badge>
          {spectator && (
            <Badge variant="outline" color="gray">
              watching
            </Badge>
          )}
          <Text size="xs" c="dark.1">
            Hand {game.handNumber} · trick {game.trickNumber}/5
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="How to Play"
            onClick={() => setShowRules(true)}
          >
            <IconBook2 size={20} />
          </ActionIcon>
          {!spectator && game.status === 'active' && (
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label="Resign"
              onClick={() => setConfirmResign(true)}
            >
              <IconFlag size={20} />
            </ActionIcon>
          )}
        </Group>
      </Group>

      <Stack gap={6} align="center">
        <Group justify="center" gap="xl">
          {top.map((p) => (
            <Stack key={p.seat} gap={6} align="center">
              <PlayerBadge player={p} game={game} />
              <div className={classes.backs} aria-label={`${p.username} holds ${p.cardsInHand} cards`}>
                {Array.from({ length: p.cardsInHand }, (_, i) => (
                  <DeckCard key={i} width={sizes.back} />
                ))}
              </div>
            </Stack>
          ))}
        </Group>
      </Stack>

      <div className={classes.felt}>
        <Text size="sm" fw={700} c="spar.3" mb="md" aria-hidden>
          {statusLine(game, you)}
        </Text>
        <div className={classes.trick} aria-label="Cards on the table">
          {game.currentTrick.map((play) => {
            const spot = trickSpot(play.seat, viewerSeat, game.players.length);
            return (
              <div
                key={`${game.handNumber}-${game.trickNumber}-${play.seat}`}
                className={classes.trickCard}
                style={
                  {
                    '--to-x': `calc(-50% + ${spot.x * spread}px)`,
                    '--to-y': `calc(-50% + ${spot.y * spread}px)`,
                    '--from-x': `calc(-50% + ${spot.x * 4}px)`,
                    '--from-y': `calc(-50% + ${spot.y * 6}px)`,
                    '--rot': `${spot.rot}deg`,
                  } as React.CSSProperties
                }
              >
                <DeckCard card={play.card} width={sizes.trick} />
              </div>
            );
          })}
        </div>
        {handResult && !over && (
          <Box
            className={classes.result}
            bg="rgba(0,0,0,0.55)"
            px="md"
            py="xs"
            style={{ borderRadius: 12 }}
            role="status"
          >
            <Text fw={800} c="spar.4" ta="center">
              {nameOf(handResult.seat) === 'You'
                ? 'You win the hand'
                : `${nameOf(handResult.seat)} wins the hand`}
            </Text>
            <Group gap={6} justify="center" wrap="nowrap">
              <DeckCard card={handResult.card} width={26} />
              <Text size="sm">{handResult.reason}</Text>
            </Group>
          </Box>
        )}
        {game.lastTrick && !handResult && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            leftSection={<IconHistory size={14} />}
            onClick={() => setShowLastTrick(true)}
            mt={6}
          >
            Last trick
          </Button>
        )}
      </div>

      <Stack gap={0} align="center">
        <PlayerBadge player={bottom} game={game} label={you ? `${bottom.username} (you)` : bottom.username} />
        {spectator ? (
          <div
            className={classes.backs}
            style={{ paddingTop: 10 }}
            aria-label={`${bottom.username} holds ${bottom.cardsInHand} cards`}
          >
            {Array.from({ length: bottom.cardsInHand }, (_, i) => (
              <DeckCard key={i} width={sizes.back} />
            ))}
          </div>
        ) : (
          <div
            className={classes.hand}
            role="group"
            aria-label="Your hand"
            style={{ '--overlap': `${Math.round(overlap * (wide ? 0.6 : 1))}px` } as React.CSSProperties}
          >
            {game.hand.map((card) => {
              const playable = legal.has(card);
              return (
                <button
                  key={card}
                  type="button"
                  className={`${classes.handCard} ${playable ? classes.legal : classes.illegal}`}
                  aria-label={cardLabel(card)}
                  disabled={!playable}
                  onClick={() => onPlay(card)}
                >
                  <DeckCard card={card} width={sizes.hand} />
                </button>
              );
            })}
          </div>
        )}
      </Stack>

      <div className={classes.srOnly} aria-live="polite" role="log">
        {announcement}
      </div>

      <Modal
        opened={confirmResign}
        onClose={() => setConfirmResign(false)}
        title="Resign this game?"
        centered
      >
        <Text size="sm" mb="md">
          Your opponent wins at once{game.mode === 'ranked' ? ' and your rating changes as for a loss' : ''}.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmResign(false)}>
            Keep playing
          </Button>
          <Button
            color="red"
            onClick={() => {
              setConfirmResign(false);
              onResign();
            }}
          >
            Resign
          </Button>
        </Group>
      </Modal>

      <Modal
        opened={showRules}
        onClose={() => setShowRules(false)}
        size="lg"
        withCloseButton
        title="How to Play"
      >
        <HowToPlayCard />
      </Modal>

      <Modal
        opened={showLastTrick}
        onClose={() => setShowLastTrick(false)}
        title="Last trick"
        centered
        size="sm"
      >
        <Group justify="center" gap="md">
          {game.lastTrick?.plays.map((play) => (
            <Stack key={play.seat} gap={4} align="center">
              <DeckCard
                card={play.card}
                width={70}
                style={{
                  outline:
                    play.seat === game.lastTrick!.winner
                      ? '3px solid var(--mantine-color-spar-5)'
                      : undefined,
                }}
              />
              <Text size="xs">{nameOf(play.seat)}</Text>
            </Stack>
          ))}
        </Group>
      </Modal>

      <Modal opened={over !== null} onClose={() => undefined} withCloseButton={false} centered radius="lg">
        {over && (
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} c={spectator ? 'spar.4' : youWon ? 'spar.4' : 'red.4'}>
              {spectator
                ? `${game.players.find((p) => p.userId === over.winnerUserId)?.username ?? 'Bot'} wins`
                : youWon
                  ? 'You won!'
                  : 'You lost'}
            </Title>
            <Text size="sm" c="dark.1">
              {over.reason === 'score'
                ? 'First to the target score'
                : over.reason === 'resign'
                  ? 'By resignation'
                  : over.reason === 'timeout'
                    ? 'Too many turns timed out'
                    : 'A player left the game'}
            </Text>
            <Group gap="lg" justify="center">
              {game.players.map((p) => (
                <Stack key={p.seat} gap={0} align="center">
                  <Text fw={800} size="xl">
                    {over.scores[p.seat] ?? 0}
                  </Text>
                  <Text size="xs">{p.username}</Text>
                </Stack>
              ))}
            </Group>
            {myRating && (
              <Text fw={700} c={myRating.delta >= 0 ? 'teal.4' : 'red.4'}>
                Rating {Math.round(myRating.after)} ({myRating.delta >= 0 ? '+' : ''}
                {myRating.delta.toFixed(1)})
              </Text>
            )}
            <Group mt="sm">
              <Button component={Link} to={PATHS.games} variant="default">
                Back to games
              </Button>
              {!spectator && (
                <Button color="spar" c="dark.9" onClick={onPlayAgain}>
                  Play again
                </Button>
              )}
            </Group>
          </Stack>
        )}
      </Modal>
    </div>
  );
}

import { Box, Button, Group, Text } from '@mantine/core';
import { IconHistory, IconListNumbers, type Icon } from '@tabler/icons-react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { DeckFolder } from '@shared/decks';
import type { Card } from '@shared/game';
import type { GameView } from '@shared/protocol';
import { DeckCard } from '../../../../components/DeckCard';
import { nameOf } from '../../hooks/announce';
import type { HandResult } from '../../hooks/handResult';
import type { TablePause } from '../../hooks/tablePacing';
import classes from '../GameTable.module.css';
import {
  animate,
  relativeSeat,
  seatName,
  statusParts,
  TRICK_LABEL_PX,
  type CardPlace,
  type Rect,
  type SeatSide,
  type TableLayout,
} from './layout';

/** The card of the hand result: large enough to read at a glance. */
export const RESULT_CARD_PX = 52;
const FLY_IN_MS = 280;
/** The sweep of a trick to its winner, once its pause is over (the pause is the time to see it). */
const COLLECT_MS = 420;

export interface TrickAreaProps {
  game: GameView;
  /** The result of the hand just won, shown over the felt until the next hand's first card. */
  handResult: HandResult | null;
  /** A finished trick held on the table (its winner marked), or the hand's result after it. */
  pause?: TablePause | null;
  /** A tap on the felt during a pause ends it. */
  onSkipPause?(): void;
  /** Opens the hand-by-hand score log. */
  onShowScores?(): void;
  layout: TableLayout;
  /** The seat drawn at the bottom: the viewer's, or the first player's for a spectator. */
  bottomSeat: number;
  motion: boolean;
  /** The viewer's default deck: the table is drawn from it. */
  deck?: DeckFolder;
  onShowLastTrick(): void;
}

const DIRECTION: Record<SeatSide, [number, number]> = {
  bottom: [0, 1],
  top: [0, -1],
  left: [-1, 0],
  right: [1, 0],
};

const centre = (r: Rect) => ({ x: r.x + r.w / 2, y: r.y + r.h / 2 });

function placeStyle(place: CardPlace, width: number): React.CSSProperties {
  const height = Math.round(width * 1.4);
  return {
    left: place.cx - width / 2,
    top: place.cy - height / 2,
    width,
    transform: `rotate(${place.rot}deg)`,
  };
}

/** One card of the trick with its player's name under it; it flies in from that player's side. */
function TrickCard({
  card,
  name,
  place,
  side,
  width,
  motion,
  deck,
  winner = false,
}: {
  card: Card;
  name: string;
  place: CardPlace;
  side: SeatSide;
  width: number;
  motion: boolean;
  deck?: DeckFolder;
  /** The card that took the finished trick: marked while the trick is held on the table. */
  winner?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (!motion) return;
    const [dx, dy] = DIRECTION[side];
    animate(
      ref.current,
      [
        { transform: `translate(${dx * 160}px, ${dy * 160}px) scale(0.85)`, opacity: 0 },
        { transform: 'none' },
      ],
      { duration: FLY_IN_MS, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)' },
    );
    // A card flies in once, when it is played.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div
      className={classes.trickCard}
      style={placeStyle(place, width)}
      data-side={side}
      data-winner={winner || undefined}
      data-testid="trick-card"
    >
      <div ref={ref}>
        <DeckCard
          card={card}
          width={width}
          deck={deck}
          className={winner ? classes.winningCard : undefined}
        />
        <Text
          size="xs"
          fw={600}
          ta="center"
          lh={`${TRICK_LABEL_PX}px`}
          truncate
          className={classes.trickName}
        >
          {name}
        </Text>
      </div>
    </div>
  );
}

/**
 * Whose turn it is, over the trick. A long name is cut short ("Kwabena_Asan… to play") and the
 * words after it never are, so a phone's narrow felt still says what is happening.
 */
function StatusLine({
  parts: { name, words },
  style,
}: {
  parts: { name: string | null; words: string };
  style: React.CSSProperties;
}) {
  return (
    <Group
      gap={4}
      wrap="nowrap"
      justify="center"
      aria-hidden
      data-testid="table-status"
      className={classes.status}
      style={style}
    >
      {name !== null && (
        <>
          <Text size="sm" fw={700} c="spar.3" truncate miw={0} data-testid="status-name">
            {name}
          </Text>{' '}
        </>
      )}
      <Text size="sm" fw={700} c="spar.3" className={classes.statusWords} data-testid="status-words">
        {words}
      </Text>
    </Group>
  );
}

/** "Ama takes the trick" as the status line's two parts; "You take the trick" is one. */
function takerParts(game: GameView, seat: number): { name: string | null; words: string } {
  const name = nameOf(game, seat);
  return name === 'You' ? { name: null, words: 'You take the trick' } : { name, words: 'takes the trick' };
}

interface Collecting {
  key: string;
  plays: { seat: number; card: Card }[];
  winner: number;
}

/** A finished trick: its cards stay a moment, then sweep off towards the seat that won them. */
function CollectedTrick({
  trick,
  game,
  layout,
  bottomSeat,
  deck,
  onDone,
}: {
  trick: Collecting;
  game: GameView;
  layout: TableLayout;
  bottomSeat: number;
  deck?: DeckFolder;
  onDone(): void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const count = game.players.length;
  const winnerRelative = relativeSeat(trick.winner, bottomSeat, count);
  const target =
    winnerRelative === 0
      ? centre(layout.me)
      : centre(layout.seats.find((s) => s.relative === winnerRelative)?.rect ?? layout.me);
  useLayoutEffect(() => {
    const cards = [...(ref.current?.children ?? [])] as HTMLElement[];
    const runs = cards.map((el, i) => {
      const place = layout.trick[relativeSeat(trick.plays[i]!.seat, bottomSeat, count)]!;
      return animate(
        el,
        [
          { transform: `rotate(${place.rot}deg)`, opacity: 1 },
          {
            transform: `translate(${target.x - place.cx}px, ${target.y - place.cy}px) scale(0.4)`,
            opacity: 0,
          },
        ],
        { duration: COLLECT_MS, easing: 'ease-in', fill: 'forwards' },
      );
    });
    const first = runs.find((r) => r !== null);
    if (!first) {
      onDone();
      return;
    }
    first.onfinish = onDone;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [trick.key]);
  return (
    <div ref={ref} aria-hidden data-testid="collected-trick">
      {trick.plays.map((play) => {
        const place = layout.trick[relativeSeat(play.seat, bottomSeat, count)]!;
        return (
          <div key={play.seat} className={classes.trickCard} style={placeStyle(place, layout.trickCard)}>
            <DeckCard card={play.card} width={layout.trickCard} deck={deck} />
          </div>
        );
      })}
    </div>
  );
}

const trickKey = (game: GameView) =>
  game.lastTrick ? `${game.lastTrick.winner}:${game.lastTrick.plays.map((p) => p.card).join(',')}` : '';

/**
 * The felt: whose turn it is in a strip of its own, the cards of the current trick each toward
 * its player's side with their name, the sweep of a won trick to its winner, and the hand's result.
 */
/** A quiet link on the felt, under the trick: the last trick, the scores. */
function FeltLink({
  icon: Glyph,
  onClick,
  children,
}: {
  icon: Icon;
  onClick?: () => void;
  children: string;
}) {
  return (
    <Button
      size="compact-xs"
      variant="subtle"
      color="gray"
      leftSection={<Glyph size={14} />}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

export function TrickArea({
  game,
  handResult,
  layout,
  bottomSeat,
  motion,
  deck,
  onShowLastTrick,
  pause = null,
  onSkipPause,
  onShowScores,
}: TrickAreaProps) {
  // While a finished trick is held, its cards stay where they were played (docs/design.md,
  // "Pacing the table"); the view has already moved on to the next trick.
  const held = pause?.phase === 'trick' ? pause : null;
  const plays = held ? held.trick.plays : game.currentTrick;
  const handNumber = held ? held.handNumber : game.handNumber;
  const trickNumber = held ? held.trickNumber : game.trickNumber;
  // The result sits at the felt's centre: once the next hand's first card is played it gives way
  // for good, or it would cover the cards played while its time runs.
  const nothingPlayedYet = game.trickNumber === 1 && game.currentTrick.length === 0;
  const result = nothingPlayedYet || pause?.phase === 'result' ? handResult : null;
  const winner = result ? seatName(game, result.seat) : '';
  const { felt, status } = layout;
  const count = game.players.length;
  const sideOf = (relative: number): SeatSide =>
    relative === 0 ? 'bottom' : (layout.seats.find((s) => s.relative === relative)?.side ?? 'top');

  // A trick that has just been won: remembered so it can be swept off (never with reduced motion).
  const [collecting, setCollecting] = useState<Collecting | null>(null);
  const key = trickKey(game);
  // Noticed while rendering (React's pattern for state that follows a prop), not in an effect.
  const [seen, setSeen] = useState(key);
  if (key !== seen) {
    setSeen(key);
    if (motion && game.lastTrick && game.currentTrick.length === 0)
      setCollecting({ key, plays: game.lastTrick.plays, winner: game.lastTrick.winner });
  }
  // The sweep runs once the trick has been seen; reduced motion has the pause without it.
  const showCollecting = motion && collecting !== null && game.currentTrick.length === 0 && !held;

  return (
    <>
      <div
        className={classes.felt}
        style={{
          left: felt.x,
          top: felt.y,
          width: felt.w,
          height: felt.h,
          cursor: pause && onSkipPause ? 'pointer' : undefined,
        }}
        data-testid="felt"
        data-paused={pause?.phase}
        onClick={pause ? onSkipPause : undefined}
      >
        <StatusLine
          style={{ left: status.x - felt.x, top: status.y - felt.y, width: status.w, height: status.h }}
          parts={held ? takerParts(game, held.trick.winner) : statusParts(game)}
        />
        {!pause && (game.lastTrick || onShowScores) && (
          <Group gap={2} wrap="nowrap" className={classes.lastTrick}>
            {game.lastTrick && !result && (
              <FeltLink icon={IconHistory} onClick={onShowLastTrick}>
                Last trick
              </FeltLink>
            )}
            {onShowScores && (
              <FeltLink icon={IconListNumbers} onClick={onShowScores}>
                Scores
              </FeltLink>
            )}
          </Group>
        )}
      </div>
      <div className={classes.trickLayer} aria-label="Cards on the table">
        {plays.map((play) => {
          const relative = relativeSeat(play.seat, bottomSeat, count);
          return (
            <TrickCard
              key={`${handNumber}-${trickNumber}-${play.seat}`}
              winner={held?.trick.winner === play.seat}
              card={play.card}
              name={seatName(game, play.seat)}
              place={layout.trick[relative]!}
              side={sideOf(relative)}
              width={layout.trickCard}
              motion={motion}
              deck={deck}
            />
          );
        })}
      </div>
      {showCollecting && (
        <div className={classes.trickLayer}>
          <CollectedTrick
            trick={collecting}
            game={game}
            layout={layout}
            bottomSeat={bottomSeat}
            deck={deck}
            onDone={() => setCollecting(null)}
          />
        </div>
      )}
      {result && (
        <Box
          className={classes.result}
          data-motion={motion ? 'on' : 'off'}
          bg="rgba(0,0,0,0.7)"
          px="md"
          py="xs"
          role="status"
          style={{
            left: felt.x + felt.w / 2,
            top: felt.y + felt.h / 2,
            maxWidth: felt.w - 16,
          }}
        >
          <Text fw={800} c="spar.4" ta="center">
            {winner === 'You' ? 'You win the hand' : `${winner} wins the hand`}
          </Text>
          <Group gap={8} justify="center" wrap="nowrap">
            <DeckCard card={result.card} width={RESULT_CARD_PX} deck={deck} />
            <Text size="sm">{result.reason}</Text>
          </Group>
        </Box>
      )}
    </>
  );
}

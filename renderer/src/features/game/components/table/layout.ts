import { useMediaQuery } from '@mantine/hooks';
import type { GameView } from '@shared/protocol';

export type Player = GameView['players'][number];

/** The width from which the table uses its larger cards; GameTable.module.css switches at the same width. */
const WIDE_TABLE_MIN_PX = 768;

/** Card widths in pixels for the hand, the trick and the backs of other hands. */
export interface TableSizes {
  wide: boolean;
  hand: number;
  trick: number;
  back: number;
}

export function useTableSizes(): TableSizes {
  const wide = useMediaQuery(`(min-width: ${WIDE_TABLE_MIN_PX}px)`) ?? false;
  return wide ? { wide, hand: 112, trick: 100, back: 62 } : { wide, hand: 84, trick: 76, back: 48 };
}

/** The viewer's own seat, or undefined for a spectator. */
export function viewerOf(game: GameView): Player | undefined {
  return game.you ? game.players.find((p) => p.seat === game.you!.seat) : undefined;
}

/** 'You' for the viewer's seat, else that player's name. */
export function seatName(game: GameView, seat: number): string {
  if (game.you && seat === game.you.seat) return 'You';
  return game.players.find((p) => p.seat === seat)?.username ?? '';
}

/** The line over the trick: whose turn it is, from the viewer's side. */
export function statusLine(game: GameView): string {
  if (game.status === 'finished') return 'Game over';
  const turn = game.players.find((p) => p.seat === game.turn);
  if (!turn) return '';
  if (game.you && turn.seat === game.you.seat)
    return game.currentTrick.length === 0 ? 'Your lead' : 'Your turn';
  return `${turn.username} to play`;
}

/** Where each seat's card lands in the trick area, relative to the viewer (bottom = you). */
export function trickSpot(seat: number, viewerSeat: number, players: number) {
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

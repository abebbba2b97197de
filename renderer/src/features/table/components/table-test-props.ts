import type { GameView } from '@shared/protocol';
import type { GameTableProps } from './GameTable';

/**
 * For tests: every prop of `<GameTable/>` for `game`, with nothing announced and handlers that do
 * nothing, `overrides` on top.
 */
export function tableProps(
  game: GameView,
  overrides: Partial<Omit<GameTableProps, 'game'>> = {},
): GameTableProps {
  return {
    game,
    handResult: null,
    over: null,
    announcement: null,
    onPlay: () => undefined,
    onResign: () => undefined,
    onPlayAgain: () => undefined,
    ...overrides,
  };
}

import { Button, type ButtonProps } from '@mantine/core';
import { IconEye, IconPlayerPlay } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';

const KINDS = {
  play: { to: PATHS.game, icon: IconPlayerPlay, label: 'Play' },
  watch: { to: PATHS.game, icon: IconEye, label: 'Watch' },
  replay: { to: PATHS.replay, icon: IconPlayerPlay, label: 'Replay' },
} as const;

/**
 * A button into a game: play it, watch it, or replay it once over. `iconSize` null shows the word
 * alone; the rest of its look is the caller's.
 */
export function GameButton({
  gameId,
  kind,
  iconSize = 14,
  ...rest
}: Omit<ButtonProps, 'leftSection' | 'children'> & {
  gameId: string;
  kind: keyof typeof KINDS;
  iconSize?: number | null;
  style?: React.CSSProperties;
}) {
  const { to, icon: Glyph, label } = KINDS[kind];
  return (
    <Button
      component={Link}
      to={to(gameId)}
      leftSection={iconSize !== null && <Glyph size={iconSize} />}
      {...rest}
    >
      {label}
    </Button>
  );
}

import { ActionIcon, Badge, Flex, Group, Text } from '@mantine/core';
import { IconArrowLeft, IconBook2, IconEye, IconFlag } from '@tabler/icons-react';
import { TRICKS_PER_HAND } from '@shared/game';
import type { GameView } from '@shared/protocol';
import { SoundMenuButton } from '../../../../domain/SoundSettings';
import { IconLinkButton } from '../../../../components/IconLinkButton';
import { PATHS } from '../../../../lib/paths';

/** What a practice game on this device is worth: it is said on its table and at its end. */
export const OFFLINE_PRACTICE_NOTICE = 'Offline practice · unrated · no rewards';

/**
 * Back to games, the game's mode and progress, the rules, and (for a player in play) Resign.
 * `stacked` (a phone's width) puts the badges over the progress, so neither is cut. `offline`: a
 * practice game on this device, named as such.
 */
export function TableToolbar({
  game,
  stacked = false,
  offline = false,
  onShowRules,
  onResign,
}: {
  game: GameView;
  stacked?: boolean;
  offline?: boolean;
  onShowRules(): void;
  onResign(): void;
}) {
  const spectator = game.you === null;
  const badgeSize = stacked ? 'sm' : 'md';
  const badges = (
    <Group gap={6} wrap="nowrap" justify="center">
      {offline ? (
        // A phone's toolbar has room for the name only; the whole notice is its title (and the end's).
        <Badge size={badgeSize} variant="light" color="accent" title={OFFLINE_PRACTICE_NOTICE}>
          {stacked ? 'offline practice' : OFFLINE_PRACTICE_NOTICE}
        </Badge>
      ) : (
        <Badge size={badgeSize} variant="light" color="accent">
          {game.mode}
        </Badge>
      )}
      {spectator && (
        <Badge size={badgeSize} variant="outline" color="gray">
          watching
        </Badge>
      )}
      {(game.spectators ?? 0) > 0 && (
        <Badge
          size={badgeSize}
          variant="light"
          color="gray"
          leftSection={<IconEye size={12} />}
          aria-label={`${game.spectators} watching`}
        >
          {game.spectators}
        </Badge>
      )}
    </Group>
  );
  const progress = (
    <Text
      size="xs"
      c="dark.1"
      lh={stacked ? 1.3 : undefined}
      style={{ whiteSpace: 'nowrap' }}
      data-testid="hand-progress"
    >
      Hand {game.handNumber} · trick {game.trickNumber}/{TRICKS_PER_HAND}
    </Text>
  );
  return (
    <Group justify="space-between" wrap="nowrap" gap={stacked ? 'xs' : 'md'}>
      <IconLinkButton to={PATHS.games} size="lg" icon={IconArrowLeft} label="Back to games" />
      <Flex
        direction={stacked ? 'column' : 'row'}
        gap={stacked ? 2 : 6}
        align="center"
        miw={0}
        data-testid="toolbar-middle"
      >
        {badges}
        {progress}
      </Flex>
      <Group gap={4} wrap="nowrap">
        <SoundMenuButton />
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="How to Play" onClick={onShowRules}>
          <IconBook2 size={20} />
        </ActionIcon>
        {!spectator && game.status === 'active' && !game.players[game.you!.seat]?.resigned && (
          <ActionIcon variant="subtle" color="red" size="lg" aria-label="Resign" onClick={onResign}>
            <IconFlag size={20} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}

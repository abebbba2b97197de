import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { PATHS } from '../lib/paths';
import { IconLinkButton } from './IconLinkButton';
import { PlayerAvatar } from './PlayerAvatar';

interface GameResultRowProps {
  gameId: string;
  /** The word on the result badge ('win' or 'loss'). */
  result: string | null | undefined;
  /** The (first) opponent, whose avatar leads the row. */
  opponent: { username: string; avatarUrl: string | null | undefined } | undefined;
  /** Who it was against, in words; the replay's name says 'your opponent' without it. */
  against: string | undefined;
  /** A line under the names (the mode and the day). */
  detail?: React.ReactNode;
  /** The final score, and what follows it before the replay (the rating change). */
  score?: string | null;
  extra?: React.ReactNode;
}

/**
 * One finished game in a list of them, as one player saw it: their result, who they played, the
 * score and the replay. The score keeps one line and its width (at 360 px it wrapped to "12–/9");
 * the names give way.
 */
export function GameResultRow({
  gameId,
  result,
  opponent,
  against,
  detail,
  score,
  extra,
}: GameResultRowProps) {
  const names = (
    <Text size="sm" truncate>
      vs {against ?? 'Opponent'}
    </Text>
  );
  return (
    <Group justify="space-between" wrap="nowrap">
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Badge color={result === 'win' ? 'teal' : 'red'} variant="light" w={52}>
          {result}
        </Badge>
        {opponent && (
          <PlayerAvatar
            username={opponent.username}
            avatarUrl={opponent.avatarUrl}
            size={24}
            color="gray"
            variant="light"
          />
        )}
        {detail ? (
          <Stack gap={0} style={{ minWidth: 0 }}>
            {names}
            {detail}
          </Stack>
        ) : (
          names
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
        {score && (
          <Text size="sm" fw={700} style={{ whiteSpace: 'nowrap' }}>
            {score}
          </Text>
        )}
        {extra}
        <IconLinkButton
          to={PATHS.replay(gameId)}
          size="sm"
          icon={IconPlayerPlay}
          iconSize={14}
          label={`Replay the game against ${against ?? 'your opponent'}`}
        />
      </Group>
    </Group>
  );
}

import { Badge, BackgroundImage, Box, Group, Table, Text, ThemeIcon } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { Prize, TournamentStatus, TournamentSummary } from '@shared/protocol';
import {
  STATUS_LABELS,
  countdownOf,
  formatCountdown,
  ordinal,
  prizeText,
  useItemName,
} from '../../../domain/tournaments';

/** The time now, ticking every second while shown. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** "Starts in 4:09" / "Ends in 1h 05m", ticking; nothing once it is over. */
export function Countdown({
  tournament,
  size = 'sm',
}: {
  tournament: Pick<TournamentSummary, 'status' | 'startsAt' | 'endsAt'>;
  size?: 'sm' | 'lg';
}) {
  const now = useNow();
  const clock = countdownOf(tournament, now);
  if (!clock) return null;
  return (
    <Group gap={6} wrap="nowrap" aria-label={`${clock.label} ${formatCountdown(clock.ms)}`} role="timer">
      <Text
        size={size === 'lg' ? 'sm' : 'xs'}
        c={size === 'lg' ? 'dark.1' : 'dark.0'}
        tt="uppercase"
        fw={600}
        style={{ whiteSpace: 'nowrap' }}
      >
        {clock.label}
      </Text>
      <Text
        size={size === 'lg' ? 'xl' : 'sm'}
        fw={800}
        c={tournament.status === 'running' ? 'red.4' : 'accent.4'}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {formatCountdown(clock.ms)}
      </Text>
    </Group>
  );
}

export function StatusBadge({ status }: { status: TournamentStatus }) {
  const { label, color } = STATUS_LABELS[status];
  return (
    <Badge color={color} variant={status === 'running' ? 'filled' : 'light'} miw="max-content">
      {label}
    </Badge>
  );
}

/**
 * The tournament's banner, or the app's felt with a trophy when it has none; `children` sit over
 * its foot, `corner` at its top right.
 */
export function Banner({
  url,
  height,
  children,
  corner,
}: {
  url: string | null;
  height: number;
  children?: React.ReactNode;
  corner?: React.ReactNode;
}) {
  const top = corner && (
    <Box pos="absolute" top={8} right={8}>
      {corner}
    </Box>
  );
  const foot = children && (
    <Box
      pos="absolute"
      left={0}
      right={0}
      bottom={0}
      p="sm"
      style={{ background: 'linear-gradient(transparent, rgba(8, 12, 10, 0.92))' }}
    >
      {children}
    </Box>
  );
  if (url)
    return (
      <BackgroundImage src={url} h={height} pos="relative" role="img" aria-label="Tournament banner">
        {top}
        {foot}
      </BackgroundImage>
    );
  return (
    <Box
      h={height}
      pos="relative"
      style={{
        background:
          'radial-gradient(circle at 30% 20%, var(--mantine-color-spar-8), var(--mantine-color-dark-8) 70%)',
      }}
    >
      <ThemeIcon
        pos="absolute"
        top="50%"
        left="50%"
        size={Math.min(64, height / 2)}
        radius="xl"
        variant="light"
        color="accent"
        style={{ transform: 'translate(-50%, -60%)' }}
        aria-hidden
      >
        <IconTrophy size={Math.min(36, height / 3)} />
      </ThemeIcon>
      {top}
      {foot}
    </Box>
  );
}

/** The prize table: one row per paid place. */
export function PrizeTable({ prizes }: { prizes: readonly Prize[] }) {
  const itemName = useItemName();
  if (prizes.length === 0)
    return (
      <Text size="sm" c="dark.1">
        This tournament is played for glory: no prizes.
      </Text>
    );
  return (
    <Table verticalSpacing={6} aria-label="Prizes">
      <Table.Tbody>
        {[...prizes]
          .sort((a, b) => a.place - b.place)
          .map((prize) => (
            <Table.Tr key={prize.place}>
              <Table.Td w={56}>
                <Text fw={800} c={prize.place === 1 ? 'spar.5' : undefined}>
                  {ordinal(prize.place)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{prizeText(prize, itemName)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

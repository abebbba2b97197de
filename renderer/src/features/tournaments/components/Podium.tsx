import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCrown } from '@tabler/icons-react';
import type { Standing } from '@shared/protocol';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { podiumOrder } from '../standings';
import { ordinal, prizeText, useItemName } from '../../../domain/tournaments';

const STEP: Record<number, { height: number; color: string }> = {
  1: { height: 96, color: 'var(--mantine-color-spar-5)' },
  2: { height: 68, color: 'var(--mantine-color-gray-4)' },
  3: { height: 48, color: 'var(--mantine-color-orange-7)' },
};

/** A finished tournament's top three on their steps (2nd, 1st, 3rd), with what each won. */
export function Podium({ standings }: { standings: readonly Standing[] }) {
  const itemName = useItemName();
  const top = podiumOrder(standings);
  if (top.length === 0) return null;
  return (
    <Group
      justify="center"
      align="flex-end"
      gap="xs"
      wrap="nowrap"
      role="list"
      aria-label="Podium"
      data-testid="podium"
    >
      {top.map((s) => {
        const step = STEP[s.place]!;
        return (
          <Stack
            key={s.userId}
            role="listitem"
            aria-label={`${ordinal(s.place)}: ${s.username}, ${s.score} points`}
            gap={6}
            align="center"
            style={{ flex: 1, minWidth: 0, maxWidth: 180 }}
          >
            {s.place === 1 && <IconCrown size={28} color={step.color} aria-hidden />}
            <PlayerAvatar
              size={s.place === 1 ? 'lg' : 'md'}
              color="spar"
              username={s.username}
              avatarUrl={s.avatarUrl}
              style={{ border: `2px solid ${step.color}` }}
            />
            <Text fw={800} size="sm" truncate maw="100%">
              {s.username}
            </Text>
            <Text size="xs" c="dark.1">
              {s.score} points
            </Text>
            <Paper
              w="100%"
              h={step.height}
              radius="md"
              p={6}
              style={{
                background: `linear-gradient(180deg, ${step.color}, rgba(0, 0, 0, 0.25))`,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                justifyContent: 'flex-start',
              }}
            >
              <Text fw={900} size="xl" c="dark.9" lh={1.1}>
                {ordinal(s.place)}
              </Text>
              {s.prize && (
                <Box ta="center" maw="100%">
                  <Text size="xs" fw={700} c="dark.9" lineClamp={2}>
                    {prizeText(s.prize, itemName)}
                  </Text>
                </Box>
              )}
            </Paper>
          </Stack>
        );
      })}
    </Group>
  );
}

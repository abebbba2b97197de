import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconCoin, IconTrophy, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TournamentSummary } from '@shared/protocol';
import { PATHS } from '../../../lib/paths';
import {
  entrantsText,
  feeText,
  formatStart,
  prizeText,
  seatsText,
  topPrize,
  useItemName,
} from '../../../domain/tournaments';
import { Banner, Countdown, StatusBadge } from './parts';

function Fact({ icon: Icon, label, value }: { icon: typeof IconCoin; label: string; value: string }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0} aria-label={`${label}: ${value}`}>
      <Icon size={16} color="var(--mantine-color-dark-1)" aria-hidden style={{ flexShrink: 0 }} />
      <Text size="sm" truncate>
        {value}
      </Text>
    </Group>
  );
}

/** One tournament in the lists: its banner, name, when, seats, fee, top prize and entrants. */
export function TournamentCard({ tournament: t }: { tournament: TournamentSummary }) {
  const itemName = useItemName();
  const prize = topPrize(t.prizes);
  return (
    <Card
      component={Link}
      to={PATHS.tournament(t.id)}
      withBorder
      radius="lg"
      bg="dark.7"
      padding={0}
      data-testid="tournament-card"
      aria-label={t.name}
      style={{ overflow: 'hidden' }}
    >
      <Banner
        url={t.bannerUrl}
        height={112}
        corner={
          (t.visibility === 'invite' || t.joined) && (
            <Group gap={6} wrap="nowrap">
              {t.visibility === 'invite' && (
                <Badge variant="filled" color="grape" miw="max-content">
                  Invite only
                </Badge>
              )}
              {t.joined && (
                <Badge variant="filled" color="spar" c="dark.9" miw="max-content">
                  Joined
                </Badge>
              )}
            </Group>
          )
        }
      >
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <StatusBadge status={t.status} />
          <Countdown tournament={t} />
        </Group>
      </Banner>
      <Stack gap="xs" p="md">
        <Stack gap={2}>
          <Text fw={800} size="lg" lineClamp={1}>
            {t.name}
          </Text>
          <Text size="xs" c="dark.1" truncate>
            {t.status === 'cancelled' ? 'Cancelled · ' : ''}
            {formatStart(t.startsAt)} · {t.durationMinutes} min
          </Text>
        </Stack>
        <Group gap="md" wrap="wrap" style={{ rowGap: 4 }}>
          <Fact icon={IconUsers} label="Seats" value={seatsText(t.seats)} />
          <Fact icon={IconCoin} label="Entry" value={feeText(t.entryFee)} />
          <Fact icon={IconUsersGroup} label="Entrants" value={entrantsText(t)} />
        </Group>
        <Group
          gap={6}
          wrap="nowrap"
          miw={0}
          aria-label={`Top prize: ${prize ? prizeText(prize, itemName) : 'none'}`}
        >
          <IconTrophy size={16} color="var(--mantine-color-spar-5)" aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={700} c={prize ? 'spar.4' : 'dark.1'} lineClamp={1}>
            {prize ? prizeText(prize, itemName) : 'No prizes'}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

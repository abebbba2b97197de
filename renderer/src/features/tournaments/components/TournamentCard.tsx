import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
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
      <Banner url={t.bannerUrl} height={112}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <StatusBadge status={t.status} />
          <Group gap={6} wrap="nowrap">
            {t.visibility === 'invite' && (
              <Badge variant="light" color="grape" miw="max-content">
                Invite only
              </Badge>
            )}
            {t.joined && (
              <Badge variant="filled" color="spar" c="dark.9" miw="max-content">
                Joined
              </Badge>
            )}
          </Group>
        </Group>
      </Banner>
      <Stack gap="xs" p="md">
        <Stack gap={2}>
          <Text fw={800} size="lg" lineClamp={1}>
            {t.name}
          </Text>
          {t.status === 'scheduled' || t.status === 'running' ? (
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="xs" c="dark.1" truncate>
                {formatStart(t.startsAt)} · {t.durationMinutes} min
              </Text>
              <Countdown tournament={t} />
            </Group>
          ) : (
            <Text size="xs" c="dark.1">
              {t.status === 'cancelled' ? 'Cancelled' : 'Played'} {formatStart(t.startsAt)}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
          <Fact icon={IconUsers} label="Seats" value={seatsText(t.seats)} />
          <Fact icon={IconCoin} label="Entry" value={feeText(t.entryFee)} />
          <Fact
            icon={IconTrophy}
            label="Top prize"
            value={prize ? prizeText(prize, itemName) : 'No prizes'}
          />
          <Fact icon={IconUsersGroup} label="Entrants" value={entrantsText(t)} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

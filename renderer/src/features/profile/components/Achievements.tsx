import {
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconLock, IconTrophy } from '@tabler/icons-react';
import type { Achievement } from '@shared/protocol';
import { CurrencyAmount } from '../../../components/Currency';
import { afterMoneyMove, currencyKeys } from '../../../domain/currency';
import { formatAmount } from '../../../components/currency-format';
import { toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { achievementsQueryOptions } from '../api/achievements';
import { claimAchievement } from '../api/claim-achievement';
import { LoadFailure } from '../../../components/QueryStatus';

function AchievementCard({
  item,
  claiming,
  busy,
  onClaim,
}: {
  item: Achievement;
  claiming: boolean;
  busy: boolean;
  onClaim(id: string): void;
}) {
  const done = Math.min(item.progress, item.target);
  return (
    <Card
      withBorder
      radius="md"
      bg="dark.7"
      padding="sm"
      aria-label={item.name}
      data-state={item.claimed ? 'claimed' : item.unlocked ? 'unlocked' : 'locked'}
      style={{ borderColor: item.unlocked && !item.claimed ? 'var(--mantine-color-spar-7)' : undefined }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {item.unlocked ? (
          <IconTrophy size={26} color="var(--mantine-color-spar-4)" />
        ) : (
          <IconLock size={26} color="var(--mantine-color-dark-2)" />
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} size="sm" truncate>
              {item.name}
            </Text>
            <CurrencyAmount type={item.currencyType} amount={item.amount} size="xs" iconSize={14} />
          </Group>
          <Text size="xs" c="dark.1">
            {item.description}
          </Text>
          <Progress
            value={(done / item.target) * 100}
            color={item.unlocked ? 'accent' : 'spar'}
            size="sm"
            radius="xl"
            aria-label={`${item.name} progress`}
          />
          <Group justify="space-between" wrap="nowrap">
            <Text size="xs" c="dark.2">
              {done} / {item.target}
            </Text>
            {item.claimed ? (
              <Badge color="teal" variant="light" leftSection={<IconCheck size={12} />}>
                Claimed
              </Badge>
            ) : item.unlocked ? (
              <Button
                size="compact-sm"
                color="spar"
                c="dark.9"
                loading={claiming}
                disabled={busy && !claiming}
                onClick={() => onClaim(item.id)}
                aria-label={`Claim ${item.name}`}
              >
                Claim
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

/** The player's own achievements: progress, and Claim for each unlocked one not yet paid. */
export function Achievements() {
  const client = useQueryClient();
  const list = useQuery(achievementsQueryOptions);
  const claim = useMutation({
    mutationFn: claimAchievement,
    onSuccess: (answer, id) => {
      afterMoneyMove(client, answer.balance);
      client.setQueryData(achievementsQueryOptions.queryKey, (old) =>
        old?.map((a) => (a.id === id ? { ...a, claimed: true } : a)),
      );
      void client.invalidateQueries({ queryKey: currencyKeys.achievements });
      const name = list.data?.find((a) => a.id === id)?.name ?? 'Achievement';
      toast({
        title: 'Reward Claimed',
        description: `${name}: ${formatAmount(answer.amount, answer.currencyType, true)}`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toastFailure('Could not claim the reward', error);
      void client.invalidateQueries({ queryKey: currencyKeys.achievements });
    },
  });
  const unlocked = list.data?.filter((a) => a.unlocked).length ?? 0;
  return (
    <Stack gap="sm" component="section" aria-label="Achievements">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Achievements
        </Title>
        {list.data && (
          <Text size="sm" c="dark.1">
            {unlocked} of {list.data.length} unlocked
          </Text>
        )}
      </Group>
      {list.isError ? (
        <LoadFailure error={list.error} fallback="Could not load your achievements" size="sm" />
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          {list.data
            ? list.data.map((item) => (
                <AchievementCard
                  key={item.id}
                  item={item}
                  claiming={claim.isPending && claim.variables === item.id}
                  busy={claim.isPending}
                  onClaim={(id) => claim.mutate(id)}
                />
              ))
            : [0, 1, 2, 3].map((i) => <Skeleton key={i} h={96} radius="md" />)}
        </SimpleGrid>
      )}
    </Stack>
  );
}

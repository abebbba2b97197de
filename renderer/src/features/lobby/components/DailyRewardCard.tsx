import { Badge, Box, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconCheck, IconFlame, IconGift } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { DailyReward } from '@shared/protocol';
import { CurrencyIcon } from '../../../components/Currency';
import { afterMoneyMove, currencyKeys } from '../../../domain/currency';
import { formatAmount } from '../../../components/currency-format';
import { toastFailure } from '../../../lib/http';
import { useNetworkOnline } from '../../../lib/network';
import { toast } from '../../../lib/toast';
import { claimDailyReward } from '../api/claim-daily-reward';
import { dailyRewardsQueryOptions } from '../api/daily-rewards';

const MINUTE_MS = 60_000;

/** "5 h 12 min", "12 min", "less than a minute". */
export function timeUntil(at: number, now: number): string {
  const minutes = Math.ceil((at - now) / MINUTE_MS);
  if (minutes <= 1) return 'less than a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function DayTile({ reward, claimed, today }: { reward: DailyReward; claimed: boolean; today: boolean }) {
  return (
    <Stack
      gap={2}
      align="center"
      py={6}
      data-state={claimed ? 'claimed' : today ? 'today' : 'upcoming'}
      aria-label={`Day ${reward.day}: ${formatAmount(reward.amount, reward.currencyType)}${claimed ? ', claimed' : today ? ', today' : ''}`}
      style={{
        flex: '1 1 0',
        minWidth: 0,
        borderRadius: 10,
        border: `1px solid ${today ? 'var(--mantine-color-spar-5)' : 'var(--mantine-color-dark-5)'}`,
        background: today
          ? 'rgba(255, 184, 10, 0.12)'
          : claimed
            ? 'rgba(20, 198, 143, 0.10)'
            : 'var(--mantine-color-dark-6)',
        boxShadow: today ? '0 0 12px rgba(255, 184, 10, 0.35)' : undefined,
      }}
    >
      <Text size="10px" fw={700} c={today ? 'spar.4' : 'dark.1'} tt="uppercase">
        Day {reward.day}
      </Text>
      <Box h={22} style={{ display: 'grid', placeItems: 'center' }}>
        {claimed ? (
          <IconCheck size={20} color="var(--mantine-color-accent-4)" stroke={3} />
        ) : reward.imageUrl ? (
          // The picture staff chose for this day (see docs/design.md, "Staff area").
          <img src={reward.imageUrl} alt="" width={22} height={22} style={{ objectFit: 'contain' }} />
        ) : (
          <CurrencyIcon type={reward.currencyType} size={20} />
        )}
      </Box>
      <Text size="xs" fw={800}>
        {reward.amount.toLocaleString('en')}
      </Text>
    </Stack>
  );
}

/**
 * The daily login reward on the games hub: the week's schedule (claimed days ticked, today lit),
 * the streak, and Claim; once claimed, when the next reward opens.
 */
export function DailyRewardCard() {
  const client = useQueryClient();
  const state = useQuery(dailyRewardsQueryOptions);
  const now = useNow();
  const online = useNetworkOnline();
  const claim = useMutation({
    mutationFn: claimDailyReward,
    onSuccess: (answer) => {
      afterMoneyMove(client, answer.balance);
      void client.invalidateQueries({ queryKey: currencyKeys.dailyRewards });
      toast({
        title: 'Daily Reward Claimed',
        description: `${formatAmount(answer.amount, answer.currencyType, true)}${answer.bonusItem ? ` and ${answer.bonusItem.name}` : ''}. Day ${answer.day} of your streak.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toastFailure('Could not claim the reward', error);
      void client.invalidateQueries({ queryKey: currencyKeys.dailyRewards });
    },
  });

  // The hub works without it; the games below matter more. Offline, a schedule loaded before
  // still shows, but nothing can be claimed until the network returns.
  if (state.isError || (!online && !state.data)) return null;
  const data = state.data;
  const rewards = data ? [...data.rewards].filter((r) => r.isActive).sort((a, b) => a.day - b.day) : [];
  const todays = rewards.find((r) => r.day === data?.today);
  const claimed = (day: number) => !!data && (day < data.today || (day === data.today && data.claimedToday));

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      aria-label="Daily reward"
      component="section"
      style={{
        background:
          'linear-gradient(135deg, rgba(255, 184, 10, 0.10), rgba(20, 198, 143, 0.06)), var(--mantine-color-dark-7)',
        borderColor: 'var(--mantine-color-spar-9)',
      }}
    >
      {/* The streak drops under the title where both do not fit (a 360 px phone cut it to "0 DAY STR…"). */}
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs" wrap="nowrap">
          <IconGift size={22} color="var(--mantine-color-spar-4)" />
          <Title order={2} size="h4" style={{ whiteSpace: 'nowrap' }}>
            Daily reward
          </Title>
        </Group>
        {data && (
          <Badge color="orange" variant="light" leftSection={<IconFlame size={14} />}>
            {data.streak} day streak
          </Badge>
        )}
      </Group>
      {!data ? (
        <Skeleton h={74} radius="md" />
      ) : (
        <Group gap={6} wrap="nowrap" role="list" aria-label="This week's rewards">
          {rewards.map((r) => (
            <Box key={r.id} role="listitem" style={{ flex: '1 1 0', minWidth: 0, display: 'flex' }}>
              <DayTile reward={r} claimed={claimed(r.day)} today={r.day === data.today} />
            </Box>
          ))}
        </Group>
      )}
      <Group justify="space-between" mt="md" wrap="nowrap" gap="sm">
        <Text size="sm" c="dark.1">
          {!data
            ? ' '
            : data.claimedToday
              ? `Next reward in ${timeUntil(data.nextClaimAt, now)}`
              : todays
                ? `Today: ${formatAmount(todays.amount, todays.currencyType)}`
                : 'Your reward is ready'}
        </Text>
        <Button
          color="spar"
          c="dark.9"
          miw={110}
          // The line beside it wraps instead: squeezed, the button cut "Claimed" on a 360 px phone.
          style={{ flexShrink: 0 }}
          loading={claim.isPending}
          disabled={!data || data.claimedToday || claim.isPending || !online}
          onClick={() => claim.mutate()}
          leftSection={data?.claimedToday ? <IconCheck size={16} /> : undefined}
        >
          {data?.claimedToday ? 'Claimed' : 'Claim'}
        </Button>
      </Group>
    </Card>
  );
}

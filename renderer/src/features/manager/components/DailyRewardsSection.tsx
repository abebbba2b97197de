import { ActionIcon, Badge, Group, Image, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { DailyReward } from '@shared/protocol';
import { CurrencyIcon } from '../../../components/Currency';
import { formatAmount } from '../../../components/currency-format';
import { managerDailyRewardsQueryOptions, managerShopItemsQueryOptions } from '../api/manager';
import { DailyRewardDialog } from './DailyRewardDialog';
import { StaffList, StaffTable } from './StaffList';

interface RewardsViewProps {
  rewards: readonly DailyReward[];
  itemName(id: number | null): string;
  onOpen(reward: DailyReward): void;
}

function Amount({ reward }: { reward: DailyReward }) {
  return (
    <Group gap={6} wrap="nowrap">
      <CurrencyIcon type={reward.currencyType} size={16} />
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatAmount(reward.amount, reward.currencyType)}
      </Text>
    </Group>
  );
}

function Picture({ reward }: { reward: DailyReward }) {
  return reward.imageUrl ? (
    <Image src={reward.imageUrl} alt={`Day ${reward.day} image`} w={32} h={32} fit="contain" />
  ) : null;
}

function Status({ reward }: { reward: DailyReward }) {
  // Its own width: a squeezed column or row would cut "Active" short.
  return (
    <Badge color={reward.isActive ? 'teal' : 'gray'} variant="light" miw="max-content">
      {reward.isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function EditButton({ reward, onOpen }: { reward: DailyReward; onOpen(reward: DailyReward): void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      aria-label={`Edit day ${reward.day}`}
      onClick={(event) => {
        // The row or card around it opens the editor too.
        event.stopPropagation();
        onOpen(reward);
      }}
    >
      <IconPencil size={18} />
    </ActionIcon>
  );
}

/** Wide screens: one row per reward, every field in its own column. */
function RewardsTable({ rewards, itemName, onOpen }: RewardsViewProps) {
  return (
    <StaffTable
      label="Daily rewards"
      minWidth={640}
      columns={['Day', 'Reward', 'Description', 'Image', 'Bonus item', 'Status']}
    >
      {rewards.map((reward) => (
        <Table.Tr
          key={reward.id}
          data-testid="reward-row"
          // The whole row opens the editor; the button is the keyboard's way in.
          onClick={() => onOpen(reward)}
          style={{ cursor: 'pointer' }}
        >
          <Table.Td fw={700}>{reward.day}</Table.Td>
          <Table.Td>
            <Amount reward={reward} />
          </Table.Td>
          <Table.Td>
            <Text size="sm" lineClamp={2}>
              {reward.description}
            </Text>
          </Table.Td>
          <Table.Td>
            {reward.imageUrl ? (
              <Picture reward={reward} />
            ) : (
              <Text size="sm" c="dark.2">
                —
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{itemName(reward.bonusItemId)}</Text>
          </Table.Td>
          <Table.Td>
            <Status reward={reward} />
          </Table.Td>
          <Table.Td>
            <EditButton reward={reward} onOpen={onOpen} />
          </Table.Td>
        </Table.Tr>
      ))}
    </StaffTable>
  );
}

/**
 * Phones: one card per reward, so every field (status and the edit button too) shows without
 * scrolling the table sideways, which nothing on a phone hints at.
 */
function RewardCards({ rewards, itemName, onOpen }: RewardsViewProps) {
  return (
    <Stack gap="xs" role="list" aria-label="Daily rewards">
      {rewards.map((reward) => (
        <Paper
          key={reward.id}
          role="listitem"
          data-testid="reward-row"
          withBorder
          radius="md"
          p="sm"
          onClick={() => onOpen(reward)}
          style={{ cursor: 'pointer' }}
        >
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Stack gap={0} align="center" miw={36}>
              <Text size="xs" c="dark.1" tt="uppercase">
                Day
              </Text>
              <Text fw={800} size="lg" lh={1.2}>
                {reward.day}
              </Text>
            </Stack>
            <Stack gap={4} miw={0} style={{ flex: 1 }}>
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <Amount reward={reward} />
                <Status reward={reward} />
              </Group>
              <Text size="sm" c="dark.1" lineClamp={2}>
                {reward.description}
              </Text>
              {reward.bonusItemId !== null && (
                <Text size="xs" c="dark.1">
                  Bonus item: {itemName(reward.bonusItemId)}
                </Text>
              )}
            </Stack>
            <Stack gap={4} align="center">
              <EditButton reward={reward} onOpen={onOpen} />
              <Picture reward={reward} />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * Every daily reward (inactive ones too) and the dialog to add or edit one: a table on wide
 * screens, cards when `stacked` (phones).
 */
export function DailyRewardsSection({ stacked }: { stacked: boolean }) {
  const View = stacked ? RewardCards : RewardsTable;
  const rewards = useQuery(managerDailyRewardsQueryOptions);
  const items = useQuery(managerShopItemsQueryOptions);
  const [editing, setEditing] = useState<DailyReward | null>(null);
  const [opened, setOpened] = useState(false);
  const itemName = (id: number | null) =>
    id === null ? '—' : (items.data?.find((item) => item.id === id)?.name ?? `Item ${id}`);

  const open = (reward: DailyReward | null) => {
    setEditing(reward);
    setOpened(true);
  };

  return (
    <StaffList
      title="Daily rewards"
      addLabel="Add reward"
      onAdd={() => open(null)}
      list={rewards}
      failure="Could not load the daily rewards"
      empty="No daily rewards yet: players get nothing for logging in."
      view={(data) => <View rewards={data} itemName={itemName} onOpen={open} />}
    >
      <DailyRewardDialog reward={editing} opened={opened} onClose={() => setOpened(false)} />
    </StaffList>
  );
}

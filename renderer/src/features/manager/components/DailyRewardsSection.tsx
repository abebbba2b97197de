import { ActionIcon, Badge, Button, Group, Image, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { DailyReward } from '@shared/protocol';
import { CurrencyIcon } from '../../../components/Currency';
import { formatAmount } from '../../../lib/currency';
import { failureText } from '../../../lib/http';
import { managerDailyRewardsQueryOptions, managerShopItemsQueryOptions } from '../api/manager';
import { DailyRewardDialog } from './DailyRewardDialog';

/** Every daily reward (inactive ones too) and the dialog to add or edit one. */
export function DailyRewardsSection() {
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
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          Daily rewards
        </Title>
        <Button leftSection={<IconPlus size={16} />} color="spar" c="dark.9" onClick={() => open(null)}>
          Add reward
        </Button>
      </Group>
      {rewards.isError ? (
        <Text c="red.4">{failureText(rewards.error, 'Could not load the daily rewards')}</Text>
      ) : !rewards.data ? (
        <Skeleton h={200} radius="md" />
      ) : rewards.data.length === 0 ? (
        <Text c="dark.1">No daily rewards yet: players get nothing for logging in.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Daily rewards">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day</Table.Th>
                <Table.Th>Reward</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Image</Table.Th>
                <Table.Th>Bonus item</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rewards.data.map((reward) => (
                <Table.Tr
                  key={reward.id}
                  data-testid="reward-row"
                  // The whole row opens the editor (the table scrolls sideways on a phone); the
                  // button is the keyboard's way in.
                  onClick={() => open(reward)}
                  style={{ cursor: 'pointer' }}
                >
                  <Table.Td fw={700}>{reward.day}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <CurrencyIcon type={reward.currencyType} size={16} />
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatAmount(reward.amount, reward.currencyType)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" lineClamp={2}>
                      {reward.description}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {reward.imageUrl ? (
                      <Image
                        src={reward.imageUrl}
                        alt={`Day ${reward.day} image`}
                        w={32}
                        h={32}
                        fit="contain"
                      />
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
                    {/* Its own width: the table gave the column less on a phone and cut "Active". */}
                    <Badge color={reward.isActive ? 'teal' : 'gray'} variant="light" miw="max-content">
                      {reward.isActive ? 'Active' : 'Inactive'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={`Edit day ${reward.day}`}
                      onClick={(event) => {
                        event.stopPropagation();
                        open(reward);
                      }}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <DailyRewardDialog reward={editing} opened={opened} onClose={() => setOpened(false)} />
    </Stack>
  );
}

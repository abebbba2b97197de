import { Avatar, Group, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { SectionCard } from '../../../components/SectionCard';
import { CurrencyIcon } from '../../../components/Currency';
import { formatMoney } from '../../../components/currency-format';
import { purchasesQueryOptions } from '../api/purchases';
import { transactionsQueryOptions } from '../api/transactions';
import { LoadFailure, LoadMoreButton } from '../../../components/QueryStatus';

const dateTime = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Waiting() {
  return (
    <Group justify="center" py="md">
      <Loader size="sm" color="gray" />
    </Group>
  );
}

export function PurchaseHistory() {
  const purchases = useQuery(purchasesQueryOptions);
  return (
    <SectionCard title="Purchase history" landmark>
      {purchases.isPending ? (
        <Waiting />
      ) : purchases.isError ? (
        <LoadFailure error={purchases.error} fallback="Could not load your purchases" size="sm" />
      ) : purchases.data.length === 0 ? (
        <Text size="sm" c="dark.1">
          No purchases yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {purchases.data.map((p) => (
            <Group
              key={p.paymentReference ?? `item-${p.id}`}
              justify="space-between"
              wrap="nowrap"
              data-testid="purchase-row"
            >
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Avatar src={p.imageUrl} radius="md" size={36} alt="" />
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600} truncate>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dark.2">
                    {dateTime(p.purchaseDate)}
                    {p.isActive ? '' : ' · inactive'}
                  </Text>
                </Stack>
              </Group>
              {p.moneyPrice !== null && p.moneyCurrency !== null ? (
                // A pack paid with money: what was paid, not coins or gems spent.
                <Text size="sm" fw={700}>
                  {formatMoney(p.moneyPrice, p.moneyCurrency)}
                </Text>
              ) : (
                <Group gap={4} wrap="nowrap">
                  <CurrencyIcon type={p.currencyType} size={14} />
                  <Text size="sm" fw={700}>
                    {p.price.toLocaleString('en')}
                  </Text>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

export function TransactionHistory() {
  const ledger = useInfiniteQuery(transactionsQueryOptions);
  const rows = ledger.data?.pages.flatMap((page) => page.transactions) ?? [];
  return (
    <SectionCard title="Transaction history" landmark>
      {ledger.isPending ? (
        <Waiting />
      ) : ledger.isError ? (
        <LoadFailure error={ledger.error} fallback="Could not load your transactions" size="sm" />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dark.1">
          No transactions yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {rows.map((t) => (
            <Group key={t.id} justify="space-between" wrap="nowrap" data-testid="transaction-row">
              <Stack gap={0} miw={0}>
                <Text size="sm" fw={600} truncate>
                  {t.description}
                </Text>
                <Text size="xs" c="dark.2">
                  {dateTime(t.createdAt)}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Group gap={4} wrap="nowrap">
                  <Text size="sm" fw={700} c={t.amount >= 0 ? 'teal.4' : 'red.4'}>
                    {t.amount >= 0 ? '+' : '−'}
                    {Math.abs(t.amount).toLocaleString('en')}
                  </Text>
                  <CurrencyIcon type={t.currencyType} size={14} />
                </Group>
                <Text size="xs" c="dark.2">
                  Balance {t.balanceAfter.toLocaleString('en')}
                </Text>
              </Stack>
            </Group>
          ))}
          <LoadMoreButton pages={ledger} label="Load more" />
        </Stack>
      )}
    </SectionCard>
  );
}

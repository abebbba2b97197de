import { Group, Loader, Paper } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CurrencyType } from '@shared/protocol';
import { balanceQueryOptions } from '../../../domain/currency';
import { CurrencyAmount } from '../../../components/Currency';

function Pill({ type, amount }: { type: CurrencyType; amount: number | undefined }) {
  return (
    <Paper
      radius="xl"
      px={10}
      py={4}
      bg="dark.7"
      withBorder
      data-testid={`balance-${type}`}
      style={{ borderColor: 'var(--mantine-color-dark-4)' }}
    >
      {amount === undefined ? (
        <Loader size={14} type="dots" color="gray" />
      ) : (
        <CurrencyAmount type={type} amount={amount} />
      )}
    </Paper>
  );
}

/** The player's coins and gems; every money move refreshes the query behind it. */
export function BalanceBar() {
  const balance = useQuery(balanceQueryOptions);
  return (
    <Group gap={6} wrap="nowrap" aria-label="Your balance" role="group">
      <Pill type="regular" amount={balance.data?.currency} />
      <Pill type="premium" amount={balance.data?.premiumCurrency} />
    </Group>
  );
}

import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { PendingTransaction } from '@shared/protocol';

/** Payments still open with the provider, each with a spinner; nothing when there are none. */
export function PendingPayments({
  pending,
  confirming,
}: {
  pending: PendingTransaction[];
  confirming: string | null;
}) {
  const others = pending.filter((p) => p.reference !== confirming);
  if (!confirming && others.length === 0) return null;
  return (
    <Paper
      withBorder
      radius="lg"
      p="sm"
      bg="dark.7"
      role="status"
      aria-label="Pending payments"
      style={{ borderColor: 'var(--mantine-color-spar-8)' }}
    >
      <Stack gap={6}>
        {confirming && (
          <Group gap="sm" wrap="nowrap">
            <Loader size="xs" color="spar" />
            <Text size="sm">Confirming your payment…</Text>
          </Group>
        )}
        {others.map((p) => (
          <Group key={p.reference} gap="sm" wrap="nowrap">
            <Loader size="xs" color="spar" />
            <Text size="sm" truncate>
              {p.name}: waiting for the payment to be confirmed
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}

import { Button, CloseButton, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { atom, useAtom } from 'jotai';
import type { PendingTransaction } from '@shared/protocol';
import { useCancelPayment } from '../hooks/usePayments';

/**
 * References the player dismissed from the strip, for the rest of this visit. A dismissed
 * payment is still polled and verified, and its outcome still announced; the server ends it
 * by itself if nobody pays (docs/design.md, "Money").
 */
const dismissedAtom = atom<ReadonlySet<string>>(new Set<string>());

/**
 * Payments still open with the provider, each with a spinner and a way to cancel it; the strip
 * can be dismissed. Nothing when there are none.
 */
export function PendingPayments({
  pending,
  confirming,
}: {
  pending: PendingTransaction[];
  confirming: string | null;
}) {
  const [dismissed, setDismissed] = useAtom(dismissedAtom);
  const cancel = useCancelPayment();
  const others = pending.filter((p) => p.reference !== confirming && !dismissed.has(p.reference));
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
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          {confirming && (
            <Group gap="sm" wrap="nowrap">
              <Loader size="xs" color="spar" />
              <Text size="sm">Confirming your payment…</Text>
            </Group>
          )}
          {others.map((p) => (
            <Group key={p.reference} gap="sm" wrap="nowrap" justify="space-between">
              <Group gap="sm" wrap="nowrap" miw={0}>
                <Loader size="xs" color="spar" />
                <Text size="sm" lineClamp={2}>
                  {p.name}: waiting for the payment to be confirmed
                </Text>
              </Group>
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                loading={cancel.isPending && cancel.variables === p.reference}
                disabled={cancel.isPending && cancel.variables !== p.reference}
                onClick={() => cancel.mutate(p.reference)}
                aria-label={`Cancel the payment for ${p.name}`}
              >
                Cancel
              </Button>
            </Group>
          ))}
        </Stack>
        {others.length > 0 && (
          <CloseButton
            size="sm"
            aria-label="Dismiss"
            onClick={() => setDismissed(new Set([...dismissed, ...others.map((p) => p.reference)]))}
          />
        )}
      </Group>
    </Paper>
  );
}

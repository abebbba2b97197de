import { Box, Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { CurrencyAmount } from '../../../components/Currency';
import { formatMoney } from '../../../components/currency-format';
import { toastFailure } from '../../../lib/http';
import { initializePayment } from '../api/initialize-payment';
import type { Pack } from './PackCard';

/** Leaves for checkout; the dialog stays as it is (spinner on) until the browser has gone. */
const goToCheckout = (url: string) => window.location.assign(url);

/**
 * Asks before paying for a pack: nothing is opened with the payment provider until the player
 * presses Pay, which starts the payment and sends them to its checkout.
 */
export function PackDialog({ pack, onClose }: { pack: Pack | null; onClose(): void }) {
  const [leaving, setLeaving] = useState(false);
  const start = useMutation({
    mutationFn: (target: Pack) => initializePayment(target.id),
    onSuccess: (payment) => {
      setLeaving(true);
      goToCheckout(payment.authorizationUrl);
    },
    onError: (error) => toastFailure('Payment Failed', error, 'Could not start the payment'),
  });
  const busy = start.isPending || leaving;
  return (
    <Modal
      opened={pack !== null}
      onClose={() => !busy && onClose()}
      title="Confirm payment"
      centered
      radius="lg"
    >
      {pack && (
        <Stack gap="md">
          <Group wrap="nowrap" align="center">
            <Image src={pack.imageUrl} alt="" w={64} h={64} fit="contain" />
            <Stack gap={4} miw={0}>
              <Text fw={700}>{pack.name}</Text>
              <Box>
                <CurrencyAmount type={pack.grantCurrencyType} amount={pack.grantAmount} size="md" />
              </Box>
            </Stack>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Price</Text>
            <Text fw={700}>{formatMoney(pack.moneyPrice, pack.moneyCurrency)}</Text>
          </Group>
          <Text size="sm" c="dark.1">
            You pay on the checkout page. Until you have paid, you can cancel the payment here in the shop.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button color="spar" c="dark.9" loading={busy} onClick={() => start.mutate(pack)}>
              Pay {formatMoney(pack.moneyPrice, pack.moneyCurrency)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

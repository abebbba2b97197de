import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrencyType, ShopItem } from '@shared/protocol';
import { CurrencyAmount } from '../../../components/Currency';
import { afterMoneyMove, balanceQueryOptions, currencyName, formatAmount } from '../../../lib/currency';
import { ApiError, toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { purchaseItem } from '../api/purchase-item';
import { GetMoreButton } from './GetMoreButton';

/** An item bought from a balance: it has a price in coins or gems. */
export type PricedItem = ShopItem & { price: number; currencyType: CurrencyType };

export function isPriced(item: ShopItem): item is PricedItem {
  return item.price !== null && item.currencyType !== null;
}

export const INSUFFICIENT_FUNDS = 'Insufficient funds';

/**
 * Asks before spending coins or gems. Confirm is disabled while the purchase runs, and when the
 * balance in the item's currency is below its price (the dialog then says how much is missing).
 */
export function PurchaseDialog({ item, onClose }: { item: PricedItem | null; onClose(): void }) {
  const client = useQueryClient();
  const balance = useQuery({ ...balanceQueryOptions, enabled: item !== null });
  const purchase = useMutation({
    mutationFn: (target: PricedItem) => purchaseItem(target.id),
    onSuccess: (answer, target) => {
      afterMoneyMove(client, answer.balance);
      toast({ title: 'Purchase Successful', description: `${target.name} is yours.`, variant: 'success' });
      onClose();
    },
    onError: (error, target) => {
      if (error instanceof ApiError && error.status === 400 && error.message === INSUFFICIENT_FUNDS) {
        toast({
          title: 'Insufficient Funds',
          description: `You don't have enough ${currencyName(target.currencyType)} to purchase this item.`,
          variant: 'destructive',
        });
        // Our balance was out of date: show the real one.
        afterMoneyMove(client);
      } else toastFailure('Error', error, 'Failed to purchase item');
    },
  });

  const held = item
    ? item.currencyType === 'premium'
      ? balance.data?.premiumCurrency
      : balance.data?.currency
    : undefined;
  const shortfall = item && held !== undefined ? Math.max(0, item.price - held) : 0;
  const disabled = purchase.isPending || held === undefined || shortfall > 0;

  return (
    <Modal
      opened={item !== null}
      onClose={() => !purchase.isPending && onClose()}
      title="Confirm purchase"
      centered
      radius="lg"
    >
      {item && (
        <Stack gap="md">
          <Group wrap="nowrap" align="flex-start">
            <Image src={item.imageUrl} alt="" w={72} h={72} radius="md" fit="cover" bg="dark.6" />
            <Stack gap={4}>
              <Text fw={700}>{item.name}</Text>
              <Text size="sm" c="dark.1">
                {item.description}
              </Text>
            </Stack>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Price</Text>
            <CurrencyAmount type={item.currencyType} amount={item.price} size="md" />
          </Group>
          <Group justify="space-between">
            <Text size="sm">Your {currencyName(item.currencyType)}</Text>
            {held === undefined ? (
              <Text size="sm" c="dark.2">
                …
              </Text>
            ) : (
              <CurrencyAmount type={item.currencyType} amount={held} size="md" />
            )}
          </Group>
          {shortfall > 0 && (
            <Text size="sm" c="red.4" role="alert">
              You need {formatAmount(shortfall, item.currencyType)} more to buy this item.
            </Text>
          )}
          <Group justify="flex-end">
            {shortfall > 0 && <GetMoreButton currencyType={item.currencyType} onClose={onClose} />}
            <Button variant="default" onClick={onClose} disabled={purchase.isPending}>
              Cancel
            </Button>
            <Button
              color="spar"
              c="dark.9"
              loading={purchase.isPending}
              disabled={disabled}
              onClick={() => purchase.mutate(item)}
            >
              Buy for {formatAmount(item.price, item.currencyType)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

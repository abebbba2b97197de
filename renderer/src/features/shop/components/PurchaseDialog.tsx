import { Group, Image, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrencyType, ShopItem } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { afterMoneyMove } from '../../../domain/currency';
import { currencyName } from '../../../components/currency-format';
import { isApiError, toastFailure } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { purchaseItem } from '../api/purchase-item';
import { ConfirmPurchase } from './PurchaseSummary';

/** An item bought from a balance: it has a price in coins or gems. */
export type PricedItem = ShopItem & { price: number; currencyType: CurrencyType };

export function isPriced(item: ShopItem): item is PricedItem {
  return item.price !== null && item.currencyType !== null;
}

/**
 * Asks before spending coins or gems. Confirm is disabled while the purchase runs, and when the
 * balance in the item's currency is below its price (the dialog then says how much is missing).
 */
export function PurchaseDialog({ item, onClose }: { item: PricedItem | null; onClose(): void }) {
  const client = useQueryClient();
  const purchase = useMutation({
    mutationFn: (target: PricedItem) => purchaseItem(target.id),
    onSuccess: (answer, target) => {
      afterMoneyMove(client, answer.balance);
      toast({ title: 'Purchase Successful', description: `${target.name} is yours.`, variant: 'success' });
      onClose();
    },
    onError: (error, target) => {
      if (isApiError(error, ROUTES.currency.purchase, 'insufficient_funds')) {
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

  return (
    <ConfirmPurchase
      target={item}
      thing="item"
      processing={purchase.isPending}
      onConfirm={(target) => purchase.mutate(target)}
      onClose={onClose}
    >
      {(target) => (
        <Group wrap="nowrap" align="flex-start">
          <Image src={target.imageUrl} alt="" w={72} h={72} radius="md" fit="cover" bg="dark.6" />
          <Stack gap={4}>
            <Text fw={700}>{target.name}</Text>
            <Text size="sm" c="dark.1">
              {target.description}
            </Text>
          </Stack>
        </Group>
      )}
    </ConfirmPurchase>
  );
}

import { Group, Image, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrencyType, ShopItem } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { afterMoneyMove } from '../../../domain/currency';
import { isApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { purchaseItem } from '../api/purchase-item';
import { toastPurchaseFailure } from '../purchase-failure';
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
    onError: (error, target) =>
      toastPurchaseFailure(client, error, {
        short: isApiError(error, ROUTES.currency.purchase, 'insufficient_funds'),
        currencyType: target.currencyType,
        thing: 'item',
        fallback: 'Failed to purchase item',
      }),
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

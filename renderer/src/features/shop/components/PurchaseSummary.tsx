import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CurrencyType } from '@shared/protocol';
import { CurrencyAmount } from '../../../components/Currency';
import { balanceQueryOptions } from '../../../domain/currency';
import { currencyName, formatAmount } from '../../../components/currency-format';
import { GetMoreButton } from './GetMoreButton';

/**
 * The one purchase confirmation, an item's or a deck's: what is bought (`children`, drawn for the
 * open `target`), then the summary below. Closing waits for a running purchase.
 */
export function ConfirmPurchase<T extends { price: number; currencyType: CurrencyType }>({
  target,
  thing,
  processing,
  onConfirm,
  onClose,
  children,
}: {
  target: T | null;
  thing: 'item' | 'deck';
  processing: boolean;
  onConfirm(target: T): void;
  onClose(): void;
  children(target: T): ReactNode;
}) {
  return (
    <Modal
      opened={target !== null}
      onClose={() => !processing && onClose()}
      title="Confirm purchase"
      centered
      radius="lg"
    >
      {target && (
        <Stack gap="md">
          {children(target)}
          <PurchaseSummary
            price={target.price}
            currencyType={target.currencyType}
            thing={thing}
            processing={processing}
            onConfirm={() => onConfirm(target)}
            onClose={onClose}
          />
        </Stack>
      )}
    </Modal>
  );
}

/**
 * What every purchase confirmation shows: the price, the balance in its currency, how much is
 * missing with the way to get it ('Get coins'), Cancel and Buy. Buy is disabled while the purchase
 * runs, while the balance loads, and when the balance is short.
 */
function PurchaseSummary({
  price,
  currencyType,
  thing,
  processing,
  onConfirm,
  onClose,
}: {
  price: number;
  currencyType: CurrencyType;
  /** What is bought, for "You need … more to buy this item". */
  thing: 'item' | 'deck';
  processing: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const balance = useQuery(balanceQueryOptions);
  const held = currencyType === 'premium' ? balance.data?.premiumCurrency : balance.data?.currency;
  const shortfall = held !== undefined ? Math.max(0, price - held) : 0;
  const disabled = processing || held === undefined || shortfall > 0;

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm">Price</Text>
        <CurrencyAmount type={currencyType} amount={price} size="md" />
      </Group>
      <Group justify="space-between">
        <Text size="sm">Your {currencyName(currencyType)}</Text>
        {held === undefined ? (
          <Text size="sm" c="dark.2">
            …
          </Text>
        ) : (
          <CurrencyAmount type={currencyType} amount={held} size="md" />
        )}
      </Group>
      {shortfall > 0 && (
        <Text size="sm" c="red.4" role="alert">
          You need {formatAmount(shortfall, currencyType)} more to buy this {thing}.
        </Text>
      )}
      <Group justify="flex-end">
        {shortfall > 0 && <GetMoreButton currencyType={currencyType} onClose={onClose} />}
        <Button variant="default" onClick={onClose} disabled={processing}>
          Cancel
        </Button>
        <Button color="spar" c="dark.9" loading={processing} disabled={disabled} onClick={onConfirm}>
          Buy for {formatAmount(price, currencyType)}
        </Button>
      </Group>
    </Stack>
  );
}

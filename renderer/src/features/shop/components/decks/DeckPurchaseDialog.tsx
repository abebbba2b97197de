import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Deck } from '@shared/protocol';
import { CurrencyAmount } from '../../../../components/Currency';
import { balanceQueryOptions, currencyName, formatAmount } from '../../../../lib/currency';
import { DeckPreview } from './DeckPreview';

/**
 * Asks before buying a deck with coins or gems. Confirm is disabled while the purchase runs and
 * when the balance in the deck's currency is below its price (the dialog says how much is missing).
 */
export function DeckPurchaseDialog({
  deck,
  processing,
  onConfirm,
  onClose,
}: {
  deck: Deck | null;
  processing: boolean;
  onConfirm(deck: Deck): void;
  onClose(): void;
}) {
  const balance = useQuery({ ...balanceQueryOptions, enabled: deck !== null });
  const held = deck
    ? deck.currencyType === 'premium'
      ? balance.data?.premiumCurrency
      : balance.data?.currency
    : undefined;
  const shortfall = deck && held !== undefined ? Math.max(0, deck.price - held) : 0;
  const disabled = processing || held === undefined || shortfall > 0;

  return (
    <Modal
      opened={deck !== null}
      onClose={() => !processing && onClose()}
      title="Confirm purchase"
      centered
      radius="lg"
    >
      {deck && (
        <Stack gap="md">
          <Group wrap="nowrap" align="center" gap="md">
            <DeckPreview deckUrl={deck.deckUrl} width={34} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700}>{deck.name}</Text>
              <Group gap={4}>
                <Badge size="xs" variant="light" color={deck.membership === 'exclusive' ? 'cyan' : 'spar'}>
                  {deck.membership}
                </Badge>
                <Badge size="xs" variant="outline" color="gray">
                  {deck.deckType}
                </Badge>
              </Group>
            </Stack>
          </Group>
          <Group justify="space-between">
            <Text size="sm">Price</Text>
            <CurrencyAmount type={deck.currencyType} amount={deck.price} size="md" />
          </Group>
          <Group justify="space-between">
            <Text size="sm">Your {currencyName(deck.currencyType)}</Text>
            {held === undefined ? (
              <Text size="sm" c="dark.2">
                …
              </Text>
            ) : (
              <CurrencyAmount type={deck.currencyType} amount={held} size="md" />
            )}
          </Group>
          {shortfall > 0 && (
            <Text size="sm" c="red.4" role="alert">
              You need {formatAmount(shortfall, deck.currencyType)} more to buy this deck.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={processing}>
              Cancel
            </Button>
            <Button
              color="spar"
              c="dark.9"
              loading={processing}
              disabled={disabled}
              onClick={() => onConfirm(deck)}
            >
              Buy for {formatAmount(deck.price, deck.currencyType)}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

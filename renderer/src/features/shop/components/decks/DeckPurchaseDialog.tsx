import { Badge, Group, Modal, Stack, Text } from '@mantine/core';
import { deckFolder } from '@shared/decks';
import type { Deck } from '@shared/protocol';
import { DeckCard } from '../../../../components/DeckCard';
import { PurchaseSummary } from '../PurchaseSummary';
import { DeckSpread } from './DeckSpread';

/**
 * Asks before buying a deck with coins or gems: the deck's back and every face it draws
 * (DeckSpread), then what every purchase dialog shows (PurchaseSummary: the price, the balance,
 * what is missing and the way to get it).
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
            {/* The back: the faces, its four kings among them, are all in the spread below. */}
            <DeckCard deck={deckFolder(deck.deckUrl)} width={40} />
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
          <DeckSpread deckUrl={deck.deckUrl} name={deck.name} />
          <PurchaseSummary
            price={deck.price}
            currencyType={deck.currencyType}
            thing="deck"
            processing={processing}
            onConfirm={() => onConfirm(deck)}
            onClose={onClose}
          />
        </Stack>
      )}
    </Modal>
  );
}

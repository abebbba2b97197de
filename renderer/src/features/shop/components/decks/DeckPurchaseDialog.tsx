import { Badge, Group, Stack, Text } from '@mantine/core';
import { deckFolder } from '@shared/decks';
import type { Deck } from '@shared/protocol';
import { DeckCard } from '../../../../components/DeckCard';
import { ConfirmPurchase } from '../PurchaseSummary';
import { DeckSpread } from './DeckSpread';

/**
 * Asks before buying a deck with coins or gems: the deck's back and every face it draws
 * (DeckSpread) in the one purchase confirmation (ConfirmPurchase: the price, the balance, what is
 * missing and the way to get it).
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
    <ConfirmPurchase
      target={deck}
      thing="deck"
      processing={processing}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {(target) => (
        <>
          <Group wrap="nowrap" align="center" gap="md">
            {/* The back: the faces, its four kings among them, are all in the spread below. */}
            <DeckCard deck={deckFolder(target.deckUrl)} width={40} />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Text fw={700}>{target.name}</Text>
              <Group gap={4}>
                <Badge size="xs" variant="light" color={target.membership === 'exclusive' ? 'cyan' : 'spar'}>
                  {target.membership}
                </Badge>
                <Badge size="xs" variant="outline" color="gray">
                  {target.deckType}
                </Badge>
              </Group>
            </Stack>
          </Group>
          <DeckSpread deckUrl={target.deckUrl} name={target.name} />
        </>
      )}
    </ConfirmPurchase>
  );
}

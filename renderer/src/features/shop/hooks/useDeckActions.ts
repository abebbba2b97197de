import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Deck } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { afterMoneyMove } from '../../../domain/currency';
import { afterDeckChange } from '../../../domain/decks';
import { isApiError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { acquireDeck, removeDeck, setDefaultDeck } from '../api/decks';
import type { DeckAction } from '../components/decks/DeckItem';
import { isPricedDeck } from '../components/decks/filters';
import { toastPurchaseFailure } from '../purchase-failure';

/**
 * Acquire, set default and remove, with the deck screen's notices. A priced deck goes through the
 * purchase confirmation first (`buying`); a free one is added at once. Every change refreshes the
 * decks (the game table's default deck among them), a purchase the balance and histories too.
 */
export function useDeckActions() {
  const client = useQueryClient();
  const [buying, setBuying] = useState<Deck | null>(null);

  const acquire = useMutation({
    mutationFn: (deck: Deck) => acquireDeck(deck.id),
    onSuccess: (answer, deck) => {
      afterDeckChange(client);
      if (answer.isPurchase) afterMoneyMove(client);
      setBuying(null);
      toast({
        title: answer.isPurchase ? 'Purchase Successful' : 'Deck Added',
        description: `${deck.name} is in your decks.`,
        variant: 'success',
      });
    },
    onError: (error, deck) =>
      toastPurchaseFailure(client, error, {
        short: isApiError(error, ROUTES.decks.acquire, 'insufficient_funds'),
        currencyType: deck.currencyType,
        thing: 'deck',
        fallback: 'Failed to acquire deck',
      }),
  });

  const setDefault = useMutation({
    mutationFn: (deck: Deck) => setDefaultDeck(deck.id),
    onSuccess: (answer) => {
      afterDeckChange(client);
      toast({ title: 'Default Deck', description: answer.message, variant: 'success' });
    },
    onError: () =>
      toast({ title: 'Error', description: 'Failed to set deck as default', variant: 'destructive' }),
  });

  const remove = useMutation({
    mutationFn: (deck: Deck) => removeDeck(deck.id),
    onSuccess: (answer) => {
      afterDeckChange(client);
      toast({ title: 'Deck Removed', description: answer.message, variant: 'success' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to remove deck', variant: 'destructive' }),
  });

  const running: { deckId: number; action: DeckAction } | null = acquire.isPending
    ? { deckId: acquire.variables.id, action: 'acquire' }
    : setDefault.isPending
      ? { deckId: setDefault.variables.id, action: 'default' }
      : remove.isPending
        ? { deckId: remove.variables.id, action: 'remove' }
        : null;

  return {
    running,
    buying,
    purchasing: acquire.isPending,
    /** Opens the confirmation for a priced deck; adds a free one at once. */
    request: (deck: Deck) => (isPricedDeck(deck) ? setBuying(deck) : acquire.mutate(deck)),
    confirmPurchase: (deck: Deck) => acquire.mutate(deck),
    closePurchase: () => setBuying(null),
    setDefault: (deck: Deck) => setDefault.mutate(deck),
    remove: (deck: Deck) => remove.mutate(deck),
  };
}

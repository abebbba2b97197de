import { queryOptions } from '@tanstack/react-query';
import type { AcquireDeckResult, Deck } from '@shared/protocol';
import { deckKeys } from '../../../domain/decks';
import { api } from '../../../lib/http';

export const deckCatalogQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: deckKeys.catalog(userId),
    queryFn: async () => {
      try {
        return await api<Deck[]>('/api/deck/catalog');
      } catch (error) {
        // Logged as well as shown: see docs/design.md, "Errors".
        console.error('Could not load the decks', error);
        throw error;
      }
    },
  });

export function acquireDeck(deckId: number): Promise<AcquireDeckResult> {
  return api<AcquireDeckResult>(`/api/deck/acquire/${deckId}`, { method: 'POST' });
}

export interface DeckDefaultAnswer {
  message: string;
  defaultDeckId: number;
}

export function setDefaultDeck(deckId: number): Promise<DeckDefaultAnswer> {
  return api<DeckDefaultAnswer>(`/api/deck/set-default/${deckId}`, { method: 'POST' });
}

export function removeDeck(deckId: number): Promise<DeckDefaultAnswer> {
  return api<DeckDefaultAnswer>(`/api/deck/remove/${deckId}`, { method: 'DELETE' });
}

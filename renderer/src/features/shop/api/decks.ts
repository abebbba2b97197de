import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { deckKeys } from '../../../domain/decks';
import { call, type CallResult } from '../../../lib/http';

export const deckCatalogQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: deckKeys.catalog(userId),
    queryFn: async () => {
      try {
        return await call(ROUTES.decks.catalog);
      } catch (error) {
        // Logged as well as shown: see docs/design.md, "Errors".
        console.error('Could not load the decks', error);
        throw error;
      }
    },
  });

export function acquireDeck(deckId: number) {
  return call(ROUTES.decks.acquire, { params: { deckId } });
}

export type DeckDefaultAnswer = CallResult<typeof ROUTES.decks.setDefault>;

export function setDefaultDeck(deckId: number): Promise<DeckDefaultAnswer> {
  return call(ROUTES.decks.setDefault, { params: { deckId } });
}

export function removeDeck(deckId: number): Promise<DeckDefaultAnswer> {
  return call(ROUTES.decks.remove, { params: { deckId } });
}

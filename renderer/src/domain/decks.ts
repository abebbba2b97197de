import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_DECK_FOLDER, deckFolder, type DeckFolder } from '@shared/decks';
import type { UserDeck } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../lib/http';
import { useSession } from '../lib/session/useSession';

/**
 * Query keys of the decks, named once: the shop's deck screen changes them and the game table
 * reads the default deck from them. See docs/design.md, "Decks".
 */
export const deckKeys = {
  all: ['decks'],
  catalog: (userId: number) => ['decks', 'catalog', userId],
  mine: (userId: number) => ['decks', 'mine', userId],
} as const;

export const myDecksQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: deckKeys.mine(userId),
    queryFn: () => call(ROUTES.decks.myDecks),
  });

/** After acquiring, removing or choosing a default deck: the catalogue and the collection again. */
export function afterDeckChange(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: deckKeys.all });
}

/** The folder of the default deck among the caller's decks; none marked (or none) → default. */
export function defaultFolderOf(
  decks: readonly Pick<UserDeck, 'deckUrl' | 'isDefault'>[] | undefined,
): DeckFolder {
  const chosen = decks?.find((deck) => deck.isDefault);
  return chosen ? deckFolder(chosen.deckUrl) : DEFAULT_DECK_FOLDER;
}

/**
 * The art folder the signed-in player's cards are drawn from: their default deck. Signed out,
 * while loading and when the request fails, the system default deck's folder.
 */
export function useDefaultDeckFolder(): DeckFolder {
  const { user } = useSession();
  const mine = useQuery({ ...myDecksQueryOptions(user?.id ?? 0), enabled: !!user });
  return user && mine.isSuccess ? defaultFolderOf(mine.data) : DEFAULT_DECK_FOLDER;
}

import { deckApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import type { DeckService } from './service';

/** The deck catalogue and the caller's collection: every route private. See docs/api.md, "Decks and avatars". */
export function deckRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; decks: DeckService },
): void {
  // Before validation, so an anonymous caller gets the 401 whatever the path holds.
  const auth = { preValidation: requireAuth(deps.authenticator) };
  const { decks } = deps;

  route(app, deckApi.catalog, auth, async (request) => decks.catalog(authOf(request).user.id));

  route(app, deckApi.myDecks, auth, async (request) => decks.myDecks(authOf(request).user.id));

  route(app, deckApi.acquire, auth, async (request) =>
    decks.acquire(authOf(request).user.id, request.params.deckId),
  );

  route(app, deckApi.setDefault, auth, async (request) =>
    decks.setDefault(authOf(request).user.id, request.params.deckId),
  );

  route(app, deckApi.remove, auth, async (request) =>
    decks.remove(authOf(request).user.id, request.params.deckId),
  );
}

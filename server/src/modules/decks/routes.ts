import {
  acquireDeckResponseSchema,
  deckCatalogResponseSchema,
  deckDefaultResponseSchema,
  deckIdParamsSchema,
  myDecksResponseSchema,
} from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import type { ContractApp } from '../../http/contract';
import type { DeckService } from './service';

/** The deck catalogue and the caller's collection: every route private. See docs/api.md, "Decks and avatars". */
export function deckRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; decks: DeckService },
): void {
  // Before validation, so an anonymous caller gets the 401 whatever the path holds.
  const auth = requireAuth(deps.authenticator);
  const { decks } = deps;

  app.get(
    '/api/deck/catalog',
    { preValidation: auth, schema: { response: { 200: deckCatalogResponseSchema } } },
    async (request) => decks.catalog(authOf(request).user.id),
  );

  app.get(
    '/api/deck/my-decks',
    { preValidation: auth, schema: { response: { 200: myDecksResponseSchema } } },
    async (request) => decks.myDecks(authOf(request).user.id),
  );

  app.post(
    '/api/deck/acquire/:deckId',
    {
      preValidation: auth,
      schema: { params: deckIdParamsSchema, response: { 200: acquireDeckResponseSchema } },
    },
    async (request) => decks.acquire(authOf(request).user.id, request.params.deckId),
  );

  app.post(
    '/api/deck/set-default/:deckId',
    {
      preValidation: auth,
      schema: { params: deckIdParamsSchema, response: { 200: deckDefaultResponseSchema } },
    },
    async (request) => decks.setDefault(authOf(request).user.id, request.params.deckId),
  );

  app.delete(
    '/api/deck/remove/:deckId',
    {
      preValidation: auth,
      schema: { params: deckIdParamsSchema, response: { 200: deckDefaultResponseSchema } },
    },
    async (request) => decks.remove(authOf(request).user.id, request.params.deckId),
  );
}

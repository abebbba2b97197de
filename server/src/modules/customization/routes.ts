import {
  activateSoundPackBodySchema,
  avatarChoiceResponseSchema,
  avatarIdParamsSchema,
  imageUrlResponseSchema,
  setAvatarBodySchema,
  soundPackStateSchema,
} from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import type { ContractApp } from '../../http/contract';
import type { CustomizationService } from './service';

/**
 * Choosing an avatar and a sound pack (private) and looking avatars up. The look-ups are public: avatars appear
 * wherever a player does, the public leaderboard included, and the images are public files
 * anyway. See docs/api.md, "Decks and avatars".
 */
export function customizationRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; customization: CustomizationService },
): void {
  const auth = requireAuth(deps.authenticator);
  const { customization } = deps;

  app.put(
    '/api/users/me/avatar',
    {
      preValidation: auth,
      schema: { body: setAvatarBodySchema, response: { 200: avatarChoiceResponseSchema } },
    },
    async (request) => customization.chooseAvatar(authOf(request).user.id, request.body.avatarId),
  );

  app.get(
    '/api/users/me/sound-pack',
    { preValidation: auth, schema: { response: { 200: soundPackStateSchema } } },
    async (request) => customization.soundPacks(authOf(request).user.id),
  );

  app.post(
    '/api/users/me/sound-pack',
    {
      preValidation: auth,
      schema: { body: activateSoundPackBodySchema, response: { 200: soundPackStateSchema } },
    },
    async (request) => customization.activateSoundPack(authOf(request).user.id, request.body.itemId),
  );

  app.get(
    '/api/customization/avatars/:avatarId',
    { schema: { params: avatarIdParamsSchema, response: { 200: imageUrlResponseSchema } } },
    async (request) => customization.avatarImageUrl(request.params.avatarId),
  );

  app.get(
    '/api/customization/shopItem/:avatarId',
    { schema: { params: avatarIdParamsSchema, response: { 200: imageUrlResponseSchema } } },
    async (request) => customization.shopItemImageUrl(request.params.avatarId),
  );
}

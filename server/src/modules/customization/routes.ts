import { customizationApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
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
  const auth = { preValidation: requireAuth(deps.authenticator) };
  const { customization } = deps;

  route(app, customizationApi.setAvatar, auth, async (request) =>
    customization.chooseAvatar(authOf(request).user.id, request.body.avatarId),
  );

  route(app, customizationApi.soundPack, auth, async (request) =>
    customization.soundPacks(authOf(request).user.id),
  );

  route(app, customizationApi.activateSoundPack, auth, async (request) =>
    customization.activateSoundPack(authOf(request).user.id, request.body.itemId),
  );

  route(app, customizationApi.avatarImage, {}, async (request) =>
    customization.avatarImageUrl(request.params.avatarId),
  );

  route(app, customizationApi.shopItemImage, {}, async (request) =>
    customization.shopItemImageUrl(request.params.avatarId),
  );
}

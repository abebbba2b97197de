import { playersApi } from '@shared/protocol';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import { requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import type { CustomizationService } from '../customization/service';
import { findUserById } from '../auth/repo';
import { ratingOf } from '../ratings/repo';
import { recordByMode } from './record';
import { isBlockedBetween } from '../social/relations';

export function userRoutes(
  app: ContractApp,
  deps: { db: Db; authenticator: Authenticator; customization: CustomizationService },
): void {
  const auth = requireAuth(deps.authenticator);

  /**
   * A player's public profile: name, rating, record, avatar and status. Never an email or anything
   * private. Between a blocked pair (either way) it answers as if the player did not exist; see
   * docs/design.md, "Social".
   */
  route(app, playersApi.profile, { preValidation: auth }, async (request) => {
    const user = await findUserById(deps.db.kysely, request.params.id);
    const viewer = request.auth?.user.id;
    if (
      !user ||
      (viewer !== undefined &&
        viewer !== user.id &&
        (await isBlockedBetween(deps.db.kysely, viewer, user.id)))
    )
      throw new DomainError('not_found', 'User not found', 'user_not_found');
    const [rating, appearance, record] = await Promise.all([
      ratingOf(deps.db.kysely, user.id),
      deps.customization.appearance(user.id),
      recordByMode(deps.db.kysely, user.id),
    ]);
    return {
      id: user.id,
      username: user.username,
      rating: Math.round(rating.rating),
      ratedGames: rating.games,
      wins: rating.wins,
      losses: rating.games - rating.wins,
      record,
      createdAt: user.created_at,
      ...appearance,
    };
  });
}

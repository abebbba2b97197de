import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { requireAuth } from '../../http/auth';
import { HttpError } from '../../http/errors';
import type { AccountService } from '../auth/service';
import { findUserById } from '../auth/repo';
import { ratingOf } from '../ratings/repo';

export function userRoutes(app: FastifyInstance, deps: { db: Db; accounts: AccountService }): void {
  const auth = requireAuth(deps.accounts);

  /** A player's public profile: name, rating and record. Never an email or anything private. */
  app.get('/api/users/:id/profile', { preHandler: auth }, async (request) => {
    const id = Number((request.params as { id: string }).id);
    const user = Number.isInteger(id) && id > 0 ? await findUserById(deps.db.kysely, id) : undefined;
    if (!user) throw new HttpError(404, 'User not found');
    const rating = await ratingOf(deps.db.kysely, user.id);
    return {
      id: user.id,
      username: user.username,
      rating: Math.round(rating.rating),
      ratedGames: rating.games,
      wins: rating.wins,
      losses: rating.games - rating.wins,
      createdAt: user.created_at,
    };
  });
}

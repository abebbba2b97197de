import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BOT_LEVELS } from '@shared/game';
import type { Db } from '../../db';
import { authOf, requireAuth } from '../../http/auth';
import { HttpError, parseInput } from '../../http/errors';
import type { RoomManager } from '../../rooms/manager';
import { loadGame, loadMoves, loadPlayers } from '../../rooms/repo';
import type { AccountService } from '../auth/service';
import { leaderboard } from '../ratings/repo';

const practiceBody = z.object({
  difficulty: z.enum(BOT_LEVELS, { message: 'difficulty must be one of easy, medium, hard' }),
});
const listQuery = z.object({
  scope: z.enum(['mine', 'live'], { message: 'scope must be mine or live' }).default('mine'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const limitQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });

export function gameRoutes(
  app: FastifyInstance,
  deps: { db: Db; accounts: AccountService; rooms: RoomManager },
): void {
  const auth = requireAuth(deps.accounts);
  const db = deps.db.kysely;

  app.post('/api/games/practice', { preHandler: auth }, async (request, reply) => {
    const { difficulty } = parseInput(practiceBody, request.body);
    const { user } = authOf(request);
    const current = deps.rooms.activeGameOf(user.id);
    if (current && current.mode !== 'practice')
      throw new HttpError(409, 'You are already in a game. Finish it first.');
    if (current) await deps.rooms.abandonPractice(user.id);
    // The seat (and so who leads first) is left to chance, as with a human opponent.
    const human = { userId: user.id, username: user.username };
    const seats = Math.random() < 0.5 ? [human, { bot: difficulty }] : [{ bot: difficulty }, human];
    const room = await deps.rooms.create('practice', seats);
    return reply.code(201).send({ id: room.id });
  });

  app.get('/api/games', { preHandler: auth }, async (request) => {
    const { scope, limit } = parseInput(listQuery, request.query);
    const me = authOf(request).user.id;
    const games =
      scope === 'live'
        ? await db
            .selectFrom('games')
            .selectAll()
            .where('status', '=', 'active')
            .where('mode', 'in', ['ranked', 'quick'])
            .orderBy('created_at', 'desc')
            .limit(limit)
            .execute()
        : await db
            .selectFrom('games')
            .innerJoin('game_players', 'game_players.game_id', 'games.id')
            .selectAll('games')
            .where('game_players.user_id', '=', me)
            // Active games first, then the most recent.
            .orderBy((eb) => eb.case().when('games.status', '=', 'active').then(0).else(1).end())
            .orderBy('games.created_at', 'desc')
            .limit(limit)
            .execute();
    const players = await loadPlayers(
      db,
      games.map((g) => g.id),
    );
    return games.map((game) => {
      const seats = players.filter((p) => p.game_id === game.id);
      const scores = (JSON.parse(game.state) as { scores: number[] }).scores;
      const mine = seats.find((p) => p.user_id === me);
      const opponent = seats.find((p) => p !== mine);
      return {
        id: game.id,
        mode: game.mode,
        status: game.status,
        players: seats.map((p) => ({
          seat: p.seat,
          userId: p.user_id,
          username: p.username,
          isBot: p.bot_level !== null,
          score: scores[p.seat] ?? 0,
        })),
        ...(scope === 'mine' && mine
          ? {
              opponent: opponent
                ? {
                    userId: opponent.user_id,
                    username: opponent.username,
                    isBot: opponent.bot_level !== null,
                  }
                : null,
              result: game.status === 'active' ? null : game.winner_user_id === me ? 'win' : 'loss',
              score: { you: scores[mine.seat] ?? 0, opponent: opponent ? (scores[opponent.seat] ?? 0) : 0 },
              ratingChange:
                mine.rating_after !== null && mine.rating_before !== null
                  ? Math.round((mine.rating_after - mine.rating_before) * 10) / 10
                  : null,
            }
          : {}),
        reason: game.reason,
        createdAt: game.created_at,
        finishedAt: game.finished_at,
      };
    });
  });

  app.get('/api/games/:id', { preHandler: auth }, async (request) => {
    const { id } = request.params as { id: string };
    const game = id.length <= 64 ? await loadGame(db, id) : undefined;
    if (!game) throw new HttpError(404, 'Game not found');
    const seats = await loadPlayers(db, [game.id]);
    const me = authOf(request).user.id;
    const isPlayer = seats.some((p) => p.user_id === me);
    if (!isPlayer && (game.mode === 'private' || game.mode === 'practice'))
      throw new HttpError(404, 'Game not found');
    const state = JSON.parse(game.state) as {
      scores: number[];
      handNumber: number;
      targetScore: number;
      players: number;
    };
    const finished = game.status === 'finished';
    return {
      id: game.id,
      mode: game.mode,
      status: game.status,
      targetScore: game.target_score,
      handNumber: state.handNumber,
      players: seats.map((p) => ({
        seat: p.seat,
        userId: p.user_id,
        username: p.username,
        isBot: p.bot_level !== null,
        score: state.scores[p.seat] ?? 0,
        ratingBefore: p.rating_before,
        ratingAfter: p.rating_after,
      })),
      winnerUserId: game.winner_user_id,
      reason: game.reason,
      createdAt: game.created_at,
      finishedAt: game.finished_at,
      // Only a finished game reveals its seed and moves: with them the engine replays every deal.
      ...(finished
        ? {
            replay: {
              seed: game.seed,
              players: game.player_count,
              targetScore: game.target_score,
              moves: (await loadMoves(db, game.id)).map((m) => ({
                seq: m.seq,
                seat: m.seat,
                card: m.card,
                auto: m.auto === 1,
              })),
            },
          }
        : {}),
    };
  });

  app.get('/api/leaderboard', async (request) => {
    const { limit } = parseInput(limitQuery, request.query);
    const rows = await leaderboard(db, limit);
    return rows.map((row, i) => ({
      rank: i + 1,
      userId: row.userId,
      username: row.username,
      rating: Math.round(row.rating),
      games: row.games,
      wins: row.wins,
    }));
  });
}

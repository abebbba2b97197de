import type { BotLevel, GameState, Move } from '@shared/game';
import { PRIVATE_INVITE_SECONDS } from '@shared/constants';
import type {
  GameListItem,
  GameReplay,
  GameSummary,
  LeaderboardEntry,
  RatingHistory,
  UserGame,
} from '@shared/protocol';
import type { Db } from '../../db';
import { DomainError } from '../../errors';
import type { RoomManager, Seat } from '../../rooms/manager';
import { AlreadyInGameError } from '../../rooms/room';
import { avatarUrlsOf } from '../customization/repo';
import { INITIAL_RATING } from '../ratings/glicko2';
import { leaderboard, ratedGameCount, ratedGamesOf, wholeChange } from '../ratings/repo';
import type { Notifier } from '../devices/notifier';
import { findUserById } from '../auth/repo';
import { isBlockedBetween, pairKey } from '../social/relations';
import {
  findGame,
  finishedPublicGamesOf,
  gamesOf,
  liveGames,
  movesOf,
  playersOf,
  tournamentNamesOf,
  watchDetailsOf,
  type GamePlayerRow,
} from './repo';

const friendInGame = (username: string) =>
  new DomainError('conflict', `${username} is in a game right now. Try again later.`, 'friend_in_game');
const alreadyInGame = () =>
  new DomainError('conflict', 'You are already in a game. Finish it first.', 'already_in_game');
const friendshipNotFound = () => new DomainError('not_found', 'Friendship not found', 'friendship_not_found');
const gameNotFound = () => new DomainError('not_found', 'Game not found', 'game_not_found');

/** Avatars by user id (see avatarUrlsOf); bots and players showing their initials are absent. */
type Avatars = Map<number, string>;
const avatarOf = (p: GamePlayerRow, avatars: Avatars) =>
  p.user_id === null ? null : (avatars.get(p.user_id) ?? null);
const avatarsOfSeats = (db: Db['kysely'], seats: GamePlayerRow[]) =>
  avatarUrlsOf(
    db,
    seats.flatMap((p) => (p.user_id === null ? [] : [p.user_id])),
  );

function listedPlayer(p: GamePlayerRow, scores: number[], avatars: Avatars) {
  return {
    seat: p.seat,
    userId: p.user_id,
    username: p.username,
    avatarUrl: avatarOf(p, avatars),
    isBot: p.bot_level !== null,
    score: scores[p.seat] ?? 0,
  };
}

export interface GameServiceDeps {
  db: Db;
  rooms: RoomManager;
  /** Draws the practice seat; injectable for tests. */
  random?: () => number;
  /** Tells an invited friend who is away, by push. */
  notifier?: Pick<Notifier, 'notify'>;
}

/** Practice games, game history and summaries, and the leaderboard. */
export class GameService {
  private readonly random: () => number;

  constructor(private readonly deps: GameServiceDeps) {
    this.random = deps.random ?? Math.random;
  }

  /**
   * Starts a practice game against 1 to 3 server bots of one level, resigning a practice game the user still has
   * running. A user in any other game is refused; so is the loser of a race between two starts,
   * since the database lets nobody hold two active games.
   */
  async startPractice(
    user: { id: number; username: string },
    difficulty: BotLevel,
    opponents = 1,
  ): Promise<{ id: string }> {
    const current = await this.deps.rooms.activeGameAnywhere(user.id);
    if (current && current.mode !== 'practice') throw alreadyInGame();
    if (current) await this.deps.rooms.abandonPractice(user.id);
    // The seat (and so who leads first) is left to chance, as with human opponents.
    const human = { userId: user.id, username: user.username };
    const seats: Seat[] = Array.from({ length: opponents }, () => ({ bot: difficulty }));
    seats.splice(Math.min(opponents, Math.floor(this.random() * (opponents + 1))), 0, human);
    try {
      return { id: (await this.deps.rooms.create('practice', seats)).id };
    } catch (error) {
      if (error instanceof AlreadyInGameError) throw alreadyInGame();
      throw error;
    }
  }

  /**
   * A private game against an accepted friend: it waits for both of them to join and the friend
   * is invited over the socket. Only one side of the friendship may ask, neither may be in a game
   * (a waiting private game counts), and the database decides between concurrent asks. See
   * docs/design.md, "Social".
   */
  async createPrivate(user: { id: number; username: string }, friendshipId: number): Promise<{ id: string }> {
    const db = this.deps.db.kysely;
    const friendship = await db
      .selectFrom('friendships')
      .selectAll()
      .where('id', '=', friendshipId)
      .executeTakeFirst();
    if (!friendship || (friendship.user_id !== user.id && friendship.friend_id !== user.id))
      throw friendshipNotFound();
    const friendId = friendship.user_id === user.id ? friendship.friend_id : friendship.user_id;
    // The pair key names the two players; a row that does not is not a friendship to play on.
    if (friendId === user.id || friendship.pair_key !== pairKey(user.id, friendId))
      throw new DomainError('invalid', 'You cannot challenge yourself', 'cannot_challenge_self');
    if (friendship.status === 'blocked')
      throw new DomainError('forbidden', 'You cannot challenge this player', 'blocked');
    if (friendship.status !== 'accepted')
      throw new DomainError(
        'conflict',
        'Your friend request has not been accepted yet',
        'friendship_pending',
      );
    const friend = await db
      .selectFrom('users')
      .select(['id', 'username', 'deleted_at'])
      .where('id', '=', friendId)
      .executeTakeFirst();
    if (!friend || friend.deleted_at !== null) throw friendshipNotFound();
    const busy = await this.deps.rooms.playingAmong([user.id, friend.id]);
    if (busy.includes(user.id)) throw alreadyInGame();
    if (busy.includes(friend.id)) throw friendInGame(friend.username);
    try {
      const room = await this.deps.rooms.createPrivate(
        { userId: user.id, username: user.username },
        { userId: friend.id, username: friend.username },
        PRIVATE_INVITE_SECONDS * 1000,
      );
      void this.deps.notifier?.notify(friend.id, {
        kind: 'game_invitation',
        title: 'Game invitation',
        body: `${user.username} challenges you to a private game`,
        data: { gameId: room.id, userId: String(user.id) },
      });
      return { id: room.id };
    } catch (error) {
      if (!(error instanceof AlreadyInGameError)) throw error;
      // Lost a race: another ask (or a game) took one of them first.
      if (error.userIds.includes(user.id)) throw alreadyInGame();
      throw friendInGame(friend.username);
    }
  }

  /**
   * `mine`: the caller's games with their result; `live`: running ranked and quick games with the
   * players' ratings and avatars, the target and the spectator count, the highest-rated first (the
   * watch page features the first). See docs/design.md, "Watch and replays".
   */
  async list(me: number, scope: 'mine' | 'live', limit: number): Promise<GameListItem[]> {
    const db = this.deps.db.kysely;
    const games = scope === 'live' ? await liveGames(db, limit) : await gamesOf(db, me, limit);
    const players = await playersOf(
      db,
      games.map((g) => g.id),
    );
    const avatars = await avatarsOfSeats(db, players);
    if (scope === 'live') return this.live(games, players, avatars);
    return games.map((game) => {
      const seats = players.filter((p) => p.game_id === game.id);
      const scores = (JSON.parse(game.state) as GameState).scores;
      const mine = seats.find((p) => p.user_id === me);
      const opponent = seats.find((p) => p !== mine);
      return {
        id: game.id,
        mode: game.mode,
        status: game.status,
        players: seats.map((p) => listedPlayer(p, scores, avatars)),
        ...(scope === 'mine' && mine
          ? {
              opponent: opponent
                ? {
                    userId: opponent.user_id,
                    username: opponent.username,
                    avatarUrl: avatarOf(opponent, avatars),
                    isBot: opponent.bot_level !== null,
                  }
                : null,
              result: game.status !== 'finished' ? null : game.winner_user_id === me ? 'win' : 'loss',
              score: { you: scores[mine.seat] ?? 0, opponent: opponent ? (scores[opponent.seat] ?? 0) : 0 },
              ratingChange:
                mine.rating_after !== null && mine.rating_before !== null
                  ? Math.round(mine.rating_after) - Math.round(mine.rating_before)
                  : null,
            }
          : {}),
        reason: game.reason,
        createdAt: game.created_at,
        finishedAt: game.finished_at,
      };
    });
  }

  private async live(
    games: Awaited<ReturnType<typeof liveGames>>,
    players: GamePlayerRow[],
    avatars: Avatars,
  ): Promise<GameListItem[]> {
    const humans = [...new Set(players.flatMap((p) => (p.user_id === null ? [] : [p.user_id])))];
    const details = new Map((await watchDetailsOf(this.deps.db.kysely, humans)).map((d) => [d.id, d]));
    const tournaments = await tournamentNamesOf(
      this.deps.db.kysely,
      games.flatMap((g) => (g.tournament_id === null ? [] : [g.tournament_id])),
    );
    const items = games.map((game) => {
      const scores = (JSON.parse(game.state) as GameState).scores;
      const seats = players
        .filter((p) => p.game_id === game.id)
        .map((p) => {
          const detail = p.user_id === null ? undefined : details.get(p.user_id);
          return {
            ...listedPlayer(p, scores, avatars),
            rating: p.user_id === null ? null : Math.round(detail?.rating ?? INITIAL_RATING.rating),
            avatarId: detail?.avatar_item_id ?? null,
          };
        });
      return {
        id: game.id,
        mode: game.mode,
        status: game.status,
        players: seats,
        targetScore: game.target_score,
        spectators: this.deps.rooms.spectatorCount(game.id),
        tournament: game.tournament_id === null ? null : (tournaments.get(game.tournament_id) ?? null),
        reason: game.reason,
        createdAt: game.created_at,
        finishedAt: game.finished_at,
      };
    });
    const strength = (item: GameListItem) => item.players.reduce((sum, p) => sum + (p.rating ?? 0), 0);
    // A stable sort: equally rated games stay newest first.
    items.sort((a, b) => strength(b) - strength(a));
    // Each live tournament's strongest table leads the list, so the watch page features it.
    const featured = new Set<number>();
    const tops = items.filter((item) => {
      if (!item.tournament || featured.has(item.tournament.id)) return false;
      featured.add(item.tournament.id);
      return true;
    });
    return [...tops, ...items.filter((item) => !tops.includes(item))];
  }

  /**
   * Another player's (or the caller's own) recent finished ranked and quick games, for the profile
   * page's replays. An unknown or deleted player, and one in a blocked pair with the caller, is the
   * same 404 as their profile. See docs/design.md, "Watch and replays".
   */
  async recentOf(viewer: number, userId: number, limit: number): Promise<UserGame[]> {
    const db = this.deps.db.kysely;
    const user = await findUserById(db, userId);
    if (!user || (viewer !== user.id && (await isBlockedBetween(db, viewer, user.id))))
      throw new DomainError('not_found', 'User not found', 'user_not_found');
    const games = await finishedPublicGamesOf(db, user.id, limit);
    const players = await playersOf(
      db,
      games.map((g) => g.id),
    );
    const avatars = await avatarsOfSeats(db, players);
    return games.flatMap((game) => {
      if (game.mode !== 'ranked' && game.mode !== 'quick') return [];
      const scores = (JSON.parse(game.state) as GameState).scores;
      return [
        {
          id: game.id,
          mode: game.mode,
          players: players.filter((p) => p.game_id === game.id).map((p) => listedPlayer(p, scores, avatars)),
          winnerUserId: game.winner_user_id,
          reason: game.reason,
          finishedAt: game.finished_at ?? game.updated_at,
        },
      ];
    });
  }

  /**
   * The player's rating after each of their last `limit` ranked games, oldest first, with who they
   * played; seen by whoever may see their profile (docs/api.md, "Players").
   */
  async ratingHistoryOf(viewer: number, userId: number, limit: number): Promise<RatingHistory> {
    const db = this.deps.db.kysely;
    const user = await findUserById(db, userId);
    if (!user || (viewer !== user.id && (await isBlockedBetween(db, viewer, user.id))))
      throw new DomainError('not_found', 'User not found', 'user_not_found');
    const [games, totalGames] = await Promise.all([
      ratedGamesOf(db, user.id, limit),
      ratedGameCount(db, user.id),
    ]);
    const seats = await playersOf(
      db,
      games.map((g) => g.id),
    );
    const points = games.map((game) => {
      const { before, after, delta } = wholeChange(user.id, game.rating_before!, game.rating_after!);
      return {
        gameId: game.id,
        finishedAt: game.finished_at ?? game.updated_at,
        ratingBefore: before,
        rating: after,
        change: delta,
        result: game.winner_user_id === user.id ? ('win' as const) : ('loss' as const),
        reason: game.reason,
        opponents: seats
          .filter((p) => p.game_id === game.id && p.user_id !== user.id)
          .map((p) => ({ userId: p.user_id, username: p.username })),
      };
    });
    return { points: points.reverse(), totalGames };
  }

  /** A finished game's summary with its replay; a running game has none to give (its hands are secret). */
  async replay(me: number, id: string): Promise<GameReplay> {
    const summary = await this.summary(me, id);
    if (!summary.replay)
      throw new DomainError(
        'not_found',
        'This game has no replay until it is finished',
        'replay_not_available',
      );
    return { ...summary, replay: summary.replay };
  }

  /** A game's summary; practice and private games exist only for their players. */
  async summary(me: number, id: string): Promise<GameSummary> {
    const db = this.deps.db.kysely;
    const game = await findGame(db, id);
    if (!game) throw gameNotFound();
    const seats = await playersOf(db, [game.id]);
    const isPlayer = seats.some((p) => p.user_id === me);
    if (!isPlayer && (game.mode === 'private' || game.mode === 'practice')) throw gameNotFound();
    const state = JSON.parse(game.state) as GameState;
    const avatars = await avatarsOfSeats(db, seats);
    return {
      id: game.id,
      mode: game.mode,
      status: game.status,
      targetScore: game.target_score,
      handNumber: state.handNumber,
      players: seats.map((p) => ({
        ...listedPlayer(p, state.scores, avatars),
        ratingBefore: p.rating_before === null ? null : Math.round(p.rating_before),
        ratingAfter: p.rating_after === null ? null : Math.round(p.rating_after),
      })),
      winnerUserId: game.winner_user_id,
      reason: game.reason,
      createdAt: game.created_at,
      finishedAt: game.finished_at,
      // Only a finished game reveals its seed and moves: with them the engine replays every deal.
      ...(game.status === 'finished'
        ? {
            replay: {
              seed: game.seed,
              players: game.player_count,
              targetScore: game.target_score,
              moves: (await movesOf(db, game.id)).map((m) => ({
                seq: m.seq,
                seat: m.seat,
                card: m.card as Move,
                auto: m.auto === 1,
              })),
            },
          }
        : {}),
    };
  }

  async leaderboard(limit: number): Promise<LeaderboardEntry[]> {
    const db = this.deps.db.kysely;
    const rows = await leaderboard(db, limit);
    const avatars = await avatarUrlsOf(
      db,
      rows.map((row) => row.userId),
    );
    return rows.map((row, i) => ({
      rank: i + 1,
      userId: row.userId,
      username: row.username,
      avatarUrl: avatars.get(row.userId) ?? null,
      rating: Math.round(row.rating),
      games: row.games,
      wins: row.wins,
    }));
  }
}

import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, TournamentsTable } from '../../db/schema';
import { INITIAL_RATING } from '../ratings/glicko2';

type Db = Kysely<Database> | Transaction<Database>;
export type TournamentRow = Selectable<TournamentsTable>;

/** Every query of the tournaments module. See docs/design.md, "Arena tournaments". */

export function findTournament(db: Db, id: number): Promise<TournamentRow | undefined> {
  return db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertTournament(db: Db, values: Insertable<TournamentsTable>): Promise<number> {
  const row = await db.insertInto('tournaments').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Changes a tournament that has not started; false when it had started (or is gone) meanwhile. */
export async function updateScheduled(
  db: Db,
  id: number,
  values: Updateable<TournamentsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set(values)
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Tournaments in one of the lists: upcoming (scheduled), live (running) or over. */
export function tournamentsIn(
  db: Db,
  statuses: readonly TournamentRow['status'][],
  limit: number,
): Promise<TournamentRow[]> {
  const over = statuses.includes('finished');
  return db
    .selectFrom('tournaments')
    .selectAll()
    .where('status', 'in', statuses)
    .orderBy('starts_at', over ? 'desc' : 'asc')
    .orderBy('id', over ? 'desc' : 'asc')
    .limit(limit)
    .execute();
}

export function allTournaments(db: Db, limit: number): Promise<TournamentRow[]> {
  return db.selectFrom('tournaments').selectAll().orderBy('starts_at', 'desc').limit(limit).execute();
}

/** Of `ids`, the tournaments `userId` has entered. */
export async function joinedAmong(db: Db, userId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('tournament_entrants')
    .select('tournament_id')
    .where('user_id', '=', userId)
    .where('tournament_id', 'in', ids)
    .execute();
  return new Set(rows.map((row) => Number(row.tournament_id)));
}

export function entrantOf(db: Db, tournamentId: number, userId: number) {
  return db
    .selectFrom('tournament_entrants')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Entrants with what the standings show of them; the rating is the ranked one (1500 before any). */
export async function entrantsOf(db: Db, tournamentId: number) {
  const rows = await db
    .selectFrom('tournament_entrants')
    .innerJoin('users', 'users.id', 'tournament_entrants.user_id')
    .leftJoin('ratings', 'ratings.user_id', 'tournament_entrants.user_id')
    .select([
      'tournament_entrants.id as entryId',
      'tournament_entrants.user_id as userId',
      'tournament_entrants.paused',
      'tournament_entrants.fee_currency as feeCurrency',
      'tournament_entrants.fee_amount as feeAmount',
      'users.username',
      'ratings.rating',
    ])
    .where('tournament_entrants.tournament_id', '=', tournamentId)
    .orderBy('tournament_entrants.id')
    .execute();
  return rows.map((row) => ({
    entryId: Number(row.entryId),
    userId: Number(row.userId),
    paused: row.paused === 1,
    feeCurrency: row.feeCurrency,
    feeAmount: row.feeAmount === null ? null : Number(row.feeAmount),
    username: row.username,
    rating: Math.round(row.rating ?? INITIAL_RATING.rating),
  }));
}
export type Entrant = Awaited<ReturnType<typeof entrantsOf>>[number];

/**
 * The tournament's games with their players, in the order they finished (active ones last, by
 * start): what the standings and the pairing's "last table" are derived from.
 */
export async function gamesOf(db: Db, tournamentId: number) {
  const rows = await db
    .selectFrom('games')
    .innerJoin('game_players', 'game_players.game_id', 'games.id')
    .select([
      'games.id',
      'games.status',
      'games.winner_user_id',
      'games.created_at',
      'games.finished_at',
      'games.state',
      'game_players.user_id',
      'game_players.username',
      'game_players.seat',
    ])
    .where('games.tournament_id', '=', tournamentId)
    .where('games.status', 'in', ['active', 'finished'])
    .orderBy('games.finished_at')
    .orderBy('games.created_at')
    .orderBy('games.id')
    .orderBy('game_players.seat')
    .execute();
  const games = new Map<
    string,
    {
      id: string;
      status: 'active' | 'finished';
      winnerId: number | null;
      createdAt: number;
      finishedAt: number | null;
      scores: number[];
      players: { userId: number; username: string; seat: number }[];
    }
  >();
  for (const row of rows) {
    let game = games.get(row.id);
    if (!game) {
      // The scores live in the state's JSON: parsed once per game.
      const state = JSON.parse(row.state) as { scores?: number[] };
      game = {
        id: row.id,
        status: row.status as 'active' | 'finished',
        winnerId: row.winner_user_id === null ? null : Number(row.winner_user_id),
        createdAt: Number(row.created_at),
        finishedAt: row.finished_at === null ? null : Number(row.finished_at),
        scores: state.scores ?? [],
        players: [],
      };
      games.set(row.id, game);
    }
    if (row.user_id !== null)
      game.players.push({ userId: Number(row.user_id), username: row.username, seat: row.seat });
  }
  // Finished games in the order they finished, then the active ones (PostgreSQL sorts nulls last
  // and SQLite first, so the order is settled here rather than in SQL).
  return [...games.values()].sort(
    (a, b) =>
      (a.finishedAt ?? Number.MAX_SAFE_INTEGER) - (b.finishedAt ?? Number.MAX_SAFE_INTEGER) ||
      a.createdAt - b.createdAt ||
      (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
export type TournamentGameRow = Awaited<ReturnType<typeof gamesOf>>[number];

export async function activeGameCount(db: Db, tournamentId: number): Promise<number> {
  const row = await db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tournament_id', '=', tournamentId)
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of `userIds` are playing an active game (any game, anywhere). */
export async function playingAmong(db: Db, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('active_players')
    .select('user_id')
    .where('user_id', 'in', [...userIds])
    .execute();
  return new Set(rows.map((row) => Number(row.user_id)));
}

/** Blocked pairs among `userIds`, as a set of partners per user. */
export async function blocksAmong(db: Db, userIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const blocked = new Map<number, Set<number>>();
  if (userIds.length < 2) return blocked;
  const rows = await db
    .selectFrom('friendships')
    .select(['user_id', 'friend_id'])
    .where('status', '=', 'blocked')
    .where('user_id', 'in', [...userIds])
    .where('friend_id', 'in', [...userIds])
    .execute();
  const add = (a: number, b: number) => {
    let set = blocked.get(a);
    if (!set) blocked.set(a, (set = new Set()));
    set.add(b);
  };
  for (const row of rows) {
    add(Number(row.user_id), Number(row.friend_id));
    add(Number(row.friend_id), Number(row.user_id));
  }
  return blocked;
}

export function payoutsOf(db: Db, tournamentId: number) {
  return db
    .selectFrom('tournament_payouts')
    .selectAll()
    .where('tournament_id', '=', tournamentId)
    .orderBy('place')
    .execute();
}

/** Whether each shop item id names an item that exists. */
export async function existingShopItems(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('shop_items')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => Number(row.id)));
}

export function ratingFor(db: Db, userId: number) {
  return db.selectFrom('ratings').select('rating').where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Takes or renews the runner's lease on a started tournament: true when this node holds it until
 * `until`. One conditional UPDATE, so two nodes can never both hold it (docs/design.md, "Arena
 * tournaments", ownership).
 */
export async function claimLease(
  db: Db,
  tournamentId: number,
  node: string,
  now: number,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('tournaments')
    .set({ owner_node: node, lease_until: until })
    .where('id', '=', tournamentId)
    .where('status', '=', 'running')
    .where((eb) =>
      eb.or([eb('owner_node', 'is', null), eb('owner_node', '=', node), eb('lease_until', '<', now)]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

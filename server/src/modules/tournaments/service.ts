import { randomBytes } from 'node:crypto';
import type { Transaction } from 'kysely';
import type {
  CreateTournamentBody,
  Prize,
  Standing,
  TournamentDetail,
  TournamentGame,
  TournamentStatus,
  TournamentSummary,
  UpdateTournamentBody,
} from '@shared/protocol';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { DomainError } from '../../errors';
import { moveMoney } from '../currency/ledger';
import { avatarUrlsOf } from '../customization/repo';
import { recordAction } from '../manager/repo';
import type { Staff } from '../manager/service';
import { arenaStandings, rankStandings, type ArenaResult } from './arena';
import * as repo from './repo';
import type { Entrant, TournamentGameRow, TournamentRow } from './repo';

const notFound = () => new DomainError('not_found', 'Tournament not found', 'tournament_not_found');
const refused = (message: string, code: string) => new DomainError('invalid', message, code);
const conflict = (message: string, code: string) => new DomainError('conflict', message, code);

/** Ledger reasons of a tournament's money: the entry fee, its refund, and a prize. */
export const ENTRY_REASON = 'tournament_entry';
export const REFUND_REASON = 'tournament_refund';
export const PRIZE_REASON = 'tournament_prize';
/** Top tables a tournament's page (and `/watch`) shows. */
const TOP_TABLES = 5;
const LIST_LIMIT = 100;

/** What a change to a tournament tells the players following it (live.ts sends it over /ws). */
export interface TournamentEvents {
  /** Entrants joined, withdrew or paused; a game finished: the standings changed. */
  standingsChanged(tournamentId: number): void;
  /** The tournament started, finished or was cancelled. */
  statusChanged(tournamentId: number, status: TournamentStatus): void;
}

export interface TournamentServiceDeps {
  db: Db;
  now: () => number;
  /** The length of a tournament "minute" (TOURNAMENT_MINUTE_MS; 60 000 but in tests and staging). */
  minuteMs: number;
}

/** A tournament's standings as computed from its stored games, with what the page shows of each. */
export interface ComputedStandings {
  standings: Standing[];
  entrants: Entrant[];
  games: TournamentGameRow[];
}

function prizesOf(row: TournamentRow): Prize[] {
  return JSON.parse(row.prizes) as Prize[];
}

/** The ledger reference of one entry: the entrant row's id, so a re-entry is a new reference. */
export function entryReference(tournamentId: number, entryId: number): string {
  return `tournament:${tournamentId}:entry:${entryId}`;
}

/** A tournament's end: fixed at its start, planned from its start time before. */
export function endsAtOf(row: TournamentRow, minuteMs: number): number {
  return row.ends_at ?? row.starts_at + row.duration_minutes * minuteMs;
}

/**
 * Staff schedule tournaments, players list, join, withdraw and pause; the runner (runner.ts) does
 * the rest. Every move of money is a ledger row in the transaction that changes the entry, keyed
 * by the entry (docs/design.md, "Arena tournaments").
 */
export class TournamentService {
  /** Told of every change players follow live (set once live.ts exists: it reads this service). */
  events: TournamentEvents | undefined;

  constructor(private readonly deps: TournamentServiceDeps) {}

  private get db() {
    return this.deps.db.kysely;
  }

  row(id: number): Promise<TournamentRow | undefined> {
    return repo.findTournament(this.db, id);
  }

  async isEntrant(id: number, userId: number): Promise<boolean> {
    return (await repo.entrantOf(this.db, id, userId)) !== undefined;
  }

  async entrantIds(id: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('tournament_entrants')
      .select('user_id')
      .where('tournament_id', '=', id)
      .execute();
    return rows.map((row) => Number(row.user_id));
  }

  // ── Views ───────────────────────────────────────────────────────────────────────────────────

  summary(row: TournamentRow, joined: boolean): TournamentSummary {
    return {
      id: Number(row.id),
      name: row.name,
      description: row.description,
      bannerUrl: row.banner_url,
      startsAt: new Date(row.starts_at).toISOString(),
      endsAt: new Date(endsAtOf(row, this.deps.minuteMs)).toISOString(),
      durationMinutes: row.duration_minutes,
      seats: row.seats,
      targetScore: row.target_score,
      entryFee:
        row.fee_currency === null || row.fee_amount === null
          ? null
          : { currencyType: row.fee_currency, amount: Number(row.fee_amount) },
      prizes: prizesOf(row),
      ratingMin: row.rating_min,
      ratingMax: row.rating_max,
      playerCap: row.player_cap,
      visibility: row.visibility,
      status: row.status,
      entrantCount: Number(row.entrant_count),
      joined,
    };
  }

  /**
   * Standings derived from the stored games, finished ones in the order they finished (so a
   * restart loses nothing), ranked with no ties as rankStandings does.
   */
  async standings(row: TournamentRow): Promise<ComputedStandings> {
    const id = Number(row.id);
    const [entrants, games, payouts] = await Promise.all([
      repo.entrantsOf(this.db, id),
      repo.gamesOf(this.db, id),
      repo.payoutsOf(this.db, id),
    ]);
    const results: ArenaResult[] = [];
    for (const game of games) {
      if (game.status !== 'finished') continue;
      for (const player of game.players)
        results.push({ userId: player.userId, won: player.userId === game.winnerId });
    }
    // Only entrants are ranked: the games of a cancelled entry do not exist (withdrawal ends before the start).
    const byUser = new Map(entrants.map((entrant) => [entrant.userId, entrant]));
    const scored = arenaStandings(
      entrants.map((e) => e.userId),
      results.filter((r) => byUser.has(r.userId)),
    );
    const avatars = await avatarUrlsOf(
      this.db,
      entrants.map((e) => e.userId),
    );
    const paid = new Map(payouts.map((p) => [Number(p.user_id), p]));
    const standings = rankStandings(scored.values()).map((line, index): Standing => {
      const entrant = byUser.get(line.userId)!;
      const payout = paid.get(line.userId);
      return {
        place: index + 1,
        userId: line.userId,
        username: entrant.username,
        avatarUrl: avatars.get(line.userId) ?? null,
        rating: entrant.rating,
        score: line.score,
        games: line.games,
        wins: line.wins,
        streak: line.streak,
        paused: entrant.paused,
        prize: payout
          ? {
              place: payout.place,
              coins: Number(payout.coins),
              gems: Number(payout.gems),
              shopItemId: payout.shop_item_id === null ? null : Number(payout.shop_item_id),
            }
          : null,
      };
    });
    return { standings, entrants, games };
  }

  private async detail(row: TournamentRow, userId: number, showCode: boolean): Promise<TournamentDetail> {
    const { standings, entrants, games } = await this.standings(row);
    const me = entrants.find((e) => e.userId === userId);
    const place = new Map(standings.map((s) => [s.userId, s.place]));
    const toGame = (game: TournamentGameRow): TournamentGame => ({
      gameId: game.id,
      status: game.status,
      players: game.players.map((p) => ({
        userId: p.userId,
        username: p.username,
        score: game.scores[p.seat] ?? 0,
      })),
      winnerId: game.winnerId,
      startedAt: new Date(game.createdAt).toISOString(),
    });
    const bestPlace = (game: TournamentGameRow) =>
      Math.min(...game.players.map((p) => place.get(p.userId) ?? Number.MAX_SAFE_INTEGER));
    const active = games.filter((g) => g.status === 'active');
    const mine = games.filter((g) => g.players.some((p) => p.userId === userId));
    return {
      ...this.summary(row, me !== undefined),
      standings,
      myGames: mine.reverse().map(toGame),
      topTables: active
        .sort((a, b) => bestPlace(a) - bestPlace(b))
        .slice(0, TOP_TABLES)
        .map(toGame),
      currentGameId: mine.find((g) => g.status === 'active')?.id ?? null,
      paused: me?.paused ?? false,
      inviteCode: showCode ? row.invite_code : null,
    };
  }

  /**
   * The tournament as `userId` may see it: an invite-only one only to its entrants and to whoever
   * holds its code (anyone else is told it does not exist).
   */
  private async visible(id: number, userId: number, invite: string | undefined): Promise<TournamentRow> {
    const row = await repo.findTournament(this.db, id);
    if (!row) throw notFound();
    if (row.visibility === 'invite' && row.invite_code !== invite) {
      if (!(await repo.entrantOf(this.db, id, userId))) throw notFound();
    }
    return row;
  }

  async list(userId: number, list: 'upcoming' | 'live' | 'finished'): Promise<TournamentSummary[]> {
    const statuses: TournamentRow['status'][] =
      list === 'upcoming' ? ['scheduled'] : list === 'live' ? ['running'] : ['finished', 'cancelled'];
    const rows = await repo.tournamentsIn(this.db, statuses, LIST_LIMIT);
    const joined = await repo.joinedAmong(
      this.db,
      userId,
      rows.map((r) => Number(r.id)),
    );
    return rows
      .filter((row) => row.visibility === 'public' || joined.has(Number(row.id)))
      .map((row) => this.summary(row, joined.has(Number(row.id))));
  }

  async get(id: number, userId: number, invite: string | undefined): Promise<TournamentDetail> {
    const row = await this.visible(id, userId, invite);
    return this.detail(row, userId, row.visibility === 'invite');
  }

  // ── Players ─────────────────────────────────────────────────────────────────────────────────

  /**
   * Enters the tournament, paying the fee in the same transaction. Races: the unique (tournament,
   * user) entry lets one of a player's concurrent joins through (`already_joined`); the guarded
   * increment of entrant_count holds the cap (on PostgreSQL it takes the tournament's row lock, so
   * joins serialise there); moveMoney refuses a debit below zero. Any refusal rolls back all three.
   */
  async join(id: number, userId: number, invite: string | undefined): Promise<TournamentDetail> {
    const row = await this.visible(id, userId, invite);
    const now = this.deps.now();
    const open =
      row.status === 'scheduled' || (row.status === 'running' && now < endsAtOf(row, this.deps.minuteMs));
    if (!open) throw conflict('This tournament is not open to entries', 'tournament_closed');
    if (await repo.entrantOf(this.db, id, userId))
      throw conflict('You have already joined', 'already_joined');
    const rating = Math.round((await repo.ratingFor(this.db, userId))?.rating ?? 1500);
    if (row.rating_min !== null && rating < row.rating_min)
      throw refused(`Your rating must be at least ${row.rating_min}`, 'rating_too_low');
    if (row.rating_max !== null && rating > row.rating_max)
      throw refused(`Your rating must be at most ${row.rating_max}`, 'rating_too_high');
    if (row.status === 'running' && (await repo.playingAmong(this.db, [userId])).size > 0)
      throw conflict('Finish your game in progress first', 'in_another_game');
    const fee =
      row.fee_currency !== null && row.fee_amount !== null
        ? { currencyType: row.fee_currency, amount: Number(row.fee_amount) }
        : null;
    await this.db.transaction().execute(async (trx) => {
      const entry = await trx
        .insertInto('tournament_entrants')
        .values({
          tournament_id: id,
          user_id: userId,
          paused: 0,
          fee_currency: fee?.currencyType ?? null,
          fee_amount: fee?.amount ?? null,
          joined_at: now,
        })
        .onConflict((oc) => oc.columns(['tournament_id', 'user_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!entry) throw conflict('You have already joined', 'already_joined');
      const counted = await trx
        .updateTable('tournaments')
        .set((eb) => ({ entrant_count: eb('entrant_count', '+', 1) }))
        .where('id', '=', id)
        .where('status', 'in', ['scheduled', 'running'])
        .where((eb) => eb.or([eb('player_cap', 'is', null), eb('entrant_count', '<', eb.ref('player_cap'))]))
        .executeTakeFirst();
      if (Number(counted.numUpdatedRows) !== 1) {
        const now = await repo.findTournament(trx, id);
        if (now && (now.status === 'scheduled' || now.status === 'running'))
          throw conflict('This tournament is full', 'tournament_full');
        throw conflict('This tournament is not open to entries', 'tournament_closed');
      }
      if (fee)
        await moveMoney(trx, {
          userId,
          currencyType: fee.currencyType,
          delta: -fee.amount,
          reason: ENTRY_REASON,
          reference: entryReference(id, Number(entry.id)),
          description: `Entry to ${row.name}`,
          now,
        });
    });
    this.events?.standingsChanged(id);
    return this.get(id, userId, invite);
  }

  /**
   * Leaves a tournament that has not started; the fee comes back. The entry's delete is the guard
   * (of concurrent withdrawals one deletes it, the others find nothing: `not_joined`), and the
   * refund's ledger row is keyed by the entry, so it is credited once.
   */
  async withdraw(id: number, userId: number): Promise<TournamentDetail> {
    const row = await repo.findTournament(this.db, id);
    if (!row) throw notFound();
    if (!(await repo.entrantOf(this.db, id, userId)) && row.visibility === 'invite') throw notFound();
    const now = this.deps.now();
    await this.db.transaction().execute(async (trx) => {
      // Re-read inside: a start racing this must not leave a withdrawn player in a running tournament.
      const left = await trx
        .updateTable('tournaments')
        .set((eb) => ({ entrant_count: eb('entrant_count', '-', 1) }))
        .where('id', '=', id)
        .where('status', '=', 'scheduled')
        .where('entrant_count', '>', 0)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('tournament_entrants')
              .select('id')
              .where('tournament_id', '=', id)
              .where('user_id', '=', userId),
          ),
        )
        .executeTakeFirst();
      if (Number(left.numUpdatedRows) !== 1) {
        const current = await repo.findTournament(trx, id);
        if (current && current.status !== 'scheduled')
          throw conflict('The tournament has started: you can pause instead', 'tournament_started');
        throw conflict('You have not joined this tournament', 'not_joined');
      }
      const entry = await trx
        .deleteFrom('tournament_entrants')
        .where('tournament_id', '=', id)
        .where('user_id', '=', userId)
        .returning(['id', 'fee_currency', 'fee_amount'])
        .executeTakeFirst();
      if (!entry) throw conflict('You have not joined this tournament', 'not_joined');
      await refund(trx, id, row.name, userId, entry, now);
    });
    this.events?.standingsChanged(id);
    return this.get(id, userId, row.invite_code ?? undefined);
  }

  /** Leaves the pool (`paused`) or comes back; only while the tournament runs. */
  async pause(id: number, userId: number, paused: boolean): Promise<TournamentDetail> {
    const row = await repo.findTournament(this.db, id);
    if (!row) throw notFound();
    const entry = await repo.entrantOf(this.db, id, userId);
    if (!entry) {
      if (row.visibility === 'invite') throw notFound();
      throw conflict('You have not joined this tournament', 'not_joined');
    }
    if (row.status !== 'running') throw conflict('The tournament is not running', 'tournament_not_running');
    await this.db
      .updateTable('tournament_entrants')
      .set({ paused: paused ? 1 : 0 })
      .where('id', '=', entry.id)
      .execute();
    this.events?.standingsChanged(id);
    return this.get(id, userId, row.invite_code ?? undefined);
  }

  // ── Staff ───────────────────────────────────────────────────────────────────────────────────

  async managerList() {
    const rows = await repo.allTournaments(this.db, 500);
    return { tournaments: rows.map((row) => ({ ...this.summary(row, false), inviteCode: row.invite_code })) };
  }

  /** The checks the contract cannot make alone: on the tournament as it would be after the change. */
  private async check(fields: CreateTournamentBody, startChanged: boolean): Promise<void> {
    const now = this.deps.now();
    if (startChanged && Date.parse(fields.startsAt) <= now)
      throw refused('The start must be in the future', 'start_in_past');
    if (fields.prizes.some((prize, index) => prize.place !== index + 1))
      throw refused('Prize places must be 1, 2, 3, … in order', 'prize_places_out_of_order');
    if (fields.ratingMin !== null && fields.ratingMax !== null && fields.ratingMin > fields.ratingMax)
      throw refused('The rating band minimum is above its maximum', 'rating_band_inverted');
    if (fields.playerCap !== null && fields.playerCap < fields.seats)
      throw refused('The player cap is below the seats of one table', 'cap_below_seats');
    const items = [...new Set(fields.prizes.flatMap((p) => (p.shopItemId === null ? [] : [p.shopItemId])))];
    const found = await repo.existingShopItems(this.db, items);
    const missing = items.find((item) => !found.has(item));
    if (missing !== undefined) throw refused(`No shop item ${missing}`, 'unknown_prize_item');
  }

  private columns(fields: CreateTournamentBody) {
    return {
      name: fields.name,
      description: fields.description,
      banner_url: fields.bannerUrl,
      starts_at: Date.parse(fields.startsAt),
      duration_minutes: fields.durationMinutes,
      seats: fields.seats,
      target_score: fields.targetScore,
      fee_currency: fields.entryFee?.currencyType ?? null,
      fee_amount: fields.entryFee?.amount ?? null,
      prizes: JSON.stringify(fields.prizes),
      rating_min: fields.ratingMin,
      rating_max: fields.ratingMax,
      player_cap: fields.playerCap,
      visibility: fields.visibility,
    };
  }

  private audit(
    trx: Transaction<Database>,
    staff: Staff,
    action: string,
    id: number,
    details: Record<string, unknown>,
  ) {
    return recordAction(trx, {
      staffUserId: staff.id,
      action,
      targetType: 'tournament',
      targetId: String(id),
      details,
      now: this.deps.now(),
    });
  }

  async create(staff: Staff, body: CreateTournamentBody): Promise<TournamentDetail> {
    await this.check(body, true);
    const now = this.deps.now();
    const id = await this.db.transaction().execute(async (trx) => {
      const created = await repo.insertTournament(trx, {
        ...this.columns(body),
        invite_code: body.visibility === 'invite' ? newInviteCode() : null,
        status: 'scheduled',
        created_by: staff.id,
        created_at: now,
        updated_at: now,
      });
      await this.audit(trx, staff, 'tournament.create', created, { ...body });
      return created;
    });
    return this.detail((await repo.findTournament(this.db, id))!, staff.id, true);
  }

  /** Edits a tournament that has not started: the same checks on the result of the change. */
  async update(staff: Staff, id: number, body: UpdateTournamentBody): Promise<TournamentDetail> {
    const row = await repo.findTournament(this.db, id);
    if (!row) throw notFound();
    if (row.status !== 'scheduled') throw conflict('The tournament has started', 'tournament_started');
    const before = this.fieldsOf(row);
    const after: CreateTournamentBody = { ...before, ...stripUndefined(body) };
    const changed = (Object.keys(after) as (keyof CreateTournamentBody)[]).filter(
      (key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]),
    );
    if (changed.length === 0) throw refused('Nothing to change', 'nothing_to_change');
    await this.check(after, changed.includes('startsAt'));
    const now = this.deps.now();
    await this.db.transaction().execute(async (trx) => {
      const inviteCode = after.visibility === 'invite' ? (row.invite_code ?? newInviteCode()) : null;
      const updated = await repo.updateScheduled(trx, id, {
        ...this.columns(after),
        invite_code: inviteCode,
        // A new start gets its own five-minute notice.
        ...(changed.includes('startsAt') && { notified_at: null }),
        updated_at: now,
      });
      if (!updated) throw conflict('The tournament has started', 'tournament_started');
      await this.audit(trx, staff, 'tournament.update', id, {
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      });
    });
    return this.detail((await repo.findTournament(this.db, id))!, staff.id, true);
  }

  /**
   * Cancels a tournament that has not finished and refunds every entrant's fee, in one
   * transaction: the status change is the guard (a second cancel finds it cancelled), and each
   * refund's ledger row is keyed by the entry. Games in progress play on as ordinary rated games.
   */
  async cancel(staff: Staff, id: number): Promise<TournamentDetail> {
    const row = await repo.findTournament(this.db, id);
    if (!row) throw notFound();
    const now = this.deps.now();
    await this.db.transaction().execute(async (trx) => {
      const cancelled = await trx
        .updateTable('tournaments')
        .set({ status: 'cancelled', finished_at: now, updated_at: now, owner_node: null, lease_until: null })
        .where('id', '=', id)
        .where('status', 'in', ['scheduled', 'running'])
        .executeTakeFirst();
      if (Number(cancelled.numUpdatedRows) !== 1)
        throw conflict('The tournament is already over', 'tournament_finished');
      const entries = await trx
        .selectFrom('tournament_entrants')
        .select(['id', 'user_id', 'fee_currency', 'fee_amount'])
        .where('tournament_id', '=', id)
        .orderBy('user_id')
        .execute();
      for (const entry of entries) await refund(trx, id, row.name, Number(entry.user_id), entry, now);
      await this.audit(trx, staff, 'tournament.cancel', id, {
        name: row.name,
        refunded: entries.filter((e) => e.fee_amount !== null).length,
      });
    });
    this.events?.statusChanged(id, 'cancelled');
    return this.detail((await repo.findTournament(this.db, id))!, staff.id, true);
  }

  private fieldsOf(row: TournamentRow): CreateTournamentBody {
    const summary = this.summary(row, false);
    return {
      name: row.name,
      description: row.description,
      bannerUrl: row.banner_url,
      startsAt: summary.startsAt,
      durationMinutes: row.duration_minutes,
      seats: row.seats as 2 | 3 | 4,
      targetScore: row.target_score,
      entryFee: summary.entryFee,
      prizes: summary.prizes,
      ratingMin: row.rating_min,
      ratingMax: row.rating_max,
      playerCap: row.player_cap,
      visibility: row.visibility,
    };
  }
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function newInviteCode(): string {
  return randomBytes(12).toString('base64url');
}

/** Gives an entry's fee back, keyed by the entry so it is credited once. */
async function refund(
  trx: Transaction<Database>,
  tournamentId: number,
  name: string,
  userId: number,
  entry: { id: number; fee_currency: 'regular' | 'premium' | null; fee_amount: number | null },
  now: number,
): Promise<void> {
  if (entry.fee_currency === null || entry.fee_amount === null || Number(entry.fee_amount) <= 0) return;
  await moveMoney(trx, {
    userId,
    currencyType: entry.fee_currency,
    delta: Number(entry.fee_amount),
    reason: REFUND_REASON,
    reference: entryReference(tournamentId, Number(entry.id)),
    description: `Entry fee back: ${name}`,
    now,
  });
}

import { TOURNAMENT_NOTICE_MS, type Prize } from '@shared/protocol';
import type { Db } from '../../db';
import { AlreadyInGameError } from '../../rooms/room';
import type { RoomManager } from '../../rooms/manager';
import { moveMoney } from '../currency/ledger';
import type { Notification } from '../devices/notifier';
import { grantItem } from '../rewards/repo';
import { pairArena, type ArenaWaiting } from './arena';
import * as repo from './repo';
import { endsAtOf, PRIZE_REASON, type TournamentService } from './service';
import type { TournamentLive } from './live';

export interface PayoutHooks {
  /** Called inside a place's transaction after its writes, before its commit. */
  beforeCommit?(place: number): Promise<void>;
}

/** How long a node holds a running tournament without renewing; a survivor adopts it after. */
export const TOURNAMENT_LEASE_MS = 10_000;

export interface TournamentRunnerDeps {
  db: Db;
  /** The clock (injectable: tests move time on). */
  now: () => number;
  /** The length of a tournament "minute" (TOURNAMENT_MINUTE_MS). */
  minuteMs: number;
  /** This node's id: the lease's owner. */
  nodeId: string;
  leaseMs?: number;
  tournaments: TournamentService;
  live: TournamentLive;
  rooms: Pick<RoomManager, 'create'>;
  /** Which of these users hold an open socket, on any node: only they are paired. */
  onlineAmong(userIds: readonly number[]): Promise<number[]>;
  send(userId: number, message: unknown): void;
  notify(userId: number, notification: Notification): void;
  /** Hooks into a prize's transaction (the crash test holds one open and kills the node). */
  payoutHooks?: PayoutHooks;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
}

/**
 * Runs every tournament by itself (docs/design.md, "Arena tournaments"): each tick sends the
 * five-minute notices, starts tournaments that are due, and for each running tournament this node
 * holds the lease of, pairs the waiting pool, or once the time is up and its last games have
 * finished, pays the prizes and closes it. Everything is derived from the database, so any node
 * can take over from a dead one: the lease is a conditional UPDATE of the tournament's row, and
 * each prize is paid in a transaction keyed by (tournament, place).
 */
export class TournamentRunner {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  /** Finished games per tournament at the last tick: a change pushes the standings. */
  private readonly seenFinished = new Map<number, number>();

  constructor(private readonly deps: TournamentRunnerDeps) {}

  /** Ticks every `everyMs` until stop(). */
  start(everyMs = 1000): void {
    this.timer = setInterval(() => this.kick(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /**
   * A tick now (a tournament game just finished: its players go back to the pool at once). Ticks
   * never overlap: one asked for during a tick runs right after it.
   */
  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.tick()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'tournament tick failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves once the tick in progress (if any) and any one queued after it are done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async tick(): Promise<void> {
    const db = this.deps.db.kysely;
    const now = this.deps.now();
    await this.notices(now);
    const due = await db
      .selectFrom('tournaments')
      .select('id')
      .where('status', '=', 'scheduled')
      .where('starts_at', '<=', now)
      .execute();
    for (const { id } of due) await this.begin(Number(id), now);
    const running = await db.selectFrom('tournaments').select('id').where('status', '=', 'running').execute();
    for (const { id } of running) {
      try {
        await this.run(Number(id));
      } catch (error) {
        this.deps.log.error({ err: error, tournamentId: Number(id) }, 'tournament run failed');
      }
    }
  }

  /** TOURNAMENT_STARTING and a push to every entrant, once per start time (notified_at). */
  private async notices(now: number): Promise<void> {
    const db = this.deps.db.kysely;
    const soon = await db
      .selectFrom('tournaments')
      .selectAll()
      .where('status', '=', 'scheduled')
      .where('notified_at', 'is', null)
      .where('starts_at', '<=', now + TOURNAMENT_NOTICE_MS)
      .where('starts_at', '>', now)
      .execute();
    for (const row of soon) {
      const id = Number(row.id);
      // Whoever marks it sends it: another node's tick finds it marked.
      const marked = await db
        .updateTable('tournaments')
        .set({ notified_at: now })
        .where('id', '=', id)
        .where('notified_at', 'is', null)
        .where('starts_at', '=', row.starts_at)
        .executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) continue;
      const startsAt = new Date(row.starts_at).toISOString();
      const minutes = Math.max(1, Math.round((row.starts_at - now) / 60_000));
      for (const userId of await this.deps.tournaments.entrantIds(id)) {
        this.deps.send(userId, { type: 'TOURNAMENT_STARTING', tournamentId: id, name: row.name, startsAt });
        this.deps.notify(userId, {
          kind: 'tournament_starting',
          title: `${row.name} starts soon`,
          body: `Your tournament starts in ${minutes} minute${minutes === 1 ? '' : 's'}`,
          data: { tournamentId: String(id) },
        });
      }
    }
  }

  /** Starts a due tournament: its end is fixed now, and this node takes the lease. */
  private async begin(id: number, now: number): Promise<void> {
    const row = await repo.findTournament(this.deps.db.kysely, id);
    if (!row) return;
    const started = await this.deps.db.kysely
      .updateTable('tournaments')
      .set({
        status: 'running',
        started_at: now,
        ends_at: now + row.duration_minutes * this.deps.minuteMs,
        owner_node: this.deps.nodeId,
        lease_until: now + (this.deps.leaseMs ?? TOURNAMENT_LEASE_MS),
        updated_at: now,
      })
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .executeTakeFirst();
    if (Number(started.numUpdatedRows) !== 1) return;
    this.deps.log.info({ tournamentId: id }, 'tournament started');
    this.deps.live.statusChanged(id, 'running');
  }

  /** One running tournament, if this node holds (or takes over) its lease. */
  private async run(id: number): Promise<void> {
    const db = this.deps.db.kysely;
    const now = this.deps.now();
    if (
      !(await repo.claimLease(
        db,
        id,
        this.deps.nodeId,
        now,
        now + (this.deps.leaseMs ?? TOURNAMENT_LEASE_MS),
      ))
    )
      return;
    const row = await repo.findTournament(db, id);
    if (!row || row.status !== 'running') return;
    const computed = await this.deps.tournaments.standings(row);
    const finished = computed.games.filter((g) => g.status === 'finished').length;
    if (this.seenFinished.get(id) !== finished) {
      this.seenFinished.set(id, finished);
      this.deps.live.standingsChanged(id);
    }
    if (now < endsAtOf(row, this.deps.minuteMs)) {
      await this.pair(row, computed);
      return;
    }
    // Time is up: no new game; the ones in progress finish and count, then the tournament closes.
    if (computed.games.some((g) => g.status === 'active')) return;
    await this.close(row, computed);
  }

  /**
   * Pairs the waiting pool: entrants not paused, with an open socket and not in a game, by arena
   * score then rating, never a blocked pair, never last game's table again (pairArena).
   */
  private async pair(
    row: repo.TournamentRow,
    { standings, entrants, games }: Awaited<ReturnType<TournamentService['standings']>>,
  ): Promise<void> {
    const db = this.deps.db.kysely;
    const candidates = entrants.filter((e) => !e.paused).map((e) => e.userId);
    if (candidates.length < row.seats) return;
    const busy = await repo.playingAmong(db, candidates);
    const free = candidates.filter((userId) => !busy.has(userId));
    if (free.length < row.seats) return;
    const present = new Set(await this.deps.onlineAmong(free));
    const pool = free.filter((userId) => present.has(userId));
    if (pool.length < row.seats) return;
    const blocks = await repo.blocksAmong(db, pool);
    const lastTable = new Map<number, number[]>();
    for (const game of games) {
      if (game.status !== 'finished') continue;
      const ids = game.players.map((p) => p.userId);
      for (const userId of ids)
        lastTable.set(
          userId,
          ids.filter((other) => other !== userId),
        );
    }
    const score = new Map(standings.map((s) => [s.userId, s.score]));
    const byUser = new Map(entrants.map((e) => [e.userId, e]));
    const waiting: ArenaWaiting[] = pool.map((userId) => ({
      userId,
      score: score.get(userId) ?? 0,
      rating: byUser.get(userId)!.rating,
      lastTable: lastTable.get(userId) ?? [],
      blocked: blocks.get(userId) ?? new Set(),
    }));
    const id = Number(row.id);
    for (const table of pairArena(waiting, row.seats)) {
      let room;
      try {
        room = await this.deps.rooms.create(
          'ranked',
          table.map((userId) => ({ userId, username: byUser.get(userId)!.username })),
          null,
          { targetScore: row.target_score, tournamentId: id },
        );
      } catch (error) {
        // One of them started another game since the pool was read: the table waits for the next tick.
        if (error instanceof AlreadyInGameError) continue;
        throw error;
      }
      for (const userId of table)
        this.deps.send(userId, { type: 'TOURNAMENT_GAME', tournamentId: id, gameId: room.id });
    }
  }

  /**
   * Pays every prize from the final standings, then marks the tournament finished. Each place is
   * one transaction that first inserts its tournament_payouts row (primary key: tournament,
   * place): a place already paid (by this node before a crash, or by another) inserts nothing and
   * is skipped, so a prize is paid exactly once however many times closing is attempted.
   */
  private async close(
    row: repo.TournamentRow,
    { standings }: Awaited<ReturnType<TournamentService['standings']>>,
  ): Promise<void> {
    const db = this.deps.db.kysely;
    const id = Number(row.id);
    const prizes = JSON.parse(row.prizes) as Prize[];
    for (const prize of prizes) {
      const winner = standings[prize.place - 1];
      if (!winner) break;
      await this.payPlace(row, prize, winner.userId);
    }
    const now = this.deps.now();
    const closed = await db
      .updateTable('tournaments')
      .set({ status: 'finished', finished_at: now, updated_at: now, owner_node: null, lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return;
    this.seenFinished.delete(id);
    this.deps.log.info({ tournamentId: id }, 'tournament finished');
    this.deps.live.statusChanged(id, 'finished');
  }

  /** One place's prize in one transaction, keyed by (tournament, place). True when paid now. */
  async payPlace(row: repo.TournamentRow, prize: Prize, userId: number): Promise<boolean> {
    const id = Number(row.id);
    const now = this.deps.now();
    return this.deps.db.kysely.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto('tournament_payouts')
        .values({
          tournament_id: id,
          place: prize.place,
          user_id: userId,
          coins: prize.coins,
          gems: prize.gems,
          shop_item_id: prize.shopItemId,
          paid_at: now,
        })
        .onConflict((oc) => oc.columns(['tournament_id', 'place']).doNothing())
        .returning('place')
        .executeTakeFirst();
      if (!recorded) return false;
      const reference = `tournament:${id}:place:${prize.place}`;
      const description = `Place ${prize.place} in ${row.name}`;
      for (const [currencyType, delta, part] of [
        ['regular', prize.coins, 'coins'],
        ['premium', prize.gems, 'gems'],
      ] as const) {
        if (delta > 0)
          await moveMoney(trx, {
            userId,
            currencyType,
            delta,
            reason: PRIZE_REASON,
            reference: `${reference}:${part}`,
            description,
            now,
          });
      }
      // Granted as a daily reward's bonus item is: a purchase at price 0 (owned already: nothing more).
      if (prize.shopItemId !== null) await grantItem(trx, userId, prize.shopItemId, now);
      await this.deps.payoutHooks?.beforeCommit?.(prize.place);
      return true;
    });
  }
}

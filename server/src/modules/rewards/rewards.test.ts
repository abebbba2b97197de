import { afterEach, describe, expect, it } from 'vitest';
import {
  applyPlay,
  legalCards,
  newGame,
  rankOf,
  type BotLevel,
  type Card,
  type GameEvent,
  type GameState,
} from '@shared/game';
import type { FinishReason, GameMode } from '@shared/protocol';
import { newGameId } from '../../rooms/manager';
import type { RoomPlayer } from '../../rooms/types';
import { connectPlayer, joinGame, matchUp, playOn, type Player } from '../../testing/game-clients';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import type { TestSocket } from '../../testing/ws-client';
import { SqlGameStore } from '../storage/store';
import { ACHIEVEMENTS, countHands } from './achievements';

const FAST = { BOT_DELAY_MS: '0', WS_MESSAGES_PER_SECOND: '5000' };
const DAY = 86_400_000;

type HandWon = Extract<GameEvent, { kind: 'HAND_WON' }>;

/** Plays a deal with each seat's first legal card, to the end or for `maxPlays` plays. */
function playFirstLegal(seed: string, players: number, maxPlays = Infinity) {
  let state = newGame({ players, seed });
  const moves: { seat: number; card: Card }[] = [];
  const handsWon: HandWon[] = [];
  while (state.status === 'active' && moves.length < maxPlays) {
    const seat = state.turn!;
    const card = legalCards(state, seat)[0]!;
    const result = applyPlay(state, seat, card);
    state = result.state;
    moves.push({ seat, card });
    for (const event of result.events) if (event.kind === 'HAND_WON') handsWon.push(event);
  }
  return { seed, state, moves, handsWon };
}

/** The first seed whose first-legal-card game satisfies `wanted` (searched, never hard-coded). */
function findDeal(wanted: (game: ReturnType<typeof playFirstLegal>) => boolean) {
  for (let i = 0; i < 5000; i++) {
    const game = playFirstLegal(`rewards-${i}`, 2);
    if (wanted(game)) return game;
  }
  throw new Error('no such deal among the seeds tried');
}

const sixForThree = (hands: HandWon[], seat: number) =>
  hands.some((h) => h.seat === seat && rankOf(h.card) === '6' && h.points === 3);
const sevenCapture = (hands: HandWon[], seat: number) =>
  hands.some((h) => h.seat === seat && rankOf(h.card) === '7' && h.points === 1);

type SeatSpec = { userId: number; username: string } | { bot: BotLevel };
const seat = (r: { user: { id: number; username: string } }): SeatSpec => ({
  userId: r.user.id,
  username: r.user.username,
});

describe.each(DIALECTS)('rewards on %s', (dialect) => {
  let t: TestApp;
  let sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await t.close();
  });

  async function setup() {
    t = await createTestApp(dialect, FAST);
  }
  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ledger = (userId: number, reason: string) =>
    t.app.db.kysely
      .selectFrom('ledger_entries')
      .selectAll()
      .where('user_id', '=', userId)
      .where('reason', '=', reason)
      .orderBy('id')
      .execute();
  const userBalance = async (userId: number) =>
    t.app.db.kysely
      .selectFrom('users')
      .select(['currency', 'premium_currency'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  /**
   * Stores a game the way rooms do: inserted through the GameStore, its moves recorded, and its
   * last step saved with the finish (so the store rates it and records rewards).
   */
  async function storeGame(opts: {
    mode: GameMode;
    seats: SeatSpec[];
    game: ReturnType<typeof playFirstLegal>;
    forfeit?: { reason: FinishReason; winnerSeat: number };
  }) {
    const store = new SqlGameStore(t.app.db);
    const { game } = opts;
    const players: RoomPlayer[] = opts.seats.map((s, seat) =>
      'bot' in s
        ? { seat, userId: null, username: `Bot (${s.bot})`, botLevel: s.bot, avatarUrl: null }
        : { seat, userId: s.userId, username: s.username, botLevel: null, avatarUrl: null },
    );
    const id = newGameId();
    const start = newGame({ players: players.length, seed: game.seed });
    const now = t.clock.now();
    const busy = await store.insertGame({
      snapshot: {
        id,
        mode: opts.mode,
        players,
        state: start,
        seq: 0,
        turnDeadline: null,
        expiries: players.map(() => 0),
        status: 'active',
        winnerUserId: null,
        reason: null,
        invite: null,
        tournamentId: null,
      },
      seed: game.seed,
      now,
    });
    expect(busy).toEqual([]);
    const recorded = opts.forfeit ? game.moves : game.moves.slice(0, -1);
    if (recorded.length > 0)
      await t.app.db.kysely
        .insertInto('moves')
        .values(recorded.map((m, i) => ({ game_id: id, seq: i + 1, ...m, auto: 0, created_at: now })))
        .execute();
    const last = opts.forfeit ? null : game.moves.at(-1)!;
    const winnerSeat = opts.forfeit ? opts.forfeit.winnerSeat : game.state.winnerSeat!;
    const finished = await store.save(
      {
        gameId: id,
        seq: game.moves.length + (opts.forfeit ? 1 : 0),
        state: game.state,
        turnDeadline: null,
        expiries: players.map(() => 0),
        move: last ? { ...last, auto: false } : null,
        now,
      },
      {
        mode: opts.mode,
        players,
        winnerUserId: players[winnerSeat]!.userId,
        reason: opts.forfeit?.reason ?? 'score',
      },
    );
    return { id, finished: finished! };
  }

  describe('daily rewards', () => {
    it('seeds a 7-day week, claims once a day and refuses a second claim with no credit', async () => {
      await setup();
      const { token, user } = await register(t.app, { username: 'daily_ama' });
      const state = await get('/api/currency/daily-rewards', token);
      expect(state.statusCode).toBe(200);
      const body = state.json();
      expect(body.rewards.map((r: { day: number }) => r.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(body.rewards[0]).toMatchObject({
        day: 1,
        amount: 50,
        currencyType: 'regular',
        description: 'Daily login reward',
        isActive: true,
      });
      expect(body.rewards[6]).toMatchObject({ day: 7, amount: 10, currencyType: 'premium' });
      const amounts = body.rewards.slice(0, 6).map((r: { amount: number }) => r.amount);
      expect(amounts).toEqual([...amounts].sort((a: number, b: number) => a - b));
      expect(body).toMatchObject({ today: 1, streak: 0, claimedToday: false });
      expect(body.nextClaimAt).toBe(Date.UTC(2026, 0, 2));

      const claim = await post('/api/currency/daily-rewards/claim', token);
      expect(claim.statusCode).toBe(200);
      expect(claim.json()).toMatchObject({
        day: 1,
        streak: 1,
        amount: 50,
        currencyType: 'regular',
        bonusItem: null,
        balance: { currency: 50, premiumCurrency: 0 },
      });
      expect((await get('/api/currency/daily-rewards', token)).json()).toMatchObject({
        today: 1,
        streak: 1,
        claimedToday: true,
      });

      const again = await post('/api/currency/daily-rewards/claim', token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        message: 'Daily reward already claimed today',
        code: 'already_claimed',
      });
      expect(await ledger(user.id, 'daily_reward')).toMatchObject([
        { delta: 50, balance_after: 50, reference: '2026-01-01' },
      ]);
      expect(await userBalance(user.id)).toEqual({ currency: 50, premium_currency: 0 });

      // A restart finds a schedule and seeds nothing more.
      await t.restart();
      expect((await get('/api/currency/daily-rewards', token)).json().rewards).toHaveLength(7);
    });

    it('50 concurrent claims of the same daily reward credit exactly once', async () => {
      await setup();
      const { token, user } = await register(t.app, { username: 'daily_rush' });
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => post('/api/currency/daily-rewards/claim', token)),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(49);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json().message).toBe('Daily reward already claimed today');
      expect(await ledger(user.id, 'daily_reward')).toHaveLength(1);
      expect(await userBalance(user.id)).toEqual({ currency: 50, premium_currency: 0 });
      const claims = await t.app.db.kysely
        .selectFrom('daily_claims')
        .selectAll()
        .where('user_id', '=', user.id)
        .execute();
      expect(claims).toHaveLength(1);
    });

    it('the streak continues from yesterday, restarts after a missed day and cycles after day 7', async () => {
      await setup();
      const { token, user } = await register(t.app, { username: 'daily_streak' });
      const claim = async () => {
        const res = await post('/api/currency/daily-rewards/claim', token);
        expect(res.statusCode, res.body).toBe(200);
        return res.json() as { day: number; streak: number; amount: number; currencyType: string };
      };
      expect(await claim()).toMatchObject({ day: 1, streak: 1 });
      // Late the same UTC day is still the same day.
      t.clock.time = Date.UTC(2026, 0, 1, 23, 59, 59);
      expect((await post('/api/currency/daily-rewards/claim', token)).statusCode).toBe(409);
      // Just past midnight UTC is the next day.
      t.clock.time = Date.UTC(2026, 0, 2, 0, 0, 1);
      expect((await get('/api/currency/daily-rewards', token)).json()).toMatchObject({
        today: 2,
        streak: 1,
        claimedToday: false,
        nextClaimAt: Date.UTC(2026, 0, 3),
      });
      expect(await claim()).toMatchObject({ day: 2, streak: 2, amount: 75 });

      // A day missed: the streak is broken and the next claim pays day 1.
      t.clock.advance(2 * DAY);
      expect((await get('/api/currency/daily-rewards', token)).json()).toMatchObject({ today: 1, streak: 0 });
      expect(await claim()).toMatchObject({ day: 1, streak: 1 });

      const days: number[] = [];
      for (let i = 0; i < 7; i++) {
        t.clock.advance(DAY);
        const claimed = await claim();
        days.push(claimed.day);
        if (claimed.day === 7) expect(claimed).toMatchObject({ amount: 10, currencyType: 'premium' });
      }
      // Days 2–7, then the week starts over on its 8th consecutive day.
      expect(days).toEqual([2, 3, 4, 5, 6, 7, 1]);
      expect((await get('/api/currency/daily-rewards', token)).json()).toMatchObject({
        today: 1,
        streak: 8,
        claimedToday: true,
      });
      const entries = await ledger(user.id, 'daily_reward');
      expect(entries).toHaveLength(10);
      const ledgerCoins = entries
        .filter((e) => e.currency_type === 'regular')
        .reduce((s, e) => s + e.delta, 0);
      const ledgerGems = entries
        .filter((e) => e.currency_type === 'premium')
        .reduce((s, e) => s + e.delta, 0);
      expect(await userBalance(user.id)).toEqual({ currency: ledgerCoins, premium_currency: ledgerGems });
      expect(ledgerGems).toBe(10);
    });

    it('a bonus item is granted once, as a free purchase, and skipped when already owned', async () => {
      await setup();
      const db = t.app.db.kysely;
      const item = await db
        .insertInto('shop_items')
        .values({
          sku: 'test-avatar',
          kind: 'avatar',
          name: 'Test Avatar',
          description: 'A face',
          image_url: '/avatars/test.svg',
          price: 500,
          currency_type: 'regular',
          money_price: null,
          money_currency: null,
          grant_amount: null,
          grant_currency_type: null,
          asset_url: null,
          created_at: t.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.updateTable('daily_rewards').set({ bonus_item_id: item.id }).where('day', '=', 1).execute();
      const a = await register(t.app, { username: 'bonus_ama' });
      const b = await register(t.app, { username: 'bonus_kofi' });
      await db
        .insertInto('purchases')
        .values({
          user_id: b.user.id,
          shop_item_id: item.id,
          price: 500,
          currency_type: 'regular',
          purchase_date: t.clock.now(),
          expiry_date: null,
        })
        .execute();
      const claimA = await post('/api/currency/daily-rewards/claim', a.token);
      expect(claimA.json().bonusItem).toEqual({ id: item.id, name: 'Test Avatar' });
      const claimB = await post('/api/currency/daily-rewards/claim', b.token);
      expect(claimB.statusCode).toBe(200);
      expect(claimB.json().bonusItem).toBeNull();
      const owned = await db
        .selectFrom('purchases')
        .select(['user_id', 'price'])
        .where('shop_item_id', '=', item.id)
        .orderBy('user_id')
        .execute();
      expect(owned).toEqual([
        { user_id: a.user.id, price: 0 },
        { user_id: b.user.id, price: 500 },
      ]);
    });

    it('with no active schedule the claim is a 404 and credits nothing', async () => {
      await setup();
      await t.app.db.kysely.updateTable('daily_rewards').set({ is_active: 0 }).execute();
      const { token, user } = await register(t.app, { username: 'daily_none' });
      expect((await get('/api/currency/daily-rewards', token)).json()).toMatchObject({
        rewards: [],
        today: 1,
      });
      const res = await post('/api/currency/daily-rewards/claim', token);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('No daily reward is available');
      expect(await ledger(user.id, 'daily_reward')).toEqual([]);
    });

    it('every reward route needs a session', async () => {
      await setup();
      const routes: [string, string, object?][] = [
        ['GET', '/api/currency/daily-rewards'],
        ['POST', '/api/currency/daily-rewards/claim'],
        ['GET', '/api/currency/achievement-rewards'],
        ['POST', '/api/currency/achievement-rewards/claim', { achievementId: 'first_game' }],
        ['GET', '/api/currency/game-rewards'],
        ['POST', '/api/currency/game-rewards/claim', { gameId: 'abc' }],
      ];
      for (const [method, url, payload] of routes) {
        const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
        expect(res.statusCode, url).toBe(401);
      }
    });
  });

  describe('achievements', () => {
    it('unlock from finished games (replayed hands included), pay once, and refuse unknown or locked ones', async () => {
      await setup();
      const a = await register(t.app, { username: 'ach_ama' });
      const b = await register(t.app, { username: 'ach_kofi' });
      const list = async (token: string, query = '') => {
        const res = await get(`/api/currency/achievement-rewards${query}`, token);
        expect(res.statusCode, res.body).toBe(200);
        return new Map(
          (
            res.json() as {
              id: string;
              progress: number;
              target: number;
              unlocked: boolean;
              claimed: boolean;
            }[]
          ).map((x) => [x.id, x]),
        );
      };

      const fresh = await list(a.token);
      expect([...fresh.keys()]).toEqual(ACHIEVEMENTS.map((x) => x.id));
      for (const x of fresh.values())
        expect(x).toMatchObject({ progress: 0, unlocked: false, claimed: false });
      expect((await list(a.token, '?limit=3')).size).toBe(3);
      expect((await get('/api/currency/achievement-rewards?limit=0', a.token)).statusCode).toBe(400);

      const locked = await post('/api/currency/achievement-rewards/claim', a.token, {
        achievementId: 'first_win',
      });
      expect(locked.statusCode).toBe(400);
      expect(locked.json().message).toMatch(/^Achievement not unlocked yet/);
      const unknown = await post('/api/currency/achievement-rewards/claim', a.token, {
        achievementId: 'nope',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Achievement not found');
      const empty = await post('/api/currency/achievement-rewards/claim', a.token, { achievementId: ' ' });
      expect(empty.statusCode).toBe(400);

      // A ranked game that seat 0 (Ama) wins, with a hand she took with a 6 for 3 points.
      const ranked = findDeal((g) => g.state.winnerSeat === 0 && sixForThree(g.handsWon, 0));
      await storeGame({ mode: 'ranked', seats: [seat(a), seat(b)], game: ranked });
      let ama = await list(a.token);
      for (const id of ['first_game', 'first_win', 'first_ranked_win', 'six_for_three'])
        expect(ama.get(id), id).toMatchObject({ unlocked: true, claimed: false, progress: 1 });
      expect(ama.get('wins_10')).toMatchObject({ progress: 1, target: 10, unlocked: false });
      expect(ama.get('beat_hard_bot')).toMatchObject({ unlocked: false });
      const kofi = await list(b.token);
      expect(kofi.get('first_game')).toMatchObject({ unlocked: true });
      expect(kofi.get('first_win')).toMatchObject({ unlocked: false });
      expect(kofi.get('six_for_three')!.unlocked).toBe(sixForThree(ranked.handsWon, 1));

      // Practice against the hard bot, won by Ama, with a 7 that captured the lead in a hand.
      const practice = findDeal((g) => g.state.winnerSeat === 0 && sevenCapture(g.handsWon, 0));
      await storeGame({ mode: 'practice', seats: [seat(a), { bot: 'hard' }], game: practice });
      ama = await list(a.token);
      expect(ama.get('beat_hard_bot')).toMatchObject({ unlocked: true });
      expect(ama.get('seven_capture')).toMatchObject({ unlocked: true });
      expect(ama.get('wins_10')).toMatchObject({ progress: 2 });

      const claim = await post('/api/currency/achievement-rewards/claim', a.token, {
        achievementId: 'first_win',
      });
      expect(claim.statusCode).toBe(200);
      expect(claim.json()).toMatchObject({
        amount: 100,
        currencyType: 'regular',
        balance: { currency: 100 },
      });
      const gems = await post('/api/currency/achievement-rewards/claim', a.token, {
        achievementId: 'beat_hard_bot',
      });
      expect(gems.json()).toMatchObject({
        currencyType: 'premium',
        balance: { currency: 100, premiumCurrency: 10 },
      });
      const twice = await post('/api/currency/achievement-rewards/claim', a.token, {
        achievementId: 'first_win',
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe('Achievement reward already claimed');
      expect((await list(a.token)).get('first_win')).toMatchObject({
        claimed: true,
        unlocked: true,
        progress: 1,
      });
      expect(await ledger(a.user.id, 'achievement')).toMatchObject([
        { reference: 'first_win', delta: 100 },
        { reference: 'beat_hard_bot', delta: 10 },
      ]);
    });

    it('20 concurrent claims of one achievement credit it once', async () => {
      await setup();
      const a = await register(t.app, { username: 'ach_rush' });
      const b = await register(t.app, { username: 'ach_rush_b' });
      const game = findDeal((g) => g.state.winnerSeat === 0 && sixForThree(g.handsWon, 0));
      await storeGame({ mode: 'quick', seats: [seat(a), seat(b)], game });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          post('/api/currency/achievement-rewards/claim', a.token, { achievementId: 'six_for_three' }),
        ),
      );
      const codes = answers.map((x) => x.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect(await ledger(a.user.id, 'achievement')).toHaveLength(1);
      expect(await userBalance(a.user.id)).toEqual({ currency: 150, premium_currency: 0 });
    });
  });

  describe('game rewards', () => {
    it('finished ranked and quick games with a completed hand earn coins; practice, private and unplayed forfeits none', async () => {
      await setup();
      const a = await register(t.app, { username: 'gr_ama' });
      const b = await register(t.app, { username: 'gr_kofi' });
      const deal = findDeal((g) => g.state.winnerSeat === 0);

      const ranked = await storeGame({ mode: 'ranked', seats: [seat(a), seat(b)], game: deal });
      expect(ranked.finished.rewards).toEqual(
        new Map([
          [a.user.id, { currency: 50, premiumCurrency: 0 }],
          [b.user.id, { currency: 15, premiumCurrency: 0 }],
        ]),
      );
      expect(ranked.finished.ratingChange).toHaveLength(2);

      t.clock.advance(60_000);
      const practice = await storeGame({ mode: 'practice', seats: [seat(a), { bot: 'easy' }], game: deal });
      expect(practice.finished.rewards.size).toBe(0);

      // Resigned before any hand was finished: nothing; after one was: the forfeit still pays.
      t.clock.advance(60_000);
      const early = playFirstLegal(deal.seed, 2, 3);
      const unplayed = await storeGame({
        mode: 'quick',
        seats: [seat(a), seat(b)],
        game: early,
        forfeit: { reason: 'resign', winnerSeat: 1 },
      });
      expect(unplayed.finished.rewards.size).toBe(0);
      t.clock.advance(60_000);
      const oneHand = playFirstLegal(deal.seed, 2, 11);
      expect(oneHand.state.handNumber).toBe(2);
      const resigned = await storeGame({
        mode: 'quick',
        seats: [seat(a), seat(b)],
        game: oneHand,
        forfeit: { reason: 'resign', winnerSeat: 1 },
      });
      expect(resigned.finished.rewards.get(b.user.id)).toEqual({ currency: 50, premiumCurrency: 0 });
      // A private game between friends pays nothing, however far it went.
      t.clock.advance(60_000);
      const friendly = await storeGame({ mode: 'private', seats: [seat(a), seat(b)], game: deal });
      expect(friendly.finished.rewards.size).toBe(0);
      expect(friendly.finished.ratingChange).toBeUndefined();

      const listed = await get('/api/currency/game-rewards', a.token);
      expect(listed.statusCode).toBe(200);
      expect(listed.json()).toEqual([
        {
          gameId: resigned.id,
          mode: 'quick',
          outcome: 'loss',
          amount: 15,
          currencyType: 'regular',
          claimed: false,
          createdAt: t.clock.now() - 60_000,
        },
        {
          gameId: ranked.id,
          mode: 'ranked',
          outcome: 'win',
          amount: 50,
          currencyType: 'regular',
          claimed: false,
          createdAt: t.clock.now() - 240_000,
        },
      ]);
      expect((await get('/api/currency/game-rewards?limit=1', a.token)).json()).toHaveLength(1);
      expect((await get('/api/currency/game-rewards?limit=101', a.token)).statusCode).toBe(400);

      const claim = await post('/api/currency/game-rewards/claim', a.token, { gameId: ranked.id });
      expect(claim.statusCode).toBe(200);
      expect(claim.json()).toMatchObject({ amount: 50, balance: { currency: 50, premiumCurrency: 0 } });
      const again = await post('/api/currency/game-rewards/claim', a.token, { gameId: ranked.id });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Game reward already claimed');
      for (const gameId of [practice.id, 'unknown_game']) {
        const res = await post('/api/currency/game-rewards/claim', a.token, { gameId });
        expect(res.statusCode, gameId).toBe(404);
        expect(res.json().message).toBe('Game reward not found');
      }
      // Someone else's reward is not yours to claim.
      const c = await register(t.app, { username: 'gr_stranger' });
      expect(
        (await post('/api/currency/game-rewards/claim', c.token, { gameId: ranked.id })).statusCode,
      ).toBe(404);
      expect((await post('/api/currency/game-rewards/claim', a.token, { gameId: 'a.b' })).statusCode).toBe(
        400,
      );
      expect((await get('/api/currency/game-rewards', a.token)).json()[1]).toMatchObject({ claimed: true });
      expect(await ledger(a.user.id, 'game_reward')).toMatchObject([{ reference: ranked.id, delta: 50 }]);
    });

    it('20 concurrent claims of one game reward credit it once', async () => {
      await setup();
      const a = await register(t.app, { username: 'gr_rush' });
      const b = await register(t.app, { username: 'gr_rush_b' });
      const game = await storeGame({
        mode: 'quick',
        seats: [seat(a), seat(b)],
        game: findDeal((g) => g.state.winnerSeat === 1),
      });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          post('/api/currency/game-rewards/claim', a.token, { gameId: game.id }),
        ),
      );
      const codes = answers.map((x) => x.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      expect(await ledger(a.user.id, 'game_reward')).toHaveLength(1);
      expect(await userBalance(a.user.id)).toEqual({ currency: 15, premium_currency: 0 });
    });

    it('a ranked game played over sockets sends each player their own rewards, spectators none', async () => {
      await setup();
      const url = await t.listen();
      const player = async (name: string): Promise<Player> => {
        const p = await connectPlayer(t.app, url, name);
        sockets.push(p.socket);
        return p;
      };
      const a = await player('gr_live_ama');
      const b = await player('gr_live_kofi');
      const watcher = await player('gr_live_eye');
      const gameId = await matchUp(a, b, 'ranked');
      await joinGame(watcher, gameId);
      expect((await playOn([a, b], gameId)).status).toBe('finished');
      const overA = await a.socket.next('GAME_OVER');
      const overB = await b.socket.next('GAME_OVER');
      const overW = await watcher.socket.next('GAME_OVER');
      const [winner, loser] = overA.winnerUserId === a.userId ? [overA, overB] : [overB, overA];
      expect(winner.rewards).toEqual({ currency: 50, premiumCurrency: 0 });
      expect(loser.rewards).toEqual({ currency: 15, premiumCurrency: 0 });
      expect(overW.rewards).toBeUndefined();
      expect(overW.ratingChange).toEqual(overA.ratingChange);

      const winnerToken = overA.winnerUserId === a.userId ? a.token : b.token;
      expect((await get('/api/currency/game-rewards', winnerToken)).json()).toMatchObject([
        { gameId, mode: 'ranked', outcome: 'win', amount: 50, claimed: false },
      ]);
      const claimed = await post('/api/currency/game-rewards/claim', winnerToken, { gameId });
      expect(claimed.json()).toMatchObject({ amount: 50, balance: { currency: 50 } });
    });

    it('a practice game over sockets ends with no rewards', async () => {
      await setup();
      const url = await t.listen();
      const a = await connectPlayer(t.app, url, 'gr_practice');
      sockets.push(a.socket);
      const started = await post('/api/games/practice', a.token, { difficulty: 'easy' });
      const id = started.json().id as string;
      let view = await joinGame(a, id);
      // Play the whole game out, so it is the mode (not an early end) that earns nothing.
      while (view.status === 'active') {
        if (view.turn === view.you!.seat && view.legalCards.length > 0)
          a.socket.send({ type: 'GAME_PLAY', gameId: id, card: view.legalCards[0], seq: view.seq });
        view = (await a.socket.next('GAME_UPDATE', (m) => m.gameId === id)).game;
      }
      const over = await a.socket.next('GAME_OVER');
      expect(over.reason).toBe('score');
      expect(over.rewards).toBeUndefined();
      expect((await get('/api/currency/game-rewards', a.token)).json()).toEqual([]);
    });
  });
});

describe('hand achievements from preset deals', () => {
  /** Replays preset hands through the engine and returns the HAND_WON events. */
  function handOf(hands: Card[][], cards: Card[]): HandWon[] {
    let state: GameState = newGame({ players: 2, seed: 'preset', dealer: 1, hands });
    const won: HandWon[] = [];
    for (const card of cards) {
      const result = applyPlay(state, state.turn!, card);
      state = result.state;
      for (const event of result.events) if (event.kind === 'HAND_WON') won.push(event);
    }
    return won;
  }

  it('tells a 6 taken for 3 points and a capturing 7 from a led 7', () => {
    // Seat 0 leads every trick with higher hearts, then leads the 6 of spades nobody can follow.
    const six = handOf(
      [
        ['K_hearts', 'Q_hearts', 'J_hearts', '10_hearts', '6_spades'],
        ['9_hearts', '8_hearts', '7_hearts', '6_hearts', 'K_clubs'],
      ],
      [
        'K_hearts',
        '9_hearts',
        'Q_hearts',
        '8_hearts',
        'J_hearts',
        '7_hearts',
        '10_hearts',
        '6_hearts',
        '6_spades',
        'K_clubs',
      ],
    );
    expect(countHands(six, 0)).toEqual({ sixHands: 1, sevenCaptureHands: 0 });
    expect(countHands(six, 1)).toEqual({ sixHands: 0, sevenCaptureHands: 0 });

    // Seat 0 takes four tricks, then leads the 6 of clubs and seat 1 beats it with the 7 of clubs.
    const capture = handOf(
      [
        ['K_hearts', 'Q_hearts', 'J_hearts', '10_hearts', '6_clubs'],
        ['9_hearts', '8_hearts', '7_hearts', '6_hearts', '7_clubs'],
      ],
      [
        'K_hearts',
        '9_hearts',
        'Q_hearts',
        '8_hearts',
        'J_hearts',
        '7_hearts',
        '10_hearts',
        '6_hearts',
        '6_clubs',
        '7_clubs',
      ],
    );
    expect(countHands(capture, 1)).toEqual({ sixHands: 0, sevenCaptureHands: 1 });

    // A led 7 that wins scores 2 and is not a capture.
    const led = handOf(
      [
        ['K_hearts', 'Q_hearts', 'J_hearts', '10_hearts', '7_clubs'],
        ['9_hearts', '8_hearts', '7_hearts', '6_hearts', '6_clubs'],
      ],
      [
        'K_hearts',
        '9_hearts',
        'Q_hearts',
        '8_hearts',
        'J_hearts',
        '7_hearts',
        '10_hearts',
        '6_hearts',
        '7_clubs',
        '6_clubs',
      ],
    );
    expect(led).toMatchObject([{ seat: 0, points: 2 }]);
    expect(countHands(led, 0)).toEqual({ sixHands: 0, sevenCaptureHands: 0 });
  });
});

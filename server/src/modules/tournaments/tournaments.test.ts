import { afterEach, describe, expect, it } from 'vitest';
import { tournamentDetailSchema, type CreateTournamentBody } from '@shared/protocol';
import { DIALECTS, createTestApp, type TestApp } from '../../testing/harness';
import { SqlGameStore } from '../storage/store';
import { HOUR, tournamentKit } from '../../testing/tournaments';
import { TestSocket } from '../../testing/ws-client';

describe.each(DIALECTS)('tournaments on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  const {
    users,
    staffToken,
    body,
    call,
    create,
    coins,
    ledger,
    status,
    runner: runnerWith,
  } = tournamentKit(() => t);

  it('refuses anonymous callers and players on staff routes, and staff forms that break the rules', async () => {
    t = await createTestApp(dialect);
    const staff = await staffToken();
    const [player] = await users(1);
    for (const [method, url] of [
      ['GET', '/api/tournaments'],
      ['GET', '/api/tournaments/1'],
      ['POST', '/api/tournaments/1/join'],
      ['POST', '/api/tournaments/1/withdraw'],
      ['POST', '/api/tournaments/1/pause'],
      ['GET', '/api/manager/tournaments'],
      ['POST', '/api/manager/tournaments'],
      ['PUT', '/api/manager/tournaments/1'],
      ['POST', '/api/manager/tournaments/1/cancel'],
    ] as const) {
      expect((await call(method, url)).statusCode, `${method} ${url}`).toBe(401);
      if (url.startsWith('/api/manager')) {
        const res = await call(method, url, player!.token, {});
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().code).toBe('staff_only');
      }
    }
    const refused = async (over: Partial<CreateTournamentBody>, code: string) => {
      const res = await call('POST', '/api/manager/tournaments', staff, body(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().code).toBe(code);
    };
    await refused({ startsAt: new Date(t.clock.now() - 1000).toISOString() }, 'start_in_past');
    await refused(
      { prizes: [{ place: 2, coins: 1, gems: 0, shopItemId: null }] },
      'prize_places_out_of_order',
    );
    await refused({ ratingMin: 1600, ratingMax: 1400 }, 'rating_band_inverted');
    await refused({ seats: 4, playerCap: 3 }, 'cap_below_seats');
    await refused({ prizes: [{ place: 1, coins: 1, gems: 0, shopItemId: 999_999 }] }, 'unknown_prize_item');
    const badDuration = await call('POST', '/api/manager/tournaments', staff, body({ durationMinutes: 10 }));
    expect(badDuration.statusCode).toBe(400);

    const id = await create(staff);
    const same = await call('PUT', `/api/manager/tournaments/${id}`, staff, { name: 'Friday Arena' });
    expect(same.json().code).toBe('nothing_to_change');
    const renamed = await call('PUT', `/api/manager/tournaments/${id}`, staff, { name: 'Saturday Arena' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Saturday Arena');
    const audit = await t.app.db.kysely
      .selectFrom('staff_actions')
      .select('action')
      .where('target_type', '=', 'tournament')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['tournament.create', 'tournament.update']);
    // Players see it in the upcoming list; an invite-only one stays hidden without its code.
    const invite = await call('POST', '/api/manager/tournaments', staff, body({ visibility: 'invite' }));
    const code = invite.json().inviteCode as string;
    const list = await call('GET', '/api/tournaments?list=upcoming', player!.token);
    expect(list.json().tournaments.map((x: { id: number }) => x.id)).toEqual([id]);
    expect((await call('GET', `/api/tournaments/${invite.json().id}`, player!.token)).statusCode).toBe(404);
    expect(
      (await call('GET', `/api/tournaments/${invite.json().id}?invite=${code}`, player!.token)).statusCode,
    ).toBe(200);
  });

  it('holds the cap and debits each fee once when 1,000 players join at once', async () => {
    t = await createTestApp(dialect);
    const staff = await staffToken();
    const id = await create(staff, { playerCap: 600 });
    const players = await users(1000, 150);
    const answers = await Promise.all(
      players.map((p) => call('POST', `/api/tournaments/${id}/join`, p.token, {})),
    );
    const joined = answers.filter((a) => a.statusCode === 200).length;
    expect(joined).toBe(600);
    expect(new Set(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().code))).toEqual(
      new Set(['tournament_full']),
    );
    const entries = await ledger('tournament_entry');
    expect(entries).toHaveLength(600);
    expect(entries.every((e) => Number(e.delta) === -100)).toBe(true);
    const row = await t.app.db.kysely
      .selectFrom('tournaments')
      .select('entrant_count')
      .executeTakeFirstOrThrow();
    expect(Number(row.entrant_count)).toBe(600);
  }, 120_000);

  it('refunds a withdrawal once when it is sent 50 times at once, and a cancellation once', async () => {
    t = await createTestApp(dialect);
    const staff = await staffToken();
    const id = await create(staff);
    const [a, b] = await users(2, 150);
    expect((await call('POST', `/api/tournaments/${id}/join`, a!.token, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/tournaments/${id}/join`, a!.token, {})).json().code).toBe(
      'already_joined',
    );
    expect(await coins(a!.id)).toBe(50);
    const withdrawals = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/tournaments/${id}/withdraw`, a!.token)),
    );
    expect(withdrawals.filter((w) => w.statusCode === 200)).toHaveLength(1);
    expect(withdrawals.filter((w) => w.statusCode !== 200).every((w) => w.json().code === 'not_joined')).toBe(
      true,
    );
    expect(await coins(a!.id)).toBe(150);
    // Joining again is a new entry: a new debit and, on cancellation, its own refund.
    expect((await call('POST', `/api/tournaments/${id}/join`, a!.token, {})).statusCode).toBe(200);
    expect((await call('POST', `/api/tournaments/${id}/join`, b!.token, {})).statusCode).toBe(200);
    const cancels = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', `/api/manager/tournaments/${id}/cancel`, staff)),
    );
    expect(cancels.filter((c) => c.statusCode === 200)).toHaveLength(1);
    expect(
      cancels.filter((c) => c.statusCode !== 200).every((c) => c.json().code === 'tournament_finished'),
    ).toBe(true);
    expect(await coins(a!.id)).toBe(150);
    expect(await coins(b!.id)).toBe(150);
    expect(await ledger('tournament_refund')).toHaveLength(3);
    const [poor] = await users(1, 10);
    const other = await create(staff);
    expect((await call('POST', `/api/tournaments/${other}/join`, poor!.token, {})).json().code).toBe(
      'insufficient_funds',
    );
  }, 60_000);

  it('runs an arena: pairs by score, no immediate rematch, streak scoring, a game in progress at the end counts, prizes once', async () => {
    t = await createTestApp(dialect, { TOURNAMENT_MINUTE_MS: '1000' });
    t.app.tournamentRunner.stop();
    const staff = await staffToken();
    const id = await create(staff, { durationMinutes: 15 });
    const players = await users(4, 100);
    for (const p of players)
      expect((await call('POST', `/api/tournaments/${id}/join`, p.token, {})).statusCode).toBe(200);
    const errors: object[] = [];
    const sent: { userId: number; message: { type: string; gameId?: string } }[] = [];
    const runnerOf = (nodeId: string) =>
      runnerWith({
        now: t.clock.now,
        nodeId,
        leaseMs: 10_000,
        send: (userId, message) => sent.push({ userId, message: message as { type: string } }),
        log: { info() {}, warn: (d) => errors.push(d), error: (d) => errors.push(d) },
      });
    const runner = runnerOf('node-a');
    t.clock.advance(HOUR);
    await runner.tick();
    const games = async () =>
      t.app.db.kysely
        .selectFrom('games')
        .select(['id', 'status', 'mode', 'target_score'])
        .where('tournament_id', '=', id)
        .orderBy('created_at')
        .execute();
    let stored = await games();
    expect(stored).toHaveLength(2);
    expect(stored.every((g) => g.mode === 'ranked' && g.target_score === 5 && g.status === 'active')).toBe(
      true,
    );
    expect(sent.filter((s) => s.message.type === 'TOURNAMENT_GAME')).toHaveLength(4);
    const playersOf = async (gameId: string) =>
      (
        await t.app.db.kysely
          .selectFrom('game_players')
          .select('user_id')
          .where('game_id', '=', gameId)
          .execute()
      ).map((r) => Number(r.user_id));
    /** The lower id of each table resigns: the other wins. */
    const finishAll = async () => {
      for (const game of await games()) {
        if (game.status !== 'active') continue;
        const seated = await playersOf(game.id);
        const room = await t.app.rooms.get(game.id);
        await room.resign(Math.min(...seated));
      }
    };
    const winners = new Set<number>();
    for (const game of stored) winners.add(Math.max(...(await playersOf(game.id))));
    await finishAll();
    t.clock.advance(1000);
    await runner.tick();
    stored = await games();
    expect(stored).toHaveLength(4);
    // Round two: the two winners (score 2) meet; the two losers meet; nobody sits with last table again.
    for (const game of stored.slice(2)) {
      const seated = await playersOf(game.id);
      expect(seated.every((u) => winners.has(u)) || seated.every((u) => !winners.has(u))).toBe(true);
    }
    await finishAll();
    t.clock.advance(1000);
    await runner.tick();
    // Time is up while the third round plays: it still counts; then the tournament closes.
    t.clock.advance(15 * 1000);
    await runner.tick();
    expect((await games()).filter((g) => g.status === 'active')).toHaveLength(2);
    await finishAll();
    // A second node takes over the lease once it lapses, and closing twice pays nothing twice.
    const survivor = runnerOf('node-b');
    await survivor.tick();
    expect(await status()).toBe('running');
    t.clock.advance(11_000);
    await Promise.all([survivor.tick(), runner.tick()]);
    const page = tournamentDetailSchema.parse(
      (await call('GET', `/api/tournaments/${id}`, players[0]!.token)).json(),
    );
    expect(page.status).toBe('finished');
    expect(page.standings.reduce((n, s) => n + s.games, 0)).toBe(12);
    // Streak: a player who won all three scored 2 + 2 + 4.
    const top = page.standings[0]!;
    if (top.wins === 3) expect(top.score).toBe(8);
    expect(page.standings.map((s) => s.score)).toEqual(
      [...page.standings.map((s) => s.score)].sort((a, b) => b - a),
    );
    const prizes = await ledger('tournament_prize');
    expect(prizes.filter((p) => p.currency_type === 'regular')).toHaveLength(2);
    expect(prizes.filter((p) => p.currency_type === 'premium')).toHaveLength(1);
    expect(Number(prizes.find((p) => Number(p.delta) === 1000)!.user_id)).toBe(top.userId);
    // Paying again (a node that died mid-payout is replaced) pays nothing more.
    const row = await t.app.db.kysely.selectFrom('tournaments').selectAll().executeTakeFirstOrThrow();
    expect(await runner.payPlace(row, { place: 1, coins: 1000, gems: 5, shopItemId: null }, top.userId)).toBe(
      false,
    );
    expect(await ledger('tournament_prize')).toHaveLength(3);
    expect(errors).toEqual([]);
  }, 60_000);

  it('streams the standings to a watcher over /ws until it stops; an invite-only tournament only to its entrants', async () => {
    t = await createTestApp(dialect);
    t.app.tournamentRunner.stop();
    const url = await t.listen();
    const staff = await staffToken();
    const open = await create(staff, { entryFee: null });
    const hidden = await create(staff, { entryFee: null, visibility: 'invite' });
    const [watcher, ama, kofi] = await users(3);
    const socket = await TestSocket.signedIn(url, watcher!.token);
    try {
      socket.send({ type: 'TOURNAMENT_WATCH', tournamentId: open });
      const first = await socket.next('TOURNAMENT_STANDINGS');
      expect(first).toMatchObject({ tournamentId: open, status: 'scheduled', standings: [] });
      expect((await call('POST', `/api/tournaments/${open}/join`, ama!.token, {})).statusCode).toBe(200);
      const joined = await socket.next('TOURNAMENT_STANDINGS', (m) => m.standings.length === 1);
      expect(joined.standings[0]).toMatchObject({ userId: ama!.id, place: 1, score: 0, paused: false });

      socket.send({ type: 'TOURNAMENT_UNWATCH', tournamentId: open });
      socket.send({ type: 'PING' });
      await socket.next('PONG');
      expect((await call('POST', `/api/tournaments/${open}/join`, kofi!.token, {})).statusCode).toBe(200);
      await expect(
        socket.next('TOURNAMENT_STANDINGS', (m) => m.standings.length === 2, 1500),
      ).rejects.toThrow(/no TOURNAMENT_STANDINGS/);

      // Holding no entry (and no code), the invite-only one cannot be followed.
      socket.send({ type: 'TOURNAMENT_WATCH', tournamentId: hidden });
      expect(await socket.next('ERROR', (m) => m.ref === 'TOURNAMENT_WATCH')).toMatchObject({
        code: 'FORBIDDEN',
      });
    } finally {
      await socket.close();
    }
  }, 60_000);

  it('offers no rematch of a tournament game: the arena pairs its players again itself', async () => {
    t = await createTestApp(dialect, { TOURNAMENT_MINUTE_MS: '1000' });
    t.app.tournamentRunner.stop();
    const url = await t.listen();
    const staff = await staffToken();
    const id = await create(staff, { entryFee: null, durationMinutes: 15 });
    const [ama, kofi] = await users(2);
    for (const p of [ama!, kofi!])
      expect((await call('POST', `/api/tournaments/${id}/join`, p.token, {})).statusCode).toBe(200);
    const runner = runnerWith({ now: t.clock.now, nodeId: 'node-a' });
    t.clock.advance(HOUR);
    await runner.tick();
    const game = await t.app.db.kysely
      .selectFrom('games')
      .select('id')
      .where('tournament_id', '=', id)
      .executeTakeFirstOrThrow();
    // Its players' table knows the tournament (to lead back to it), and so does a node that loads
    // the game from the database afresh.
    expect((await new SqlGameStore(t.app.db).load(game.id))?.tournamentId).toBe(id);
    const socket = await TestSocket.signedIn(url, kofi!.token);
    try {
      socket.send({ type: 'GAME_JOIN', gameId: game.id });
      expect((await socket.next('GAME_STATE', (m) => m.gameId === game.id)).game.tournamentId).toBe(id);
      await (await t.app.rooms.get(game.id)).resign(ama!.id);
      await socket.next('GAME_OVER', (m) => m.gameId === game.id);
      socket.send({ type: 'ACCEPT_REMATCH', gameId: game.id });
      expect(await socket.next('ERROR', (m) => m.ref === 'ACCEPT_REMATCH')).toMatchObject({
        code: 'FORBIDDEN',
        message: 'A tournament game has no rematch: the arena finds your next table',
      });
    } finally {
      await socket.close();
    }
  }, 60_000);
});

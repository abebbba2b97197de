import { afterEach, describe, expect, it } from 'vitest';
import { applyPlay, newGame, type Card } from '@shared/game';
import type { GameListItem } from '@shared/protocol';
import {
  connectPlayer,
  expectNoLeaks,
  joinGame,
  matchUp,
  playOn,
  type Player,
} from '../../testing/game-clients';
import { SPECTATOR_COUNT_DELAY_MS } from '../../rooms/room';
import { DIALECTS, bearer, createTestApp, type TestApp } from '../../testing/harness';
import type { TestSocket } from '../../testing/ws-client';

const FAST = { BOT_DELAY_MS: '0', WS_MESSAGES_PER_SECOND: '5000' };

/** Live games, their spectators and replays of finished games. See docs/design.md, "Watch and replays". */
describe.each(DIALECTS)('watch and replays on %s', (dialect) => {
  let t: TestApp;
  let sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await t.close();
  });

  async function setup() {
    t = await createTestApp(dialect, FAST);
    return t.listen();
  }
  async function player(url: string, name?: string): Promise<Player> {
    const p = await connectPlayer(t.app, url, name);
    sockets.push(p.socket);
    return p;
  }
  async function get(url: string, token: string) {
    return t.app.inject({ method: 'GET', url, headers: bearer(token) });
  }
  async function live(token: string): Promise<GameListItem[]> {
    const res = await get('/api/games?scope=live', token);
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('lists live games with ratings, avatars, target and spectators, the strongest first', async () => {
    const url = await setup();
    const [a, b, c, d] = [
      await player(url, 'w_ama'),
      await player(url, 'w_kofi'),
      await player(url, 'w_esi'),
      await player(url, 'w_yaw'),
    ];
    const db = t.app.db.kysely;
    const first = await matchUp(a, b, 'quick');
    const second = await matchUp(c, d, 'ranked');
    // The second pair is stronger, so it leads the list although it is not the newest only by chance.
    for (const [p, rating] of [
      [c, 1700],
      [d, 1650],
    ] as const)
      await db
        .insertInto('ratings')
        .values({ user_id: p.userId, rating, rd: 80, volatility: 0.06, games: 9, wins: 5, updated_at: 0 })
        .execute();

    const watcher = await player(url, 'w_eye');
    const view = await joinGame(watcher, first);
    expect(view.spectators).toBe(1);

    const list = await live(watcher.token);
    expect(list.map((g) => g.id)).toEqual([second, first]);
    const [strong, weak] = list as [GameListItem, GameListItem];
    expect(strong).toMatchObject({ mode: 'ranked', status: 'active', targetScore: 10, spectators: 0 });
    expect(strong.players.map((p) => [p.username, p.rating, p.score, p.avatarId])).toEqual(
      expect.arrayContaining([
        ['w_esi', 1700, 0, null],
        ['w_yaw', 1650, 0, null],
      ]),
    );
    expect(weak).toMatchObject({ mode: 'quick', spectators: 1 });
    expect(weak.players.map((p) => p.rating)).toEqual([1500, 1500]);
    // Nothing of the caller's own view leaks into the live list.
    expect(weak).not.toHaveProperty('opponent');

    // Leaving, or going offline, stops counting.
    watcher.socket.send({ type: 'GAME_LEAVE', gameId: first });
    await expect.poll(async () => (await live(a.token)).find((g) => g.id === first)?.spectators).toBe(0);
    await joinGame(watcher, first);
    expect((await live(a.token)).find((g) => g.id === first)?.spectators).toBe(1);
    await watcher.socket.close();
    await expect.poll(async () => (await live(a.token)).find((g) => g.id === first)?.spectators).toBe(0);
  });

  it("names a live game's tournament and puts each live tournament's strongest table first", async () => {
    const url = await setup();
    const [a, b, c, d, e, f] = [
      await player(url, 'wt_ama'),
      await player(url, 'wt_kofi'),
      await player(url, 'wt_esi'),
      await player(url, 'wt_yaw'),
      await player(url, 'wt_abena'),
      await player(url, 'wt_kwame'),
    ];
    const db = t.app.db.kysely;
    const weakArena = await matchUp(a, b, 'ranked');
    const strongArena = await matchUp(c, d, 'ranked');
    const ordinary = await matchUp(e, f, 'ranked');
    for (const [p, rating] of [
      [c, 1600],
      [d, 1600],
      [e, 1900],
      [f, 1900],
    ] as const)
      await db
        .insertInto('ratings')
        .values({ user_id: p.userId, rating, rd: 80, volatility: 0.06, games: 9, wins: 5, updated_at: 0 })
        .execute();
    const now = Date.now();
    const { id } = await db
      .insertInto('tournaments')
      .values({
        name: 'Harmattan Arena',
        description: '',
        starts_at: now - 60_000,
        duration_minutes: 30,
        seats: 2,
        target_score: 10,
        prizes: '[]',
        visibility: 'public',
        status: 'running',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('games')
      .set({ tournament_id: id })
      .where('id', 'in', [weakArena, strongArena])
      .execute();

    const list = await live(a.token);
    // The arena's strongest table leads, then the rest by strength: the stronger ordinary game
    // before the arena's weaker table.
    expect(list.map((g) => g.id)).toEqual([strongArena, ordinary, weakArena]);
    expect(list.map((g) => g.tournament ?? null)).toEqual([
      { id: Number(id), name: 'Harmattan Arena' },
      null,
      { id: Number(id), name: 'Harmattan Arena' },
    ]);
  });

  it('spectators come and go without disturbing the game, the count reaches everyone, and they never see an unplayed card', async () => {
    const url = await setup();
    const a = await player(url, 'sp_ama');
    const b = await player(url, 'sp_kofi');
    const gameId = await matchUp(a, b, 'ranked');
    const before = await joinGame(a, gameId);
    await joinGame(b, gameId);

    const eyes = [await player(url, 'sp_one'), await player(url, 'sp_two')];
    const startedAt = Date.now();
    for (const eye of eyes) {
      const view = await joinGame(eye, gameId);
      expect(view.you).toBeNull();
      expect(view.hand).toEqual([]);
      expect(view.legalCards).toEqual([]);
      expect(view.seq).toBe(before.seq);
    }
    eyes[0]!.socket.send({ type: 'GAME_LEAVE', gameId });
    await expect.poll(() => t.app.rooms.spectatorCount(gameId)).toBe(1);
    // Two joins and a leave within the delay: one update each, at the same seq, with the count.
    const updates = await Promise.all([a, b, eyes[1]!].map((p) => p.socket.next('GAME_UPDATE')));
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(SPECTATOR_COUNT_DELAY_MS - 50);
    for (const update of updates) {
      expect(update.seq).toBe(before.seq);
      expect(update.game.spectators).toBe(1);
      expect(update.events).toEqual([]);
    }
    expect(updates[0]!.game.hand).toEqual(before.hand);
    expect((await joinGame(a, gameId)).seq).toBe(before.seq);

    // Someone looks in and leaves at once: the count is back where it was, so nobody is told.
    const framesBefore = a.socket.frames.length + b.socket.frames.length;
    const glance = await player(url, 'sp_glance');
    await joinGame(glance, gameId);
    glance.socket.send({ type: 'GAME_LEAVE', gameId });
    await expect.poll(() => t.app.rooms.spectatorCount(gameId)).toBe(1);
    const settle = () => new Promise((resolve) => setTimeout(resolve, SPECTATOR_COUNT_DELAY_MS + 300));
    await settle();
    expect(a.socket.frames.length + b.socket.frames.length).toBe(framesBefore);

    // A flood of joins and leaves, ending watching: the players get one update with the count.
    const updatesOfA = () => a.socket.frames.filter((f) => f.type === 'GAME_UPDATE').length;
    const updatesBefore = updatesOfA();
    const flooder = glance.socket;
    for (let i = 0; i < 40; i++) flooder.send({ type: i % 2 ? 'GAME_LEAVE' : 'GAME_JOIN', gameId });
    flooder.send({ type: 'GAME_JOIN', gameId });
    const flooded = await a.socket.next('GAME_UPDATE');
    expect(flooded.seq).toBe(before.seq);
    expect(flooded.game.spectators).toBe(2);
    await settle();
    expect(updatesOfA()).toBe(updatesBefore + 1);
    flooder.send({ type: 'GAME_LEAVE', gameId });
    await expect.poll(() => t.app.rooms.spectatorCount(gameId)).toBe(1);

    const final = await playOn([a, b], gameId);
    expect(final.status).toBe('finished');
    const watching = eyes[1]!;
    await watching.socket.next('GAME_OVER');
    // The player's updates carry the count, as of then.
    const lastUpdate = a.socket.frames.filter((f) => f.type === 'GAME_UPDATE').at(-1);
    expect(lastUpdate?.type === 'GAME_UPDATE' && lastUpdate.game.spectators).toBe(1);
    expect(expectNoLeaks(watching.socket, [a.socket, b.socket], gameId)).toBeGreaterThan(20);
    // The one who left got nothing after leaving.
    const left = eyes[0]!.socket.frames.filter((f) => f.type === 'GAME_UPDATE');
    expect(left).toHaveLength(0);
  });

  it('gives the replay of a finished game only, and it replays to the final score', async () => {
    const url = await setup();
    const a = await player(url, 'rp_ama');
    const b = await player(url, 'rp_kofi');
    const stranger = await player(url, 'rp_esi');
    const gameId = await matchUp(a, b, 'quick');
    await playOn([a, b], gameId, 3);

    // Running: no replay for anyone, player or not; its summary has none either.
    for (const who of [a, stranger]) {
      const res = await get(`/api/games/${gameId}/replay`, who.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        message: 'This game has no replay until it is finished',
        code: 'replay_not_available',
      });
      expect(JSON.stringify(res.json())).not.toMatch(/seed|moves/);
      expect((await get(`/api/games/${gameId}`, who.token)).json().replay).toBeUndefined();
    }

    const final = await playOn([a, b], gameId);
    expect(final.status).toBe('finished');
    const over = await a.socket.next('GAME_OVER');
    const res = await get(`/api/games/${gameId}/replay`, stranger.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: gameId, status: 'finished', winnerUserId: over.winnerUserId });
    let state = newGame({
      players: body.replay.players,
      seed: body.replay.seed,
      targetScore: body.replay.targetScore,
    });
    for (const move of body.replay.moves as { seat: number; card: Card }[])
      state = applyPlay(state, move.seat, move.card).state;
    expect(state.scores).toEqual(over.scores);
    expect(body.players.map((p: { score: number }) => p.score)).toEqual(over.scores);
  });

  it('refuses hostile or unknown ids, and replays of games only their players may see', async () => {
    const url = await setup();
    const a = await player(url, 'hx_ama');
    const other = await player(url, 'hx_kofi');
    // A malformed id is no game at all (bad path parameters answer 404, never a 500).
    for (const id of ["g_1'%20OR%201=1", '%3Cscript%3E', '..', 'x'.repeat(65), '..%2F..%2Fetc']) {
      const res = await get(`/api/games/${id}/replay`, a.token);
      expect(res.statusCode, id).toBe(404);
      expect(JSON.stringify(res.json())).not.toMatch(/seed|moves|stack/);
    }
    expect((await get('/api/games/g_doesnotexist/replay', a.token)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/games/g_doesnotexist/replay' })).statusCode).toBe(
      401,
    );

    // A practice game, resigned: finished, but only its player may replay it.
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/games/practice',
      payload: { difficulty: 'easy' },
      headers: bearer(a.token),
    });
    const practiceId = started.json().id as string;
    a.socket.send({ type: 'GAME_RESIGN', gameId: practiceId });
    await expect
      .poll(async () => (await get(`/api/games/${practiceId}/replay`, a.token)).statusCode)
      .toBe(200);
    expect((await get(`/api/games/${practiceId}/replay`, other.token)).statusCode).toBe(404);
    // Practice games are never live.
    expect((await live(other.token)).map((g) => g.id)).not.toContain(practiceId);
  });
});

import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { RESIGN_MOVE } from '@shared/game';
import { gameReplaySchema } from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, type TestApp } from '../../testing/harness';
import { connectPlayer, joinGame, playOn, type Player } from '../../testing/game-clients';
import { unreservedName } from '../../testing/usernames';
import type { GameEventMessage, GameView } from '@shared/protocol';
import { TestSocket } from '../../testing/ws-client';
import { handsWon } from '../rewards/achievements';
import { SqlGameStore } from '../storage/store';

const FAST = { BOT_DELAY_MS: '0', WS_MESSAGES_PER_SECOND: '5000', RECONNECT_GRACE_SECONDS: '0.2' };

/** A resignation in a game of three or four: docs/design.md, "Rules" (Resigning). */
describe.each(DIALECTS)('resigning a game of three on %s', (dialect) => {
  let t: TestApp;
  let sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await t.close();
  });

  let n = 0;
  let url = '';
  async function table(
    size = 3,
    env: Record<string, string> = {},
  ): Promise<{ players: Player[]; gameId: string }> {
    t = await createTestApp(dialect, { ...FAST, ...env });
    url = await t.listen();
    const players: Player[] = [];
    for (let i = 0; i < size; i++) {
      const p = await connectPlayer(
        t.app,
        url,
        unreservedName(() => `rs${++n}_${dialect.slice(0, 2)}_${randomInt(10000)}`),
      );
      sockets.push(p.socket);
      players.push(p);
    }
    const room = await t.app.rooms.create(
      'quick',
      players.map((p) => ({ userId: p.userId, username: p.username })),
    );
    for (const p of players) await joinGame(p, room.id);
    return { players, gameId: room.id };
  }

  const seatOf = (view: { players: { seat: number; userId: number | null }[] }, p: Player) =>
    view.players.find((q) => q.userId === p.userId)!.seat;

  it('the resigner leaves, freed, and the others play on; the game stores, reloads and replays', async () => {
    const { players, gameId } = await table();
    const [a, b, c] = players as [Player, Player, Player];
    const view = await joinGame(a, gameId);
    const seatA = seatOf(view, a);

    a.socket.send({ type: 'GAME_RESIGN', gameId });
    for (const p of players) {
      const update = await p.socket.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq === view.seq + 1);
      expect(update.events).toContainEqual({ kind: 'RESIGNED', seat: seatA });
      expect(update.game.status).toBe('active');
      expect(update.game.players[seatA]).toMatchObject({ resigned: true, cardsInHand: 0 });
      expect(update.game.turn).not.toBe(seatA);
    }
    expect(a.socket.frames.some((f) => f.type === 'GAME_OVER')).toBe(false);
    // Free to play another game; the other two still play this one.
    expect(await t.app.rooms.hasActiveGame(a.userId)).toBe(false);
    expect((await t.app.rooms.playingAmong(players.map((p) => p.userId))).sort()).toEqual(
      [b.userId, c.userId].sort(),
    );
    a.socket.send({ type: 'GAME_RESIGN', gameId });
    expect(await a.socket.next('ERROR')).toMatchObject({ code: 'GAME_OVER' });

    // The other two play on, never waiting for the seat that left.
    const later = await playOn([b, c], gameId, 12);
    expect(later.status).toBe('active');
    expect(later.players[seatA]!.resigned).toBe(true);
    const reloaded = await new SqlGameStore(t.app.db).load(gameId);
    expect(reloaded!.state).toEqual(t.app.rooms.activeGameOf(b.userId)!.state);
    expect(reloaded!.state.resigned).toEqual([seatA]);

    // A second resignation leaves one player: they win by resignation.
    b.socket.send({ type: 'GAME_RESIGN', gameId });
    for (const p of players) {
      expect(await p.socket.next('GAME_OVER', (m) => m.gameId === gameId)).toMatchObject({
        winnerUserId: c.userId,
        reason: 'resign',
      });
    }
    expect(await t.app.rooms.playingAmong(players.map((p) => p.userId))).toEqual([]);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/games/${gameId}/replay`,
      headers: bearer(c.token),
    });
    expect(res.statusCode).toBe(200);
    const replay = gameReplaySchema.parse(res.json()).replay;
    expect(replay.moves.filter((m) => m.card === RESIGN_MOVE)).toEqual([
      expect.objectContaining({ seat: seatA, seq: view.seq + 1 }),
    ]);
    expect(() => handsWon({ ...replay, moves: replay.moves })).not.toThrow();
  });

  it('a resigner who goes away forfeits nothing more; a player still in who does, does', async () => {
    const { players, gameId } = await table();
    const [a, b, c] = players as [Player, Player, Player];
    const view = await joinGame(a, gameId);
    a.socket.send({ type: 'GAME_RESIGN', gameId });
    await b.socket.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq === view.seq + 1);
    await a.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(t.app.rooms.activeGameOf(b.userId)?.status).toBe('active');
    expect(b.socket.frames.some((f) => f.type === 'GAME_OVER')).toBe(false);

    // B leaving for good is an abandonment: C, the only other seat still playing, wins.
    await b.socket.close();
    expect(await c.socket.next('GAME_OVER', (m) => m.gameId === gameId, 5000)).toMatchObject({
      winnerUserId: c.userId,
      reason: 'abandon',
    });
  });

  it('in a game of two, resigning still ends the game at once', async () => {
    const { players, gameId } = await table(2);
    const [a, b] = players as [Player, Player];
    a.socket.send({ type: 'GAME_RESIGN', gameId });
    expect(await b.socket.next('GAME_OVER', (m) => m.gameId === gameId)).toMatchObject({
      winnerUserId: b.userId,
      reason: 'resign',
    });
  });

  /**
   * `active` play their first legal card whenever it is their turn; the others' turns run out.
   * `watcher` (a spectator) follows every update until `stop` says so or the game ends; returns
   * its last view and every event it saw.
   */
  async function playWhileOthersIdle(
    active: Player[],
    watcher: Player,
    gameId: string,
    stop: (events: GameEventMessage[]) => boolean,
  ): Promise<{ view: GameView; events: GameEventMessage[] }> {
    let view = await joinGame(watcher, gameId);
    const events: GameEventMessage[] = [];
    while (view.status === 'active') {
      const actor = active.find((p) => view.players[view.turn!]!.userId === p.userId);
      if (actor) {
        const own = await joinGame(actor, gameId);
        if (own.seq === view.seq)
          actor.socket.send({ type: 'GAME_PLAY', gameId, card: own.legalCards[0], seq: own.seq });
      }
      const update = await watcher.socket.next(
        'GAME_UPDATE',
        (m) => m.gameId === gameId && m.seq === view.seq + 1,
        10_000,
      );
      view = update.game;
      events.push(...update.events);
      if (stop(update.events)) break;
    }
    return { view, events };
  }

  it('three turns run out in a row: the seat leaves as by resigning, and the others play on', async () => {
    const { players, gameId } = await table(3, { TURN_SECONDS: '1.2' });
    const [a, b, c] = players as [Player, Player, Player];
    const watcher = await connectPlayer(
      t.app,
      url,
      unreservedName(() => `rw${++n}_${randomInt(10000)}`),
    );
    sockets.push(watcher.socket);
    const seatA = seatOf(await joinGame(a, gameId), a);

    const left = await playWhileOthersIdle([b, c], watcher, gameId, (events) =>
      events.some((e) => e.kind === 'RESIGNED'),
    );
    expect(left.events.filter((e) => e.kind === 'AUTO_PLAYED' && e.seat === seatA)).toHaveLength(2);
    expect(left.events.filter((e) => e.kind === 'RESIGNED')).toEqual([
      { kind: 'RESIGNED', seat: seatA, reason: 'timeout' },
    ]);
    expect(left.view.status).toBe('active');
    expect(left.view.players[seatA]).toMatchObject({ resigned: true, cardsInHand: 0 });
    expect(left.view.turn).not.toBe(seatA);
    for (const p of players) expect(p.socket.frames.some((f) => f.type === 'GAME_OVER')).toBe(false);
    expect(await t.app.rooms.hasActiveGame(a.userId)).toBe(false);
    expect((await t.app.rooms.playingAmong(players.map((p) => p.userId))).sort()).toEqual(
      [b.userId, c.userId].sort(),
    );
    const reloaded = await new SqlGameStore(t.app.db).load(gameId);
    expect(reloaded!.state.resigned).toEqual([seatA]);
    expect(reloaded!.state).toEqual(t.app.rooms.activeGameOf(b.userId)!.state);

    // C's time runs out three times in a row too: one player would be left, so B wins on time.
    const seatC = seatOf(left.view, c);
    const end = await playWhileOthersIdle([b], watcher, gameId, () => false);
    expect(
      end.events.filter((e) => e.kind === 'AUTO_PLAYED' && e.seat === seatC).length,
    ).toBeGreaterThanOrEqual(2);
    expect(end.events.some((e) => e.kind === 'RESIGNED')).toBe(false);
    for (const p of players)
      expect(await p.socket.next('GAME_OVER', (m) => m.gameId === gameId, 10_000)).toMatchObject({
        winnerUserId: b.userId,
        reason: 'timeout',
      });

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/games/${gameId}/replay`,
      headers: bearer(b.token),
    });
    const replay = gameReplaySchema.parse(res.json());
    expect(replay).toMatchObject({ status: 'finished', winnerUserId: b.userId, reason: 'timeout' });
    expect(replay.replay.moves.filter((m) => m.card === RESIGN_MOVE)).toEqual([
      expect.objectContaining({ seat: seatA, auto: true }),
    ]);
    expect(() => handsWon(replay.replay)).not.toThrow();
  });

  it('a player gone past the reconnect grace leaves as by resigning; the others play on, also after a restart', async () => {
    // A grace long enough for the two still playing to come back after the restart.
    const { players, gameId } = await table(3, { RECONNECT_GRACE_SECONDS: '1.5' });
    const [a, b, c] = players as [Player, Player, Player];
    const view = await joinGame(b, gameId);
    const seatA = seatOf(view, a);
    await a.socket.close();
    const update = await b.socket.next(
      'GAME_UPDATE',
      (m) => m.events.some((e) => e.kind === 'RESIGNED'),
      5000,
    );
    expect(update.events).toContainEqual({ kind: 'RESIGNED', seat: seatA, reason: 'abandon' });
    expect(update.game.status).toBe('active');
    expect(update.game.players[seatA]).toMatchObject({ resigned: true, cardsInHand: 0 });
    expect(await t.app.rooms.hasActiveGame(a.userId)).toBe(false);

    const later = await playOn([b, c], gameId, 8);
    expect(later.status).toBe('active');
    const reloaded = await new SqlGameStore(t.app.db).load(gameId);
    expect(reloaded!.state.resigned).toEqual([seatA]);
    expect(reloaded!.state).toEqual(t.app.rooms.activeGameOf(c.userId)!.state);

    // After a restart the game resumes without the seat, and nobody waits for it.
    await Promise.all([b.socket.close(), c.socket.close()]);
    await t.restart();
    b.socket = await TestSocket.signedIn(url, b.token);
    c.socket = await TestSocket.signedIn(url, c.token);
    sockets.push(b.socket, c.socket);
    const resumed = await joinGame(c, gameId);
    expect(resumed).toMatchObject({ seq: later.seq, status: 'active' });
    expect(resumed.players[seatA]).toMatchObject({ resigned: true, cardsInHand: 0 });
    expect((await playOn([b, c], gameId, 4)).status).toBe('active');

    // A second player leaving for good leaves one: the game ends for abandonment.
    await b.socket.close();
    expect(await c.socket.next('GAME_OVER', (m) => m.gameId === gameId, 5000)).toMatchObject({
      winnerUserId: c.userId,
      reason: 'abandon',
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/games/${gameId}/replay`,
      headers: bearer(c.token),
    });
    const replay = gameReplaySchema.parse(res.json());
    expect(replay.replay.moves.filter((m) => m.card === RESIGN_MOVE)).toEqual([
      expect.objectContaining({ seat: seatA, auto: true }),
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { DIALECTS, bearer } from '../testing/harness';
import { joinGame, matchUp, type Player } from '../testing/game-clients';
import { liveAppPerTest } from '../testing/live-app';
import { TestSocket } from '../testing/ws-client';

describe.each(DIALECTS)('rematch on %s', (dialect) => {
  const rig = liveAppPerTest(dialect);
  const setup = rig.start;
  const player = (url: string): Promise<Player> => rig.player(url);
  /** Two players who finished a game of `queue` (a resigned it); returns its id. */
  async function finished(url: string, queue: 'quick' | 'ranked' = 'quick') {
    const a = await player(url);
    const b = await player(url);
    const gameId = await matchUp(a, b, queue);
    await joinGame(a, gameId);
    await joinGame(b, gameId);
    a.socket.send({ type: 'GAME_RESIGN', gameId });
    await a.socket.next('GAME_OVER');
    await b.socket.next('GAME_OVER');
    return { a, b, gameId };
  }
  /** The ids of the games a player plays in now. */
  async function activeGames(p: Player): Promise<string[]> {
    const res = await rig.t.app.inject({
      method: 'GET',
      url: '/api/games?scope=mine',
      headers: bearer(p.token),
    });
    const games = res.json() as { id: string; status: string }[];
    return games.filter((g) => g.status === 'active').map((g) => g.id);
  }

  it('accepted by both: one new game, same seats and mode, for both', async () => {
    const url = await setup();
    const { a, b, gameId } = await finished(url, 'ranked');
    const before = await joinGame(a, gameId);
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    const update = await b.socket.next('REMATCH_UPDATE');
    expect(update).toMatchObject({ gameId, accepted: [a.userId] });
    expect(update.deadline).toBe(rig.t.clock.now() + 30_000);
    await a.socket.next('REMATCH_UPDATE');
    b.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    const started = await a.socket.next('REMATCH_STARTED');
    expect(await b.socket.next('REMATCH_STARTED')).toEqual(started);
    expect(started.gameId).toBe(gameId);
    expect(started.newGameId).not.toBe(gameId);
    const view = await joinGame(b, started.newGameId);
    expect(view.mode).toBe('ranked');
    expect(view.status).toBe('active');
    expect(view.players.map((p) => [p.seat, p.userId])).toEqual(
      before.players.map((p) => [p.seat, p.userId]),
    );
    expect(await activeGames(a)).toEqual([started.newGameId]);
  });

  it('the same accept 50 times at once makes exactly one game', async () => {
    const url = await setup();
    const { a, b, gameId } = await finished(url);
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    await b.socket.next('REMATCH_UPDATE');
    for (let i = 0; i < 50; i++) b.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    const started = await a.socket.next('REMATCH_STARTED');
    expect(await b.socket.next('REMATCH_STARTED')).toEqual(started);
    // The repeats find the offer taken (refused as no longer open) or lose the race to take it.
    const refused = b.socket.frames.filter((f) => f.type === 'ERROR');
    expect(refused.every((f) => f.type === 'ERROR' && f.code === 'MATCH_NOT_FOUND')).toBe(true);
    expect(b.socket.frames.some((f) => f.type === 'REMATCH_CANCELLED')).toBe(false);
    expect(b.socket.frames.filter((f) => f.type === 'REMATCH_STARTED')).toHaveLength(1);
    expect(a.socket.frames.filter((f) => f.type === 'REMATCH_STARTED')).toHaveLength(1);
    expect(await activeGames(a)).toEqual([started.newGameId]);
    expect(await activeGames(b)).toEqual([started.newGameId]);
  });

  it('a decline ends it for both; nobody can ask again for that game', async () => {
    const url = await setup();
    const { a, b, gameId } = await finished(url);
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    await b.socket.next('REMATCH_UPDATE');
    b.socket.send({ type: 'DECLINE_REMATCH', gameId });
    const cancelled = await a.socket.next('REMATCH_CANCELLED');
    expect(cancelled).toEqual({ type: 'REMATCH_CANCELLED', gameId, reason: 'declined', by: b.userId });
    expect(await b.socket.next('REMATCH_CANCELLED')).toEqual(cancelled);
    b.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    expect(await b.socket.next('ERROR')).toMatchObject({ code: 'MATCH_NOT_FOUND', ref: 'ACCEPT_REMATCH' });
    expect(await activeGames(a)).toEqual([]);
  });

  it('leaving before anyone asks closes the game to rematches at once', async () => {
    const url = await setup();
    const { a, b, gameId } = await finished(url);
    b.socket.send({ type: 'DECLINE_REMATCH', gameId });
    b.socket.send({ type: 'PING' });
    await b.socket.next('PONG');
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    // b's PONG says its decline arrived, not that it has run: on a loaded machine a's ask can land
    // first, open an offer, and then hear the decline like any other (rematch.ts, `decline`).
    const answered = () =>
      a.socket.frames.some(
        (f) => f.type === 'REMATCH_CANCELLED' || (f.type === 'ERROR' && f.ref === 'ACCEPT_REMATCH'),
      );
    await expect.poll(answered).toBe(true);
    if (a.socket.frames.some((f) => f.type === 'REMATCH_CANCELLED'))
      expect(await a.socket.next('REMATCH_CANCELLED')).toMatchObject({ reason: 'declined', by: b.userId });
    else
      expect(await a.socket.next('ERROR')).toMatchObject({ code: 'MATCH_NOT_FOUND', ref: 'ACCEPT_REMATCH' });
    // Either way the game is closed to rematches now: asking again is refused at once.
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    expect(await a.socket.next('ERROR')).toMatchObject({ code: 'MATCH_NOT_FOUND', ref: 'ACCEPT_REMATCH' });
  });

  it('the window running out names who did not answer', async () => {
    const url = await setup({ REMATCH_SECONDS: '0.3' });
    const { a, b, gameId } = await finished(url);
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    await a.socket.next('REMATCH_UPDATE');
    const cancelled = await a.socket.next('REMATCH_CANCELLED');
    expect(cancelled).toEqual({ type: 'REMATCH_CANCELLED', gameId, reason: 'expired', by: b.userId });
    await b.socket.next('REMATCH_CANCELLED');
    b.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    expect((await b.socket.next('ERROR')).code).toBe('MATCH_NOT_FOUND');
  });

  it('a player going offline ends the offer; asking an offline player ends it at once', async () => {
    const url = await setup({ REMATCH_RETURN_SECONDS: '0.2' });
    const first = await finished(url);
    first.a.socket.send({ type: 'ACCEPT_REMATCH', gameId: first.gameId });
    await first.b.socket.next('REMATCH_UPDATE');
    await first.b.socket.close();
    expect(await first.a.socket.next('REMATCH_CANCELLED')).toEqual({
      type: 'REMATCH_CANCELLED',
      gameId: first.gameId,
      reason: 'left',
      by: first.b.userId,
    });

    const second = await finished(url);
    await second.b.socket.close();
    second.a.socket.send({ type: 'ACCEPT_REMATCH', gameId: second.gameId });
    expect(await second.a.socket.next('REMATCH_CANCELLED')).toMatchObject({
      reason: 'left',
      by: second.b.userId,
    });
  });

  it('a reload keeps the offer: joining the finished game again tells its end and who accepted', async () => {
    const url = await setup();
    const { a, b, gameId } = await finished(url);
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    const update = await b.socket.next('REMATCH_UPDATE');
    // b's page reloads: its only socket closes, and a new one joins the game within the return time.
    await b.socket.close();
    const back = await TestSocket.signedIn(url, b.token);
    rig.track(back);
    back.send({ type: 'GAME_JOIN', gameId });
    expect((await back.next('GAME_STATE')).game.status).toBe('finished');
    expect(await back.next('GAME_OVER')).toEqual({
      type: 'GAME_OVER',
      gameId,
      winnerUserId: b.userId,
      reason: 'resign',
      scores: [0, 0],
    });
    expect(await back.next('REMATCH_UPDATE')).toEqual(update);
    back.send({ type: 'ACCEPT_REMATCH', gameId });
    const started = await a.socket.next('REMATCH_STARTED');
    expect(await back.next('REMATCH_STARTED')).toEqual(started);
    expect(a.socket.frames.some((f) => f.type === 'REMATCH_CANCELLED')).toBe(false);

    // Once the offer is over, joining again tells the end alone.
    a.socket.send({ type: 'GAME_JOIN', gameId });
    await a.socket.next('GAME_OVER', (m) => m.gameId === gameId && !('ratingChange' in m));
    a.socket.send({ type: 'GAME_JOIN', gameId: started.newGameId });
    await a.socket.next('GAME_STATE', (m) => m.gameId === started.newGameId);
    expect(a.socket.frames.filter((f) => f.type === 'REMATCH_UPDATE')).toHaveLength(1);
  });

  it('refuses strangers, running games and a blocked pair', async () => {
    const url = await setup();
    const { a, b, gameId } = await finished(url);
    const stranger = await player(url);
    stranger.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    expect(await stranger.socket.next('ERROR')).toMatchObject({
      code: 'NOT_A_PLAYER',
      ref: 'ACCEPT_REMATCH',
    });
    stranger.socket.send({ type: 'DECLINE_REMATCH', gameId });
    expect(await stranger.socket.next('ERROR')).toMatchObject({
      code: 'NOT_A_PLAYER',
      ref: 'DECLINE_REMATCH',
    });
    stranger.socket.send({ type: 'ACCEPT_REMATCH', gameId: 'no-such-game' });
    expect((await stranger.socket.next('ERROR')).code).toBe('GAME_NOT_FOUND');

    const c = await player(url);
    const d = await player(url);
    const running = await matchUp(c, d, 'quick');
    c.socket.send({ type: 'ACCEPT_REMATCH', gameId: running });
    expect(await c.socket.next('ERROR')).toMatchObject({ code: 'FORBIDDEN', ref: 'ACCEPT_REMATCH' });

    const res = await rig.t.app.inject({
      method: 'POST',
      url: '/api/friends/block',
      payload: { userId: a.userId },
      headers: bearer(b.token),
    });
    expect(res.statusCode).toBe(200);
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId });
    expect(await a.socket.next('ERROR')).toMatchObject({ code: 'FORBIDDEN', ref: 'ACCEPT_REMATCH' });
    expect(b.socket.frames.some((f) => f.type === 'REMATCH_UPDATE')).toBe(false);
  });

  it('practice: accepting starts the same practice at once, same bots in the same seats', async () => {
    const url = await setup();
    const a = await player(url);
    const res = await rig.t.app.inject({
      method: 'POST',
      url: '/api/games/practice',
      payload: { difficulty: 'hard', opponents: 2 },
      headers: bearer(a.token),
    });
    const { id } = res.json() as { id: string };
    const before = await joinGame(a, id);
    a.socket.send({ type: 'GAME_RESIGN', gameId: id });
    await a.socket.next('GAME_OVER');
    a.socket.send({ type: 'ACCEPT_REMATCH', gameId: id });
    const started = await a.socket.next('REMATCH_STARTED');
    const view = await joinGame(a, started.newGameId);
    expect(view.mode).toBe('practice');
    expect(view.status).toBe('active');
    expect(view.players.map((p) => [p.seat, p.userId, p.username])).toEqual(
      before.players.map((p) => [p.seat, p.userId, p.username]),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { applyPlay, newGame, type Card } from '@shared/game';
import { DIALECTS, bearer, register } from '../testing/harness';
import { expectNoLeaks, joinGame, matchUp, playOn, type Player } from '../testing/game-clients';
import { liveAppPerTest } from '../testing/live-app';
import { TestSocket } from '../testing/ws-client';

describe.each(DIALECTS)('realtime on %s', (dialect) => {
  // Scripted players play far faster than people (FAST_PLAY); the flood test restores the real rate limit.
  const rig = liveAppPerTest(dialect);
  const setup = rig.start;
  const player = (url: string, name?: string): Promise<Player> => rig.player(url, name);
  /** Two players matched and joined, told apart by whose turn it is, with the mover's view. */
  async function startedGame(url: string) {
    const a = await player(url);
    const b = await player(url);
    const gameId = await matchUp(a, b, 'quick');
    const viewA = await joinGame(a, gameId);
    const viewB = await joinGame(b, gameId);
    const [mover, waiter, moverView, waiterView] =
      viewA.turn === viewA.you!.seat ? [a, b, viewA, viewB] : [b, a, viewB, viewA];
    return { gameId, mover, waiter, moverView, waiterView };
  }

  describe('gateway', () => {
    it('protocol 2 gets implied updates, 3 compact ones, a socket naming none the first revision; all hold the same view', async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      // Three more tabs: a's on revision 1, b's on revisions 2 and 3.
      const a1 = await TestSocket.signedIn(url, a.token);
      const b2 = await TestSocket.signedIn(url, b.token, 2);
      const b3 = await TestSocket.signedIn(url, b.token, 3);
      rig.track(a1, b2, b3);
      const gameId = await matchUp(a, b, 'quick');
      for (const s of [a1, b2, b3]) {
        s.send({ type: 'GAME_JOIN', gameId });
        await s.next('GAME_STATE', (m) => m.gameId === gameId);
      }
      const end = await playOn([a, b], gameId, 12);
      const last = (s: TestSocket) => s.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq === end.seq);
      const [viewA1, viewB2, viewB3] = await Promise.all([last(a1), last(b2), last(b3)]);
      expect(viewA1.game).toEqual(await joinGame(a, gameId));
      expect(viewB2.game).toEqual(await joinGame(b, gameId));
      expect(viewB3.game).toEqual(viewB2.game);
      const updates = (s: TestSocket) => s.raw.filter((text) => text.includes('"type":"GAME_UPDATE"'));
      expect(updates(a1).length).toBeGreaterThanOrEqual(12);
      expect(updates(a1).some((text) => text.includes('"implied"'))).toBe(false);
      expect(updates(b2).length).toBeGreaterThanOrEqual(12);
      expect(updates(b2).every((text) => text.endsWith(',"implied":true}'))).toBe(true);
      expect(updates(b3).length).toBe(updates(b2).length);
      expect(updates(b3).every((text) => text.endsWith(',"implied":3}'))).toBe(true);
      // The trick's winner and the turn's seat were put back from the rules, not sent.
      expect(updates(b2).some((text) => text.includes('"TRICK_WON"'))).toBe(true);
      expect(updates(b3).some((text) => text.includes('"TRICK_WON"'))).toBe(false);
      const bytes = (texts: string[]) => texts.reduce((sum, text) => sum + text.length, 0);
      expect(bytes(updates(b3))).toBeLessThan(bytes(updates(b2)));
    });

    it('requires MESSAGING_AUTH first, answers PING, and refuses bad or foreign tokens', async () => {
      const url = await setup();
      const s = await TestSocket.open(url);
      rig.track(s);
      s.send({ type: 'JOIN_QUICK_QUEUE' });
      expect(await s.next('ERROR')).toMatchObject({ code: 'AUTH_REQUIRED', ref: 'JOIN_QUICK_QUEUE' });
      s.send({ type: 'PING' });
      await s.next('PONG');
      s.send({ type: 'MESSAGING_AUTH', token: 'not-a-session' });
      expect(await s.next('ERROR')).toMatchObject({ code: 'AUTH_REQUIRED', message: 'Invalid token' });
      const { token, user } = await register(rig.t.app, { username: 'gate_keeper' });
      s.send({ type: 'MESSAGING_AUTH', token });
      expect(await s.next('MESSAGING_AUTH_SUCCESS')).toEqual({
        type: 'MESSAGING_AUTH_SUCCESS',
        userId: user.id,
      });
      const other = await register(rig.t.app, { username: 'someone_else' });
      s.send({ type: 'CHECK_QUEUE_STATUS', token: other.token });
      expect(await s.next('ERROR')).toMatchObject({ code: 'AUTH_REQUIRED', ref: 'CHECK_QUEUE_STATUS' });
      s.send({ type: 'MESSAGING_AUTH', token: other.token });
      expect(await s.next('ERROR')).toMatchObject({ code: 'FORBIDDEN' });
      s.send({ type: 'CHECK_QUEUE_STATUS', token });
      expect(await s.next('QUEUE_STATUS_RESPONSE')).toEqual({
        type: 'QUEUE_STATUS_RESPONSE',
        inQueue: false,
      });
    });

    it('announces MIN_CLIENT_VERSION and the update addresses on MESSAGING_AUTH_SUCCESS', async () => {
      const url = await setup({
        MIN_CLIENT_VERSION: '1.5.0',
        UPDATE_URL_DESKTOP: 'https://spar.test/download',
      });
      const { token, user } = await register(rig.t.app, { username: 'old_app' });
      const s = await TestSocket.open(url);
      rig.track(s);
      s.send({ type: 'MESSAGING_AUTH', token, protocol: 2 });
      expect(await s.next('MESSAGING_AUTH_SUCCESS')).toEqual({
        type: 'MESSAGING_AUTH_SUCCESS',
        userId: user.id,
        minClientVersion: '1.5.0',
        updateUrls: {
          desktop: 'https://spar.test/download',
          android: 'https://play.google.com/store/apps/details?id=game.spar.app',
          ios: 'http://spar.test', // the test apps' PUBLIC_URL
        },
      });
    });

    it('refuses a MESSAGING_AUTH whose protocol is not a revision number, and signs in with a real one after', async () => {
      const url = await setup();
      const { token, user } = await register(rig.t.app, { username: 'proto_picky' });
      const s = await TestSocket.open(url);
      rig.track(s);
      for (const protocol of ['2', 2.5, 0, -1, 1001, 1e300, null, true, [2], { revision: 2 }]) {
        s.send({ type: 'MESSAGING_AUTH', token, protocol });
        const refused = await s.next('ERROR');
        expect(refused.code, JSON.stringify(protocol)).toBe('INVALID_MESSAGE');
        expect(JSON.stringify(refused)).not.toContain(token);
      }
      // None of them signed the socket in.
      s.send({ type: 'CHECK_QUEUE_STATUS' });
      expect(await s.next('ERROR')).toMatchObject({ code: 'AUTH_REQUIRED' });
      s.send({ type: 'MESSAGING_AUTH', token, protocol: 2 });
      expect(await s.next('MESSAGING_AUTH_SUCCESS')).toEqual({
        type: 'MESSAGING_AUTH_SUCCESS',
        userId: user.id,
      });
    });

    it('answers junk frames with INVALID_MESSAGE and keeps serving', async () => {
      const url = await setup();
      const p = await player(url);
      const junk = [
        'not json',
        '[]',
        '{"type":"NOPE"}',
        '{"type":"GAME_PLAY","gameId":"g","card":"A_spades","seq":0}',
        '{"type":"GAME_PLAY","gameId":"g","card":"7_hearts","seq":"1"}',
        '{"type":"GET_ONLINE_STATUS","userIds":"all"}',
        JSON.stringify({ type: 'PING', pad: 'x'.repeat(20_000) }),
      ];
      for (const frame of junk) {
        p.socket.send(frame);
        expect((await p.socket.next('ERROR')).code, frame.slice(0, 40)).toBe('INVALID_MESSAGE');
      }
      p.socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
      expect((await p.socket.next('ERROR')).code).toBe('INVALID_MESSAGE');
      p.socket.send({ type: 'PING' });
      await p.socket.next('PONG');
      const res = await rig.t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
    });

    it('rate-limits a flooding connection without harming others', async () => {
      const url = await setup({ WS_MESSAGES_PER_SECOND: '20' });
      const flood = await player(url);
      const calm = await player(url);
      // Far past the burst of 40: even a machine busy with other suites cannot refill that fast.
      for (let i = 0; i < 400; i++) flood.socket.send({ type: 'PING' });
      expect((await flood.socket.next('ERROR')).code).toBe('RATE_LIMITED');
      const pongs = () => flood.socket.frames.filter((f) => f.type === 'PONG').length;
      await new Promise((r) => setTimeout(r, 100));
      expect(pongs()).toBeLessThan(400);
      // Past 200 refused frames the connection counts as abuse and is closed.
      await expect.poll(() => flood.socket.closed).toBe(true);
      calm.socket.send({ type: 'PING' });
      await calm.socket.next('PONG');
    });

    it('measures round trips, and drops a connection that stops answering pings', async () => {
      const url = await setup({ HEARTBEAT_SECONDS: '0.1' });
      const a = await player(url);
      const b = await player(url);
      const quality = await a.socket.next('CONNECTION_QUALITY');
      expect(['good', 'fair', 'poor']).toContain(quality.quality);
      expect(quality.latency).toBeGreaterThanOrEqual(0);
      const gameId = await matchUp(a, b, 'quick');
      await joinGame(b, gameId);
      // A frozen client reads nothing, so it answers no ping: the server must give up on it.
      (a.socket.socket as unknown as { _socket: { pause(): void } })._socket.pause();
      const seen = await b.socket.next('GAME_UPDATE', (m) =>
        m.game.players.some((p) => p.userId === a.userId && !p.connected),
      );
      expect(seen.gameId).toBe(gameId);
    });

    it('answers online status only for friends, never for strangers or oneself', async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      a.socket.send({ type: 'GET_ONLINE_STATUS', userIds: [b.userId, a.userId], token: a.token });
      expect((await a.socket.next('ONLINE_STATUS')).onlineUsers).toEqual([]);
    });

    it('delivers to every connection of a user', async () => {
      const url = await setup();
      const a = await player(url);
      const second = await TestSocket.signedIn(url, a.token);
      rig.track(second);
      const b = await player(url);
      a.socket.send({ type: 'JOIN_QUICK_QUEUE' });
      b.socket.send({ type: 'JOIN_QUICK_QUEUE' });
      const one = await a.socket.next('MATCH_FOUND');
      const two = await second.next('MATCH_FOUND');
      expect(two.token).toBe(one.token);
    });
  });

  describe('queues and matches', () => {
    it('plays a ranked game from queue to GAME_OVER with rating changes, leaking no cards', async () => {
      const url = await setup();
      const a = await player(url, 'ranked_ama');
      const b = await player(url, 'ranked_kofi');
      const watcher = await player(url, 'watcher');
      const gameId = await matchUp(a, b, 'ranked');

      const spectated = await joinGame(watcher, gameId);
      expect(spectated.you).toBeNull();
      expect(spectated.hand).toEqual([]);
      expect(spectated.legalCards).toEqual([]);

      const final = await playOn([a, b], gameId);
      expect(final.status).toBe('finished');
      const overA = await a.socket.next('GAME_OVER');
      const overB = await b.socket.next('GAME_OVER');
      const overWatcher = await watcher.socket.next('GAME_OVER');
      // The same result for everyone; only each player's own rewards differ.
      expect({ ...overA, rewards: undefined }).toEqual({ ...overB, rewards: undefined });
      expect({ ...overA, rewards: undefined }).toEqual({ ...overWatcher, rewards: undefined });
      expect(overWatcher.rewards).toBeUndefined();
      expect(overA.reason).toBe('score');
      expect([a.userId, b.userId]).toContain(overA.winnerUserId);
      expect(Math.max(...overA.scores)).toBeGreaterThanOrEqual(10);
      const changes = overA.ratingChange!;
      expect(changes).toHaveLength(2);
      const winner = changes.find((c) => c.userId === overA.winnerUserId)!;
      const loser = changes.find((c) => c.userId !== overA.winnerUserId)!;
      expect(winner.delta).toBeGreaterThan(0);
      expect(loser.delta).toBeLessThan(0);
      expect(winner.before).toBe(1500);
      // Told in whole numbers, the change being the difference of the two as shown.
      for (const c of changes) {
        expect(Number.isInteger(c.after) && Number.isInteger(c.delta)).toBe(true);
        expect(c.before + c.delta).toBe(c.after);
      }

      // Every frame of the whole game, to each player and to the spectator, against the others' hands.
      expect(expectNoLeaks(a.socket, [b.socket], gameId)).toBeGreaterThan(20);
      expect(expectNoLeaks(b.socket, [a.socket], gameId)).toBeGreaterThan(20);
      expect(expectNoLeaks(watcher.socket, [a.socket, b.socket], gameId)).toBeGreaterThan(20);

      const board = (await rig.t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json();
      expect(board[0]).toMatchObject({ rank: 1, userId: overA.winnerUserId, games: 1, wins: 1 });

      // The finished game can be replayed exactly from its seed and moves.
      const summary = (
        await rig.t.app.inject({ method: 'GET', url: `/api/games/${gameId}`, headers: bearer(a.token) })
      ).json();
      let state = newGame({
        players: summary.replay.players,
        seed: summary.replay.seed,
        targetScore: summary.replay.targetScore,
      });
      for (const move of summary.replay.moves as { seat: number; card: Card }[])
        state = applyPlay(state, move.seat, move.card).state;
      expect(state.scores).toEqual(overA.scores);

      const mine = (
        await rig.t.app.inject({ method: 'GET', url: '/api/games?scope=mine', headers: bearer(a.token) })
      ).json();
      expect(mine[0]).toMatchObject({
        id: gameId,
        mode: 'ranked',
        status: 'finished',
        result: overA.winnerUserId === a.userId ? 'win' : 'loss',
      });
      expect(mine[0].ratingChange).toBe(changes.find((c) => c.userId === a.userId)!.delta);
      for (const p of summary.players) {
        expect(Number.isInteger(p.ratingBefore)).toBe(true);
        expect(Number.isInteger(p.ratingAfter)).toBe(true);
      }
    });

    it('rejecting tells both players who rejected and requeues nobody', async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      a.socket.send({ type: 'JOIN_QUICK_QUEUE', token: a.token });
      b.socket.send({ type: 'JOIN_QUICK_QUEUE', token: b.token });
      const found = await a.socket.next('MATCH_FOUND');
      await b.socket.next('MATCH_FOUND');
      b.socket.send({ type: 'REJECT_MATCH', token: found.token, userId: b.userId });
      expect(await a.socket.next('MATCH_REJECTED')).toEqual({
        type: 'MATCH_REJECTED',
        token: found.token,
        rejectedBy: b.userId,
      });
      await b.socket.next('MATCH_REJECTED');
      a.socket.send({ type: 'CHECK_QUEUE_STATUS' });
      expect((await a.socket.next('QUEUE_STATUS_RESPONSE')).inQueue).toBe(false);
      a.socket.send({ type: 'ACCEPT_MATCH', token: found.token, userId: a.userId });
      expect((await a.socket.next('ERROR')).code).toBe('MATCH_NOT_FOUND');
    });

    it('refuses answers on behalf of another user', async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      a.socket.send({ type: 'JOIN_QUICK_QUEUE' });
      b.socket.send({ type: 'JOIN_QUICK_QUEUE' });
      const found = await a.socket.next('MATCH_FOUND');
      a.socket.send({ type: 'ACCEPT_MATCH', token: found.token, userId: b.userId });
      expect(await a.socket.next('ERROR')).toMatchObject({ code: 'FORBIDDEN', ref: 'ACCEPT_MATCH' });
      a.socket.send({ type: 'REJECT_MATCH', token: found.token, userId: b.userId });
      expect(await a.socket.next('ERROR')).toMatchObject({ code: 'FORBIDDEN' });
      const stranger = await player(url);
      stranger.socket.send({ type: 'ACCEPT_MATCH', token: found.token, userId: stranger.userId });
      expect((await stranger.socket.next('ERROR')).code).toBe('MATCH_NOT_FOUND');
    });

    it('expiry names the player who did not answer; three expiries cost a cooldown', async () => {
      const url = await setup({ MATCH_ACCEPT_SECONDS: '0.5' });
      const idle = await player(url);
      const keen = await player(url);
      for (let round = 0; round < 3; round++) {
        idle.socket.send({ type: 'JOIN_QUICK_QUEUE' });
        await idle.socket.next('QUEUE_JOIN_SUCCESS');
        keen.socket.send({ type: 'JOIN_QUICK_QUEUE' });
        const found = await keen.socket.next('MATCH_FOUND');
        keen.socket.send({ type: 'ACCEPT_MATCH', token: found.token, userId: keen.userId });
        expect(await keen.socket.next('MATCH_REJECTED')).toEqual({
          type: 'MATCH_REJECTED',
          token: found.token,
          rejectedBy: idle.userId,
        });
        await idle.socket.next('MATCH_REJECTED');
      }
      idle.socket.send({ type: 'JOIN_QUICK_QUEUE' });
      const refused = await idle.socket.next('ERROR');
      expect(refused.code).toBe('QUEUE_COOLDOWN');
      expect(refused.message).toMatch(/queue again in \d+ seconds/);
      keen.socket.send({ type: 'JOIN_QUICK_QUEUE' });
      await keen.socket.next('QUEUE_JOIN_SUCCESS');
    });

    it('ranked pairs close ratings first and never pairs a player with themself', async () => {
      const url = await setup();
      const a = await player(url);
      const second = await TestSocket.signedIn(url, a.token);
      rig.track(second);
      a.socket.send({ type: 'JOIN_RANKED_QUEUE' });
      await a.socket.next('QUEUE_JOIN_SUCCESS');
      second.send({ type: 'JOIN_RANKED_QUEUE' });
      await second.next('QUEUE_JOIN_SUCCESS');
      await new Promise((r) => setTimeout(r, 300));
      expect(a.socket.frames.some((f) => f.type === 'MATCH_FOUND')).toBe(false);
      a.socket.send({ type: 'LEAVE_QUEUE' });
      await a.socket.next('QUEUE_LEAVE_SUCCESS');
      a.socket.send({ type: 'CHECK_QUEUE_STATUS' });
      expect((await a.socket.next('QUEUE_STATUS_RESPONSE')).inQueue).toBe(false);
    });

    it('a player in a game cannot queue, and leaving every connection leaves the queue', async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      await matchUp(a, b, 'quick');
      a.socket.send({ type: 'JOIN_RANKED_QUEUE' });
      expect(await a.socket.next('ERROR')).toMatchObject({ code: 'ALREADY_IN_GAME' });

      const c = await player(url);
      c.socket.send({ type: 'JOIN_QUICK_QUEUE' });
      await c.socket.next('QUEUE_JOIN_SUCCESS');
      await c.socket.close();
      const d = await player(url);
      d.socket.send({ type: 'JOIN_QUICK_QUEUE' });
      await d.socket.next('QUEUE_JOIN_SUCCESS');
      await new Promise((r) => setTimeout(r, 200));
      expect(d.socket.frames.some((f) => f.type === 'MATCH_FOUND')).toBe(false);
    });
  });

  describe('game rooms', () => {
    it('refuses plays from non-players, out of turn, stale seq, and illegal cards', async () => {
      const url = await setup();
      const { gameId, mover, waiter, moverView, waiterView } = await startedGame(url);
      const stranger = await player(url);

      stranger.socket.send({ type: 'GAME_PLAY', gameId, card: moverView.hand[0], seq: moverView.seq });
      expect((await stranger.socket.next('ERROR')).code).toBe('NOT_A_PLAYER');
      waiter.socket.send({ type: 'GAME_PLAY', gameId, card: waiterView.hand[0], seq: waiterView.seq });
      expect((await waiter.socket.next('ERROR')).code).toBe('NOT_YOUR_TURN');
      mover.socket.send({ type: 'GAME_PLAY', gameId, card: waiterView.hand[0], seq: moverView.seq });
      expect((await mover.socket.next('ERROR')).code).toBe('CARD_NOT_IN_HAND');
      mover.socket.send({ type: 'GAME_PLAY', gameId, card: moverView.hand[0], seq: moverView.seq + 5 });
      expect((await mover.socket.next('ERROR')).code).toBe('STALE_STATE');
      expect((await mover.socket.next('GAME_STATE')).game.seq).toBe(moverView.seq);
      mover.socket.send({ type: 'GAME_JOIN', gameId: 'no-such-game' });
      expect((await mover.socket.next('ERROR')).code).toBe('GAME_NOT_FOUND');
    });

    it('the same play sent 50 times at once is stored and announced once; the other 49 are stale', async () => {
      const { gameId, mover, waiter, moverView } = await startedGame(await setup());
      const play = JSON.stringify({
        type: 'GAME_PLAY',
        gameId,
        card: moverView.legalCards[0],
        seq: moverView.seq,
      });
      for (let i = 0; i < 50; i++) mover.socket.send(play);

      const seq = moverView.seq + 1;
      await mover.socket.next('GAME_UPDATE', (u) => u.seq === seq);
      for (let i = 0; i < 49; i++) expect((await mover.socket.next('ERROR')).code).toBe('STALE_STATE');
      await waiter.socket.next('GAME_UPDATE', (u) => u.seq === seq);
      const updatesOf = (p: Player) =>
        p.socket.frames.filter((f) => f.type === 'GAME_UPDATE' && f.seq >= seq).length;
      expect([updatesOf(mover), updatesOf(waiter)]).toEqual([1, 1]);
      const moves = await rig.t.app.db.kysely
        .selectFrom('moves')
        .select('seq')
        .where('game_id', '=', gameId)
        .execute();
      expect(moves.map((m) => Number(m.seq))).toEqual([seq]);
    });

    it('a reconnecting player finds the game where it was; the opponent sees them come and go', async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      const gameId = await matchUp(a, b, 'quick');
      const before = await playOn([a, b], gameId, 3);
      await a.socket.close();
      const seen = await b.socket.next('GAME_UPDATE', (m) =>
        m.game.players.some((p) => p.userId === a.userId && !p.connected),
      );
      expect(seen.seq).toBe(before.seq);
      a.socket = await TestSocket.signedIn(url, a.token);
      rig.track(a.socket);
      await b.socket.next('GAME_UPDATE', (m) => m.game.players.every((p) => p.connected));
      const again = await joinGame(a, gameId);
      expect(again.seq).toBe(before.seq);
      expect(again.hand.length).toBeGreaterThan(0);
      expect((await playOn([a, b], gameId)).status).toBe('finished');
    });

    it('resumes every active game at the same seq after a server restart', async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      const gameId = await matchUp(a, b, 'ranked');
      await playOn([a, b], gameId, 7);
      const handA = (await joinGame(a, gameId)).hand;
      const seq = (await joinGame(b, gameId)).seq;
      await Promise.all([a.socket.close(), b.socket.close()]);

      await rig.t.restart();
      a.socket = await TestSocket.signedIn(url, a.token);
      b.socket = await TestSocket.signedIn(url, b.token);
      rig.track(a.socket, b.socket);
      const resumed = await joinGame(a, gameId);
      expect(resumed.seq).toBe(seq);
      expect(resumed.hand).toEqual(handA);
      expect(resumed.status).toBe('active');
      const final = await playOn([a, b], gameId);
      expect(final.status).toBe('finished');
      expect((await a.socket.next('GAME_OVER')).reason).toBe('score');
    });

    it('the turn timer plays the lowest legal card, and three expiries in a row forfeit', async () => {
      const url = await setup({ TURN_SECONDS: '0.15' });
      const a = await player(url);
      const b = await player(url);
      const gameId = await matchUp(a, b, 'quick');
      await joinGame(a, gameId);
      await joinGame(b, gameId);
      const over = await a.socket.next('GAME_OVER', () => true, 8000);
      expect(over.reason).toBe('timeout');
      const autoPlays = a.socket.frames
        .flatMap((f) => (f.type === 'GAME_UPDATE' ? f.events : []))
        .filter((e) => e.kind === 'AUTO_PLAYED');
      expect(autoPlays.length).toBeGreaterThanOrEqual(2);
      const turns = a.socket.frames
        .flatMap((f) => (f.type === 'GAME_UPDATE' ? f.events : []))
        .filter((e) => e.kind === 'TURN');
      expect(turns.length).toBeGreaterThan(0);
    });

    it('a player gone past the reconnect grace forfeits; resigning ends the game at once', async () => {
      const url = await setup({ RECONNECT_GRACE_SECONDS: '0.2' });
      const a = await player(url);
      const b = await player(url);
      const gameId = await matchUp(a, b, 'quick');
      await joinGame(b, gameId);
      await a.socket.close();
      const over = await b.socket.next('GAME_OVER');
      expect(over).toMatchObject({ reason: 'abandon', winnerUserId: b.userId });

      const c = await player(url);
      const d = await player(url);
      const second = await matchUp(c, d, 'quick');
      await joinGame(d, second);
      c.socket.send({ type: 'GAME_RESIGN', gameId: second });
      expect(await d.socket.next('GAME_OVER')).toMatchObject({ reason: 'resign', winnerUserId: d.userId });
      c.socket.send({ type: 'GAME_RESIGN', gameId: second });
      expect((await c.socket.next('ERROR')).code).toBe('GAME_OVER');
    });
  });

  describe('practice and the games API', () => {
    it('plays a whole practice game against the server bot', async () => {
      const url = await setup();
      const a = await player(url);
      const res = await rig.t.app.inject({
        method: 'POST',
        url: '/api/games/practice',
        payload: { difficulty: 'hard' },
        headers: bearer(a.token),
      });
      expect(res.statusCode).toBe(201);
      const { id } = res.json();
      let view = await joinGame(a, id);
      expect(view.mode).toBe('practice');
      expect(view.players.some((p) => p.isBot)).toBe(true);
      while (view.status === 'active') {
        if (view.turn === view.you!.seat && view.legalCards.length > 0) {
          a.socket.send({ type: 'GAME_PLAY', gameId: id, card: view.legalCards[0], seq: view.seq });
        }
        view = (await a.socket.next('GAME_UPDATE', (m) => m.gameId === id)).game;
      }
      const over = await a.socket.next('GAME_OVER');
      expect(over.ratingChange).toBeUndefined();
      const bad = await rig.t.app.inject({
        method: 'POST',
        url: '/api/games/practice',
        payload: { difficulty: 'impossible' },
        headers: bearer(a.token),
      });
      expect(bad.statusCode).toBe(400);
      expect(
        (
          await rig.t.app.inject({
            method: 'POST',
            url: '/api/games/practice',
            payload: { difficulty: 'easy' },
          })
        ).statusCode,
      ).toBe(401);
    });

    it('lists my games and live games, and keeps a running game’s seed and moves secret', async () => {
      const url = await setup();
      const a = await player(url);
      const b = await player(url);
      const gameId = await matchUp(a, b, 'quick');
      const live = (
        await rig.t.app.inject({ method: 'GET', url: '/api/games?scope=live', headers: bearer(a.token) })
      ).json();
      expect(live.map((g: { id: string }) => g.id)).toContain(gameId);
      const mine = (
        await rig.t.app.inject({ method: 'GET', url: '/api/games', headers: bearer(b.token) })
      ).json();
      expect(mine[0]).toMatchObject({
        id: gameId,
        status: 'active',
        result: null,
        opponent: { username: a.username },
      });
      const summary = (
        await rig.t.app.inject({ method: 'GET', url: `/api/games/${gameId}`, headers: bearer(a.token) })
      ).json();
      expect(summary.status).toBe('active');
      expect(summary.replay).toBeUndefined();
      expect(JSON.stringify(summary)).not.toMatch(/seed|"hand"/);
      expect(
        (await rig.t.app.inject({ method: 'GET', url: '/api/games/nope', headers: bearer(a.token) }))
          .statusCode,
      ).toBe(404);
      expect(
        (
          await rig.t.app.inject({
            method: 'GET',
            url: '/api/games?scope=everyone',
            headers: bearer(a.token),
          })
        ).statusCode,
      ).toBe(400);
    });
  });
});

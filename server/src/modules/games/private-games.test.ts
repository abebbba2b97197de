import { afterEach, describe, expect, it } from 'vitest';
import { PRIVATE_INVITE_SECONDS } from '@shared/constants';
import { connectPlayer, joinGame, playOn, type Player } from '../../testing/game-clients';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { TestSocket } from '../../testing/ws-client';
import { pairKey } from '../social/relations';

const FAST = { BOT_DELAY_MS: '0', WS_MESSAGES_PER_SECOND: '5000' };
const INVITE_MS = PRIVATE_INVITE_SECONDS * 1000;

describe.each(DIALECTS)('private games on %s', (dialect) => {
  let t: TestApp;
  let sockets: TestSocket[] = [];

  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await t.close();
  });

  async function player(url: string): Promise<Player> {
    const p = await connectPlayer(t.app, url);
    sockets.push(p.socket);
    return p;
  }

  async function socketOf(url: string, token: string): Promise<TestSocket> {
    const s = await TestSocket.signedIn(url, token);
    sockets.push(s);
    return s;
  }

  /** A friendships row as the friends module writes it; returns its id. */
  async function befriend(
    userId: number,
    friendId: number,
    status: 'pending' | 'accepted' | 'blocked' = 'accepted',
    blockedBy: number | null = null,
  ): Promise<number> {
    const row = await t.app.db.kysely
      .insertInto('friendships')
      .values({
        pair_key: pairKey(userId, friendId),
        user_id: userId,
        friend_id: friendId,
        status,
        blocked_by: blockedBy,
        created_at: t.clock.now(),
        updated_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  function challenge(token: string, friendshipId: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/game-rooms/private',
      payload: { friendshipId },
      headers: bearer(token),
    });
  }

  function gameRow(id: string) {
    return t.app.db.kysely.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  async function activeGameIds(...userIds: number[]) {
    const rows = await t.app.db.kysely
      .selectFrom('active_players')
      .select(['user_id', 'game_id'])
      .where('user_id', 'in', userIds)
      .orderBy('user_id')
      .execute();
    return rows.map((r) => r.game_id);
  }

  const practice = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/games/practice',
      payload: { difficulty: 'easy' },
      headers: bearer(token),
    });

  describe('POST /api/game-rooms/private', () => {
    it('refuses strangers, pending and blocked pairs, other people’s friendships and bad input', async () => {
      t = await createTestApp(dialect, FAST);
      const [ama, kofi, esi, yaw, abena] = await Promise.all(
        ['pg_ama', 'pg_kofi', 'pg_esi', 'pg_yaw', 'pg_abena'].map((username) =>
          register(t.app, { username }),
        ),
      );
      const theirs = await befriend(esi!.user.id, yaw!.user.id);
      const pending = await befriend(ama!.user.id, esi!.user.id, 'pending');
      const blockedByAma = await befriend(ama!.user.id, yaw!.user.id, 'blocked', ama!.user.id);
      const blockedByAbena = await befriend(ama!.user.id, abena!.user.id, 'blocked', abena!.user.id);

      expect(
        (await t.app.inject({ method: 'POST', url: '/api/game-rooms/private', payload: { friendshipId: 1 } }))
          .statusCode,
      ).toBe(401);
      // Not theirs, or no such row: the same 404, so ids of other pairs tell nothing.
      for (const id of [theirs, 999_999]) {
        const res = await challenge(ama!.token, id);
        expect(res.statusCode, String(id)).toBe(404);
        expect(res.json()).toEqual({ message: 'Friendship not found', code: 'friendship_not_found' });
      }
      // Either side of a pending request is refused, the asked one too.
      for (const who of [ama!, esi!]) {
        const res = await challenge(who.token, pending);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'friendship_pending' });
      }
      for (const [who, id] of [
        [ama!, blockedByAma],
        [yaw!, blockedByAma],
        [ama!, blockedByAbena],
        [abena!, blockedByAbena],
      ] as const) {
        const res = await challenge(who.token, id);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: 'You cannot challenge this player', code: 'blocked' });
      }
      for (const bad of ['1', 0, -3, 2.5, null]) {
        const res = await challenge(ama!.token, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().message).toMatch(/friendshipId/);
      }
      // A friendship with yourself cannot exist, so no private game can be one.
      await expect(befriend(kofi!.user.id, kofi!.user.id)).rejects.toThrow();
      const games = await t.app.db.kysely.selectFrom('games').select('id').execute();
      expect(games).toEqual([]);
    });

    it('creates a waiting private game for both friends; neither may then start another game', async () => {
      t = await createTestApp(dialect, FAST);
      const ama = await register(t.app, { username: 'pg_ama' });
      const kofi = await register(t.app, { username: 'pg_kofi' });
      const esi = await register(t.app, { username: 'pg_esi' });
      const friendship = await befriend(kofi.user.id, ama.user.id);
      const other = await befriend(esi.user.id, kofi.user.id);

      const created = await challenge(ama.token, friendship);
      expect(created.statusCode).toBe(201);
      const { id } = created.json();
      const row = await gameRow(id);
      expect(row).toMatchObject({
        mode: 'private',
        status: 'waiting',
        turn_deadline: null,
        invited_user_id: kofi.user.id,
      });
      expect(Number(row.invite_expires_at)).toBe(t.clock.now() + INVITE_MS);
      expect(await activeGameIds(ama.user.id, kofi.user.id)).toEqual([id, id]);

      const summary = await t.app.inject({
        method: 'GET',
        url: `/api/games/${id}`,
        headers: bearer(kofi.token),
      });
      expect(summary.json()).toMatchObject({ id, mode: 'private', status: 'waiting' });
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/games/${id}`, headers: bearer(esi.token) }))
          .statusCode,
      ).toBe(404);

      // The waiting game holds both: a second challenge, practice, or another friend's challenge.
      const again = await challenge(kofi.token, friendship);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'already_in_game' });
      expect((await practice(ama.token)).json()).toMatchObject({ code: 'already_in_game' });
      const busyFriend = await challenge(esi.token, other);
      expect(busyFriend.statusCode).toBe(409);
      expect(busyFriend.json()).toEqual({
        message: 'pg_kofi is in a game right now. Try again later.',
        code: 'friend_in_game',
      });
    });

    it('refuses a challenger or a friend who is already playing', async () => {
      t = await createTestApp(dialect, FAST);
      const ama = await register(t.app, { username: 'pg_ama' });
      const kofi = await register(t.app, { username: 'pg_kofi' });
      const friendship = await befriend(ama.user.id, kofi.user.id);
      const started = await practice(kofi.token);
      expect(started.statusCode).toBe(201);
      const friendBusy = await challenge(ama.token, friendship);
      expect(friendBusy.statusCode).toBe(409);
      expect(friendBusy.json()).toMatchObject({ code: 'friend_in_game' });
      const selfBusy = await challenge(kofi.token, friendship);
      expect(selfBusy.statusCode).toBe(409);
      expect(selfBusy.json()).toEqual({
        message: 'You are already in a game. Finish it first.',
        code: 'already_in_game',
      });
      expect(await activeGameIds(ama.user.id, kofi.user.id)).toEqual([started.json().id]);
    });

    it('50 concurrent challenges for one friendship, from both sides, leave exactly one waiting game', async () => {
      t = await createTestApp(dialect, FAST);
      const ama = await register(t.app, { username: 'pg_ama' });
      const kofi = await register(t.app, { username: 'pg_kofi' });
      const friendship = await befriend(ama.user.id, kofi.user.id);
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => challenge(i % 2 ? ama.token : kofi.token, friendship)),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(1);
      expect(
        statuses.filter((s) => s !== 201 && s !== 409),
        statuses.join(','),
      ).toEqual([]);
      const games = await t.app.db.kysely.selectFrom('games').select(['id', 'status']).execute();
      expect(games).toEqual([
        { id: answers.find((a) => a.statusCode === 201)!.json().id, status: 'waiting' },
      ]);
      expect(await activeGameIds(ama.user.id, kofi.user.id)).toEqual([games[0]!.id, games[0]!.id]);
    });
  });

  describe('over real sockets', () => {
    /** Two signed-in friends and their friendship. */
    async function friends() {
      const url = await t.listen();
      const ama = await player(url);
      const kofi = await player(url);
      const friendship = await befriend(ama.userId, kofi.userId);
      return { url, ama, kofi, friendship };
    }

    it('invites the friend on every connection, and again on a connection opened later', async () => {
      t = await createTestApp(dialect, FAST);
      const { url, ama, kofi, friendship } = await friends();
      const kofiTab = await socketOf(url, kofi.token);
      const { id } = (await challenge(ama.token, friendship)).json();
      const expected = {
        type: 'GAME_INVITATION',
        gameId: id,
        from: { id: ama.userId, username: ama.username },
        expiresAt: t.clock.now() + INVITE_MS,
      };
      expect(await kofi.socket.next('GAME_INVITATION')).toEqual(expected);
      expect(await kofiTab.next('GAME_INVITATION')).toEqual(expected);
      // The app opened later (or reconnecting) hears it as soon as it signs in.
      const later = await socketOf(url, kofi.token);
      expect(await later.next('GAME_INVITATION')).toEqual(expected);
      // The challenger is not invited to their own game, on any connection.
      const amaTab = await socketOf(url, ama.token);
      amaTab.send({ type: 'PING' });
      await amaTab.next('PONG');
      ama.socket.send({ type: 'PING' });
      await ama.socket.next('PONG');
      for (const s of [ama.socket, amaTab])
        expect(s.frames.some((f) => f.type === 'GAME_INVITATION')).toBe(false);
    });

    it('accepting: the game waits while one is in the room and starts when both have joined', async () => {
      t = await createTestApp(dialect, FAST);
      const { url, ama, kofi, friendship } = await friends();
      const { id } = (await challenge(ama.token, friendship)).json();
      await kofi.socket.next('GAME_INVITATION');

      const waiting = await joinGame(ama, id);
      expect(waiting).toMatchObject({
        status: 'waiting',
        mode: 'private',
        turn: null,
        turnDeadline: null,
        legalCards: [],
        inviteExpiresAt: t.clock.now() + INVITE_MS,
      });
      expect(waiting.players.map((p) => p.userId).sort()).toEqual([ama.userId, kofi.userId].sort());
      ama.socket.send({ type: 'GAME_PLAY', gameId: id, card: waiting.hand[0], seq: waiting.seq });
      expect(await ama.socket.next('ERROR')).toMatchObject({ code: 'GAME_NOT_STARTED', ref: 'GAME_PLAY' });
      expect((await gameRow(id)).status).toBe('waiting');

      const joined = await joinGame(kofi, id);
      expect(joined.status).toBe('waiting');
      for (const p of [ama, kofi]) {
        const update = await p.socket.next(
          'GAME_UPDATE',
          (m) => m.gameId === id && m.game.status === 'active',
        );
        expect(update.game.turn).not.toBeNull();
        expect(update.game.inviteExpiresAt).toBeNull();
        expect(update.events).toEqual([
          { kind: 'TURN', seat: update.game.turn, deadline: t.clock.now() + t.config.timings.turnMs },
        ]);
      }
      expect(await gameRow(id)).toMatchObject({ status: 'active' });
      // Started: the invitation is gone, and declining is too late.
      const later = await socketOf(url, kofi.token);
      kofi.socket.send({ type: 'DECLINE_GAME_INVITATION', gameId: id });
      expect(await kofi.socket.next('ERROR')).toMatchObject({
        code: 'FORBIDDEN',
        ref: 'DECLINE_GAME_INVITATION',
      });
      later.send({ type: 'PING' });
      await later.next('PONG');
      expect(later.frames.some((f) => f.type === 'GAME_INVITATION')).toBe(false);
    });

    it('a player who left the room, or went offline, must join again for the game to start', async () => {
      t = await createTestApp(dialect, FAST);
      const { url, ama, kofi, friendship } = await friends();
      const { id } = (await challenge(ama.token, friendship)).json();
      const settle = async (socket: TestSocket) => {
        socket.send({ type: 'PING' });
        await socket.next('PONG');
        await new Promise((resolve) => setTimeout(resolve, 200));
      };
      // Ama joins and leaves the table; Kofi joining then does not start the game.
      await joinGame(ama, id);
      ama.socket.send({ type: 'GAME_LEAVE', gameId: id });
      await settle(ama.socket);
      expect((await joinGame(kofi, id)).status).toBe('waiting');
      await settle(kofi.socket);
      expect((await gameRow(id)).status).toBe('waiting');
      // Kofi goes offline and comes back elsewhere in the app (invited again, not at the table):
      // Ama joining again does not start it.
      await kofi.socket.close();
      await new Promise((resolve) => setTimeout(resolve, 300));
      const kofiBack = await socketOf(url, kofi.token);
      expect(await kofiBack.next('GAME_INVITATION')).toMatchObject({ gameId: id });
      expect((await joinGame(ama, id)).status).toBe('waiting');
      await settle(ama.socket);
      expect((await gameRow(id)).status).toBe('waiting');
      // Kofi joins: now both are in, and it starts.
      kofiBack.send({ type: 'GAME_JOIN', gameId: id });
      await kofiBack.next('GAME_STATE');
      for (const s of [kofiBack, ama.socket])
        expect((await s.next('GAME_UPDATE', (m) => m.gameId === id)).game.status).toBe('active');
      expect((await gameRow(id)).status).toBe('active');
    });

    it('a private game played to the end changes no rating and pays no game reward', async () => {
      t = await createTestApp(dialect, FAST);
      const { ama, kofi, friendship } = await friends();
      const { id } = (await challenge(kofi.token, friendship)).json();
      await ama.socket.next('GAME_INVITATION');
      await joinGame(kofi, id);
      await joinGame(ama, id);
      await kofi.socket.next('GAME_UPDATE', (m) => m.gameId === id && m.game.status === 'active');
      const last = await playOn([ama, kofi], id);
      expect(last.status).toBe('finished');
      for (const p of [ama, kofi]) {
        const over = await p.socket.next('GAME_OVER', (m) => m.gameId === id);
        expect(over.reason).toBe('score');
        expect(over.ratingChange).toBeUndefined();
        expect(over.rewards).toBeUndefined();
      }
      const seats = await t.app.db.kysely
        .selectFrom('game_players')
        .selectAll()
        .where('game_id', '=', id)
        .execute();
      expect(seats.map((s) => [s.rating_before, s.rating_after])).toEqual([
        [null, null],
        [null, null],
      ]);
      expect(
        await t.app.db.kysely
          .selectFrom('ratings')
          .selectAll()
          .where('user_id', 'in', [ama.userId, kofi.userId])
          .execute(),
      ).toEqual([]);
      expect(await t.app.db.kysely.selectFrom('game_rewards').selectAll().execute()).toEqual([]);
      const mine = (
        await t.app.inject({ method: 'GET', url: '/api/games', headers: bearer(ama.token) })
      ).json();
      expect(mine[0]).toMatchObject({ id, mode: 'private', status: 'finished', ratingChange: null });
      expect(await activeGameIds(ama.userId, kofi.userId)).toEqual([]);
      expect((await t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json()).toEqual([]);
    });

    it('declining cancels the game, tells both, and frees them', async () => {
      t = await createTestApp(dialect, FAST);
      const { ama, kofi, friendship } = await friends();
      const { id } = (await challenge(ama.token, friendship)).json();
      await kofi.socket.next('GAME_INVITATION');
      await joinGame(ama, id);
      kofi.socket.send({ type: 'DECLINE_GAME_INVITATION', gameId: id });
      const cancelled = {
        type: 'GAME_INVITATION_CANCELLED',
        gameId: id,
        reason: 'declined',
        by: kofi.userId,
      };
      expect(await ama.socket.next('GAME_INVITATION_CANCELLED')).toEqual(cancelled);
      expect(await kofi.socket.next('GAME_INVITATION_CANCELLED')).toEqual(cancelled);
      expect(await gameRow(id)).toMatchObject({ status: 'cancelled', winner_user_id: null });
      expect(await activeGameIds(ama.userId, kofi.userId)).toEqual([]);
      const view = await joinGame(ama, id);
      expect(view).toMatchObject({ status: 'cancelled', turn: null, legalCards: [] });
      kofi.socket.send({ type: 'DECLINE_GAME_INVITATION', gameId: id });
      expect(await kofi.socket.next('ERROR')).toMatchObject({ code: 'GAME_OVER' });
      const mine = (
        await t.app.inject({ method: 'GET', url: '/api/games', headers: bearer(ama.token) })
      ).json();
      expect(mine[0]).toMatchObject({ id, status: 'cancelled', result: null });
      // Free again: a new challenge and a practice game both work.
      expect((await challenge(kofi.token, friendship)).statusCode).toBe(201);
    });

    it('the challenger withdraws (decline or resign); a stranger cannot touch the invitation', async () => {
      t = await createTestApp(dialect, FAST);
      const { url, ama, kofi, friendship } = await friends();
      const stranger = await player(url);
      const first = (await challenge(ama.token, friendship)).json().id as string;
      stranger.socket.send({ type: 'DECLINE_GAME_INVITATION', gameId: first });
      expect(await stranger.socket.next('ERROR')).toMatchObject({ code: 'NOT_A_PLAYER' });
      stranger.socket.send({ type: 'GAME_JOIN', gameId: first });
      expect(await stranger.socket.next('ERROR')).toMatchObject({ code: 'NOT_A_PLAYER', ref: 'GAME_JOIN' });
      ama.socket.send({ type: 'DECLINE_GAME_INVITATION', gameId: first });
      expect(await kofi.socket.next('GAME_INVITATION_CANCELLED')).toEqual({
        type: 'GAME_INVITATION_CANCELLED',
        gameId: first,
        reason: 'withdrawn',
        by: ama.userId,
      });
      const second = (await challenge(ama.token, friendship)).json().id as string;
      await joinGame(ama, second);
      ama.socket.send({ type: 'GAME_RESIGN', gameId: second });
      expect(await kofi.socket.next('GAME_INVITATION_CANCELLED', (m) => m.gameId === second)).toMatchObject({
        reason: 'withdrawn',
      });
      expect((await gameRow(second)).status).toBe('cancelled');
      expect(ama.socket.frames.some((f) => f.type === 'GAME_OVER')).toBe(false);
    });

    it('removing or blocking the friend calls off the waiting game at once, as a decline or a withdrawal', async () => {
      t = await createTestApp(dialect, FAST);
      const { ama, kofi, friendship } = await friends();
      const cancelledOf = async (gameId: string) => {
        const a = await ama.socket.next('GAME_INVITATION_CANCELLED', (m) => m.gameId === gameId);
        const k = await kofi.socket.next('GAME_INVITATION_CANCELLED', (m) => m.gameId === gameId);
        expect(a).toEqual(k);
        return a;
      };
      // The challenger blocks the friend they invited: withdrawn, by the challenger.
      const first = (await challenge(ama.token, friendship)).json().id as string;
      await kofi.socket.next('GAME_INVITATION', (m) => m.gameId === first);
      const block = await t.app.inject({
        method: 'POST',
        url: '/api/friends/block',
        payload: { userId: kofi.userId },
        headers: bearer(ama.token),
      });
      expect(block.statusCode).toBe(200);
      expect(await cancelledOf(first)).toEqual({
        type: 'GAME_INVITATION_CANCELLED',
        gameId: first,
        reason: 'withdrawn',
        by: ama.userId,
      });
      expect(await gameRow(first)).toMatchObject({ status: 'cancelled', winner_user_id: null });
      expect(await activeGameIds(ama.userId, kofi.userId)).toEqual([]);

      // Friends again; this time the invited friend removes the challenger: declined, by them.
      await t.app.db.kysely.deleteFrom('friendships').execute();
      const again = await befriend(ama.userId, kofi.userId);
      const second = (await challenge(ama.token, again)).json().id as string;
      await kofi.socket.next('GAME_INVITATION', (m) => m.gameId === second);
      const removed = await t.app.inject({
        method: 'DELETE',
        url: '/api/friends/remove',
        payload: { friendId: ama.userId },
        headers: bearer(kofi.token),
      });
      expect(removed.statusCode).toBe(200);
      expect(await cancelledOf(second)).toMatchObject({ reason: 'declined', by: kofi.userId });
      expect((await gameRow(second)).status).toBe('cancelled');
      expect(await activeGameIds(ama.userId, kofi.userId)).toEqual([]);

      // A game already under way is not touched by a block: it is played out.
      await t.app.db.kysely.deleteFrom('friendships').execute();
      const third = await befriend(ama.userId, kofi.userId);
      const started = (await challenge(kofi.token, third)).json().id as string;
      await ama.socket.next('GAME_INVITATION', (m) => m.gameId === started);
      await joinGame(kofi, started);
      await joinGame(ama, started);
      await ama.socket.next('GAME_UPDATE', (m) => m.gameId === started && m.game.status === 'active');
      await t.app.inject({
        method: 'POST',
        url: '/api/friends/block',
        payload: { userId: ama.userId },
        headers: bearer(kofi.token),
      });
      expect((await gameRow(started)).status).toBe('active');
      expect(
        ama.socket.frames.some((f) => f.type === 'GAME_INVITATION_CANCELLED' && f.gameId === started),
      ).toBe(false);
    });

    it('expires on the game clock when the friend does not join in time', async () => {
      t = await createTestApp(dialect, FAST);
      const { ama, kofi, friendship } = await friends();
      const { id } = (await challenge(ama.token, friendship)).json();
      await joinGame(ama, id);
      t.clock.advance(INVITE_MS - 1);
      await t.app.rooms.expireInvitations();
      expect((await gameRow(id)).status).toBe('waiting');
      t.clock.advance(1);
      await t.app.rooms.expireInvitations();
      const expired = { type: 'GAME_INVITATION_CANCELLED', gameId: id, reason: 'expired' };
      expect(await ama.socket.next('GAME_INVITATION_CANCELLED')).toEqual(expired);
      expect(await kofi.socket.next('GAME_INVITATION_CANCELLED')).toEqual(expired);
      expect(await gameRow(id)).toMatchObject({ status: 'cancelled', finished_at: t.clock.now() });
      expect(await activeGameIds(ama.userId, kofi.userId)).toEqual([]);
      // Joining now changes nothing.
      expect((await joinGame(kofi, id)).status).toBe('cancelled');
      expect((await gameRow(id)).status).toBe('cancelled');
    });

    it('a waiting game survives a restart: the invitation is re-sent and still expires', async () => {
      t = await createTestApp(dialect, FAST);
      const { url, ama, kofi, friendship } = await friends();
      const { id } = (await challenge(ama.token, friendship)).json();
      const invitation = await kofi.socket.next('GAME_INVITATION');
      await t.restart();
      const back = await socketOf(url, kofi.token);
      expect(await back.next('GAME_INVITATION')).toEqual(invitation);
      t.clock.advance(INVITE_MS);
      await t.app.rooms.expireInvitations();
      expect(await back.next('GAME_INVITATION_CANCELLED')).toMatchObject({ gameId: id, reason: 'expired' });
      expect((await gameRow(id)).status).toBe('cancelled');
      expect(t.app.rooms.invitationsFor(kofi.userId)).toEqual([]);
    });
  });
});

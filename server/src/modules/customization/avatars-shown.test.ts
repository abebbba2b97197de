import { describe, expect, it } from 'vitest';
import { leaderboardSchema, playerProfileSchema, type GameView } from '@shared/protocol';
import { joinGame, matchUp, type Player } from '../../testing/game-clients';
import { DIALECTS, bearer, register } from '../../testing/harness';
import { liveAppPerTest } from '../../testing/live-app';
import { TestSocket } from '../../testing/ws-client';
import { moveMoney } from '../currency/ledger';

/** Every field a player of a game view has: nothing more may reach the other players. */
const PLAYER_FIELDS = [
  'avatarUrl',
  'cardsInHand',
  'connected',
  'isBot',
  'score',
  'seat',
  'userId',
  'username',
];

describe.each(DIALECTS)('avatars shown wherever a player is, on %s', (dialect) => {
  const rig = liveAppPerTest(dialect);

  const item = (sku: string) =>
    rig.t.app.db.kysely.selectFrom('shop_items').selectAll().where('sku', '=', sku).executeTakeFirstOrThrow();

  /** Registers a player with an email address (which must never leak) and connects them. */
  async function player(url: string, username: string): Promise<Player> {
    const { token, user } = await register(rig.t.app, { username, email: `${username}@example.com` });
    const socket = await TestSocket.signedIn(url, token);
    rig.track(socket);
    return { socket, token, userId: user.id, username };
  }

  /** Funds the player, buys the avatar in the shop and chooses it; returns its image. */
  async function wear(p: { userId: number; token: string }, sku: string): Promise<string> {
    const avatar = await item(sku);
    await rig.t.app.db.kysely.transaction().execute((trx) =>
      moveMoney(trx, {
        userId: p.userId,
        currencyType: avatar.currency_type!,
        delta: avatar.price!,
        reason: 'test_grant',
        reference: `grant-${sku}`,
        description: 'Test grant',
        now: rig.t.clock.now(),
      }),
    );
    const bought = await rig.t.app.inject({
      method: 'POST',
      url: `/api/currency/shop/${avatar.id}/purchase`,
      headers: bearer(p.token),
    });
    expect(bought.statusCode).toBe(200);
    const chosen = await rig.t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: bearer(p.token),
      payload: { avatarId: avatar.id },
    });
    expect(chosen.statusCode).toBe(200);
    return chosen.json<{ imageUrl: string }>().imageUrl;
  }

  const avatarsIn = (view: GameView) => view.players.map((p) => [p.username, p.avatarUrl]);

  it('a game view carries each player their avatar and nothing private of anyone', async () => {
    const url = await rig.start();
    const ama = await player(url, 'ama_avatar');
    const kofi = await player(url, 'kofi_initials');
    const lion = await wear(ama, 'avatar_lion');
    expect(lion).toBe((await item('avatar_lion')).asset_url);

    const gameId = await matchUp(ama, kofi, 'quick');
    // The match dialog shows whom you meet, avatar and all.
    const found = (p: Player) => p.socket.frames.find((f) => f.type === 'MATCH_FOUND');
    expect(found(ama)).toMatchObject({ opponent: { username: 'kofi_initials', avatarUrl: null } });
    expect(found(kofi)).toMatchObject({ opponent: { username: 'ama_avatar', avatarUrl: lion } });
    const seen = [await joinGame(ama, gameId), await joinGame(kofi, gameId)];
    for (const view of seen) {
      expect(Object.fromEntries(avatarsIn(view))).toEqual({ ama_avatar: lion, kofi_initials: null });
      for (const p of view.players) expect(Object.keys(p).sort()).toEqual(PLAYER_FIELDS);
    }
    const seed = await rig.t.app.db.kysely
      .selectFrom('games')
      .select('seed')
      .where('id', '=', gameId)
      .executeTakeFirstOrThrow();
    const hashes = await rig.t.app.db.kysely.selectFrom('users').select('password_hash').execute();
    const secrets = [
      ama.token,
      kofi.token,
      'ama_avatar@example.com',
      'kofi_initials@example.com',
      seed.seed,
      ...hashes.flatMap((h) => (h.password_hash ? [h.password_hash] : [])),
    ];
    const text = JSON.stringify([...ama.socket.frames, ...kofi.socket.frames]);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('password');
    expect(text).not.toContain('email');

    // Reloaded after a restart, the room still knows each player's avatar.
    await Promise.all([ama.socket.close(), kofi.socket.close()]);
    await rig.t.restart();
    ama.socket = await TestSocket.signedIn(url, ama.token);
    rig.track(ama.socket);
    expect(Object.fromEntries(avatarsIn(await joinGame(ama, gameId)))).toEqual({
      ama_avatar: lion,
      kofi_initials: null,
    });
  });

  it('a practice bot shows no avatar; the player shows the one they chose', async () => {
    const url = await rig.start();
    const esi = await player(url, 'esi_practice');
    const owl = await wear(esi, 'avatar_owl');
    const started = await rig.t.app.inject({
      method: 'POST',
      url: '/api/games/practice',
      headers: bearer(esi.token),
      payload: { difficulty: 'easy' },
    });
    expect(started.statusCode).toBe(201);
    const view = await joinGame(esi, started.json<{ id: string }>().id);
    expect(view.players.find((p) => p.isBot)!.avatarUrl).toBeNull();
    expect(view.players.find((p) => p.userId === esi.userId)!.avatarUrl).toBe(owl);
  });

  it('profiles and the leaderboard carry the avatar, null for the initials', async () => {
    const url = await rig.start();
    const ama = await player(url, 'ama_board');
    const kofi = await player(url, 'kofi_board');
    const mask = await wear(ama, 'avatar_mask');
    const gameId = await matchUp(ama, kofi, 'ranked');
    await joinGame(kofi, gameId);
    kofi.socket.send({ type: 'GAME_RESIGN', gameId });
    await kofi.socket.next('GAME_OVER');

    const board = leaderboardSchema.parse(
      (await rig.t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json(),
    );
    expect(board.map((row) => [row.username, row.avatarUrl])).toEqual([
      ['ama_board', mask],
      ['kofi_board', null],
    ]);

    // The games list and the summary show both players' avatars too.
    const mine = (
      await rig.t.app.inject({ method: 'GET', url: '/api/games?scope=mine', headers: bearer(kofi.token) })
    ).json<
      { id: string; opponent: { avatarUrl: string | null }; players: { avatarUrl: string | null }[] }[]
    >();
    expect(mine.map((g) => [g.id, g.opponent.avatarUrl])).toEqual([[gameId, mask]]);
    const summary = (
      await rig.t.app.inject({ method: 'GET', url: `/api/games/${gameId}`, headers: bearer(ama.token) })
    ).json<{ players: { username: string; avatarUrl: string | null }[] }>();
    for (const players of [mine[0]!.players, summary.players])
      expect(new Set(players.map((p) => p.avatarUrl))).toEqual(new Set([mask, null]));

    const profile = async (id: number) =>
      playerProfileSchema.parse(
        (
          await rig.t.app.inject({
            method: 'GET',
            url: `/api/users/${id}/profile`,
            headers: bearer(kofi.token),
          })
        ).json(),
      );
    expect(await profile(ama.userId)).toMatchObject({ avatarSource: 'shop', avatarUrl: mask });
    expect(await profile(kofi.userId)).toMatchObject({ avatarSource: 'default', avatarUrl: null });

    // Back to the initials: gone from the profile and the leaderboard alike.
    await rig.t.app.inject({
      method: 'PUT',
      url: '/api/users/me/avatar',
      headers: bearer(ama.token),
      payload: { avatarId: null },
    });
    expect((await profile(ama.userId)).avatarUrl).toBeNull();
    const after = (await rig.t.app.inject({ method: 'GET', url: '/api/leaderboard' })).json<
      { avatarUrl: null }[]
    >();
    expect(after.map((row) => row.avatarUrl)).toEqual([null, null]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { friendsListSchema, friendshipSchema, type FriendsList } from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { moveMoney } from '../currency/ledger';
import { pairKey } from './relations';

describe.each(DIALECTS)('friends API on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const call = (method: Method, url: string, token?: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const list = async (token: string): Promise<FriendsList> => {
    const res = await call('GET', '/api/friends', token);
    expect(res.statusCode).toBe(200);
    return friendsListSchema.parse(res.json());
  };
  const rows = () => t.app.db.kysely.selectFrom('friendships').selectAll().execute();
  async function players(...names: string[]) {
    const out = [];
    for (const name of names) {
      const { token, user } = await register(t.app, { username: name });
      out.push({ token, id: user.id, username: user.username });
    }
    return out;
  }
  const request = (token: string, friendId: unknown) =>
    call('POST', '/api/friends/request', token, { friendId });
  const respond = (token: string, requestId: number, status: string) =>
    call('POST', '/api/friends/respond', token, { requestId, status });

  it('sends a request, lists it on both sides with the other player, and the receiver accepts', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi] = await players('ama', 'kofi');
    const sent = await request(ama!.token, kofi!.id);
    expect(sent.statusCode).toBe(200);
    const friendship = friendshipSchema.parse(sent.json());
    expect(friendship).toMatchObject({
      userId: ama!.id,
      friendId: kofi!.id,
      status: 'pending',
      username: 'kofi',
      requestedBy: ama!.id,
      blockedBy: null,
      profile: { avatarId: null, avatarSource: 'default', avatarUrl: null, status: 'standard' },
    });
    expect(friendship.createdAt).toBe(t.clock.now());

    expect(await list(ama!.token)).toMatchObject({
      friends: [],
      incoming: [],
      outgoing: [{ id: friendship.id, friendId: kofi!.id, username: 'kofi' }],
    });
    const kofiSees = await list(kofi!.token);
    expect(kofiSees.incoming).toMatchObject([
      { id: friendship.id, userId: kofi!.id, friendId: ama!.id, username: 'ama', requestedBy: ama!.id },
    ]);
    expect(kofiSees.outgoing).toEqual([]);

    // Only the receiver answers.
    const bySender = await respond(ama!.token, friendship.id, 'accepted');
    expect(bySender.statusCode).toBe(403);
    expect(bySender.json().code).toBe('not_request_receiver');
    const accepted = await respond(kofi!.token, friendship.id, 'accepted');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      friendship: { id: friendship.id, status: 'accepted', friendId: ama!.id, username: 'ama' },
    });
    expect((await list(ama!.token)).friends).toMatchObject([
      { friendId: kofi!.id, status: 'accepted', username: 'kofi' },
    ]);
    expect((await list(kofi!.token)).friends).toMatchObject([{ friendId: ama!.id, status: 'accepted' }]);

    // A second request between friends is refused, either way.
    expect((await request(ama!.token, kofi!.id)).json().code).toBe('already_friends');
    expect((await request(kofi!.token, ama!.id)).statusCode).toBe(409);
  });

  it('shows the other player’s avatar and status from their customization', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi] = await players('ama', 'kofi');
    const lion = await t.app.db.kysely
      .selectFrom('shop_items')
      .selectAll()
      .where('sku', '=', 'avatar_mask')
      .executeTakeFirstOrThrow();
    await t.app.db.kysely.transaction().execute((trx) =>
      moveMoney(trx, {
        userId: kofi!.id,
        currencyType: 'premium',
        delta: lion.price!,
        reason: 'test_grant',
        reference: 'grant',
        description: 'Test grant',
        now: t.clock.now(),
      }),
    );
    expect((await call('POST', `/api/currency/shop/${lion.id}/purchase`, kofi!.token)).statusCode).toBe(200);
    expect((await call('PUT', '/api/users/me/avatar', kofi!.token, { avatarId: lion.id })).statusCode).toBe(
      200,
    );
    expect((await request(ama!.token, kofi!.id)).json().profile).toEqual({
      avatarId: lion.id,
      avatarSource: 'shop',
      avatarUrl: lion.asset_url,
      status: 'premium',
    });
    const found = await call('GET', '/api/friends/search?username=kof', ama!.token);
    expect(found.json()).toEqual([
      {
        id: kofi!.id,
        username: 'kofi',
        profile: { avatarId: lion.id, avatarSource: 'shop', avatarUrl: lion.asset_url, status: 'premium' },
      },
    ]);
  });

  it('refuses requests to yourself, to nobody, twice, to private profiles and with bad bodies', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi, yaw] = await players('ama', 'kofi', 'yaw');
    const self = await request(ama!.token, ama!.id);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      message: 'You cannot send a friend request to yourself',
      code: 'cannot_friend_self',
    });
    const nobody = await request(ama!.token, 999999);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('User not found');
    expect((await request(ama!.token, kofi!.id)).statusCode).toBe(200);
    const twice = await request(ama!.token, kofi!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({
      message: 'You already sent this player a request',
      code: 'request_pending',
    });

    const privacy = await call('PUT', '/api/users/me/visibility', yaw!.token, {
      profileVisibility: 'private',
    });
    expect(privacy.json()).toEqual({ profileVisibility: 'private' });
    expect((await call('GET', '/api/users/me/visibility', yaw!.token)).json()).toEqual({
      profileVisibility: 'private',
    });
    const toPrivate = await request(ama!.token, yaw!.id);
    expect(toPrivate.statusCode).toBe(403);
    expect(toPrivate.json().code).toBe('profile_private');
    expect((await call('GET', '/api/friends/search?username=yaw', ama!.token)).json()).toEqual([]);
    // Back to public: found and askable again.
    await call('PUT', '/api/users/me/visibility', yaw!.token, { profileVisibility: 'public' });
    expect((await call('GET', '/api/friends/search?username=yaw', ama!.token)).json()).toHaveLength(1);
    expect((await request(ama!.token, yaw!.id)).statusCode).toBe(200);

    for (const friendId of ['2', 0, -1, 1.5, null, 2 ** 60]) {
      const bad = await request(ama!.token, friendId);
      expect(bad.statusCode, String(friendId)).toBe(400);
      expect(bad.json().message).toMatch(/friendId/);
    }
    expect(
      (await call('PUT', '/api/users/me/visibility', ama!.token, { profileVisibility: 'friends' })).json(),
    ).toEqual({
      message: 'profileVisibility must be public or private',
      code: 'invalid_input',
    });
    expect((await call('GET', '/api/users/me/visibility', ama!.token)).json()).toEqual({
      profileVisibility: 'public',
    });
  });

  it('accepts a request that crosses one from the other player', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi] = await players('ama', 'kofi');
    await request(ama!.token, kofi!.id);
    const crossing = await request(kofi!.token, ama!.id);
    expect(crossing.statusCode).toBe(200);
    expect(crossing.json()).toMatchObject({ status: 'accepted', friendId: ama!.id, requestedBy: ama!.id });
    expect(await rows()).toHaveLength(1);
    expect((await list(ama!.token)).friends).toMatchObject([{ friendId: kofi!.id, status: 'accepted' }]);
  });

  it('rejects a request (the row goes, so either may ask again); answers for unknown or foreign requests are 404', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi, yaw] = await players('ama', 'kofi', 'yaw');
    const { id } = (await request(ama!.token, kofi!.id)).json();
    const foreign = await respond(yaw!.token, id, 'accepted');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Friend request not found', code: 'friend_request_not_found' });
    expect((await respond(kofi!.token, 999999, 'accepted')).statusCode).toBe(404);
    expect((await respond(kofi!.token, id, 'maybe')).statusCode).toBe(400);
    const rejected = await respond(kofi!.token, id, 'rejected');
    expect(rejected.json()).toEqual({ status: 'rejected', friendship: null });
    expect(await rows()).toHaveLength(0);
    expect((await respond(kofi!.token, id, 'accepted')).statusCode).toBe(404);
    expect(await list(ama!.token)).toEqual({ friends: [], incoming: [], outgoing: [] });
    expect((await request(kofi!.token, ama!.id)).statusCode).toBe(200);
  });

  it('removes a friend or withdraws a request; removing nobody is 404', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi, yaw] = await players('ama', 'kofi', 'yaw');
    const { id } = (await request(ama!.token, kofi!.id)).json();
    await respond(kofi!.token, id, 'accepted');
    await request(ama!.token, yaw!.id);
    const removed = await call('DELETE', '/api/friends/remove', kofi!.token, { friendId: ama!.id });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Friend removed' });
    expect((await list(ama!.token)).friends).toEqual([]);
    // Withdrawing the pending request to yaw.
    expect((await call('DELETE', '/api/friends/remove', ama!.token, { friendId: yaw!.id })).statusCode).toBe(
      200,
    );
    expect(await rows()).toHaveLength(0);
    const again = await call('DELETE', '/api/friends/remove', ama!.token, { friendId: kofi!.id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'You are not friends with this player', code: 'not_friends' });
    expect((await call('DELETE', '/api/friends/remove', ama!.token, {})).statusCode).toBe(400);
  });

  it('blocks over whatever the pair had; only the blocker sees it and unblocks it', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi] = await players('ama', 'kofi');
    const { id } = (await request(ama!.token, kofi!.id)).json();
    await respond(kofi!.token, id, 'accepted');
    const blocked = await call('POST', '/api/friends/block', kofi!.token, { userId: ama!.id });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ status: 'blocked', blockedBy: kofi!.id, friendId: ama!.id });
    const [row] = await rows();
    expect(row).toMatchObject({
      pair_key: pairKey(ama!.id, kofi!.id),
      status: 'blocked',
      blocked_by: kofi!.id,
    });
    expect(await rows()).toHaveLength(1);
    expect((await list(kofi!.token)).friends).toMatchObject([
      { friendId: ama!.id, status: 'blocked', blockedBy: kofi!.id, username: 'ama' },
    ]);
    // The blocked player no longer sees the friendship at all.
    expect(await list(ama!.token)).toEqual({ friends: [], incoming: [], outgoing: [] });

    // Blocking back leaves the first block standing: kofi still holds it.
    expect((await call('POST', '/api/friends/block', ama!.token, { userId: kofi!.id })).statusCode).toBe(200);
    expect((await rows())[0]).toMatchObject({ blocked_by: kofi!.id });
    // Only the blocker can lift it.
    const notYours = await call('POST', '/api/friends/unblock', ama!.token, { userId: kofi!.id });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().code).toBe('not_blocked');
    const lifted = await call('POST', '/api/friends/unblock', kofi!.token, { userId: ama!.id });
    expect(lifted.json()).toEqual({ message: 'User unblocked' });
    expect(await rows()).toHaveLength(0);
    expect((await call('POST', '/api/friends/unblock', kofi!.token, { userId: ama!.id })).statusCode).toBe(
      404,
    );

    // Blocking a stranger, yourself or nobody.
    expect((await call('POST', '/api/friends/block', ama!.token, { userId: kofi!.id })).statusCode).toBe(200);
    expect((await call('POST', '/api/friends/block', ama!.token, { userId: ama!.id })).json().code).toBe(
      'cannot_block_self',
    );
    expect((await call('POST', '/api/friends/block', ama!.token, { userId: 999999 })).statusCode).toBe(404);
    expect((await call('POST', '/api/friends/block', ama!.token, { userId: 'x' })).statusCode).toBe(400);
  });

  it('refuses every social action between a blocked pair, both ways', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi, yaw] = await players('ama', 'kofi', 'yaw');
    // A pending request is replaced by the block.
    await request(kofi!.token, ama!.id);
    await call('POST', '/api/friends/block', ama!.token, { userId: kofi!.id });

    // Requests: the blocker is told to unblock; the blocked player learns nothing more than "not found".
    const fromBlocker = await request(ama!.token, kofi!.id);
    expect(fromBlocker.statusCode).toBe(409);
    expect(fromBlocker.json().code).toBe('user_blocked');
    const fromBlocked = await request(kofi!.token, ama!.id);
    expect(fromBlocked.statusCode).toBe(404);
    expect(fromBlocked.json()).toEqual({ message: 'User not found', code: 'user_not_found' });
    // Removal does not lift a block.
    expect((await call('DELETE', '/api/friends/remove', kofi!.token, { friendId: ama!.id })).statusCode).toBe(
      404,
    );

    // Search: neither finds the other; a third player finds both.
    expect((await call('GET', '/api/friends/search?username=ama', kofi!.token)).json()).toEqual([]);
    expect((await call('GET', '/api/friends/search?username=kofi', ama!.token)).json()).toEqual([]);
    expect(
      (await call('GET', '/api/friends/search?username=a', yaw!.token))
        .json()
        .map((u: { id: number }) => u.id),
    ).toEqual([ama!.id]);

    // Profiles: as if the other did not exist, both ways; anyone else still sees them.
    for (const [viewer, target] of [
      [ama!, kofi!],
      [kofi!, ama!],
    ] as const) {
      const profile = await call('GET', `/api/users/${target.id}/profile`, viewer.token);
      expect(profile.statusCode).toBe(404);
      expect(profile.json()).toEqual({ message: 'User not found', code: 'user_not_found' });
    }
    expect((await call('GET', `/api/users/${ama!.id}/profile`, yaw!.token)).statusCode).toBe(200);
    expect((await call('GET', `/api/users/${ama!.id}/profile`, ama!.token)).statusCode).toBe(200);

    // Once unblocked, everything opens again.
    await call('POST', '/api/friends/unblock', ama!.token, { userId: kofi!.id });
    expect((await call('GET', `/api/users/${ama!.id}/profile`, kofi!.token)).statusCode).toBe(200);
    expect((await call('GET', '/api/friends/search?username=ama', kofi!.token)).json()).toHaveLength(1);
    expect((await request(kofi!.token, ama!.id)).statusCode).toBe(200);
  });

  it('searches by trimmed, case-insensitive prefix: public, live players, at most 20, never yourself', async () => {
    t = await createTestApp(dialect);
    const names = Array.from({ length: 23 }, (_, i) => `Nana_${String(i).padStart(2, '0')}`);
    const made = await players(...names, 'nanook', 'Ana_x');
    const me = made[0]!;
    const res = await call('GET', `/api/friends/search?username=${encodeURIComponent('  nAnA_ ')}`, me.token);
    expect(res.statusCode).toBe(200);
    const found = res.json() as { id: number; username: string }[];
    expect(found).toHaveLength(20);
    expect(found.map((u) => u.username)).toEqual(names.slice(1, 21));
    // `_` and `%` mean themselves, not LIKE wildcards.
    expect((await call('GET', '/api/friends/search?username=na%25', me.token)).json()).toEqual([]);
    expect((await call('GET', '/api/friends/search?username=na_', me.token)).json()).toEqual([]);
    const nano = (await call('GET', '/api/friends/search?username=NANO', me.token)).json();
    expect(nano.map((u: { username: string }) => u.username)).toEqual(['nanook']);

    // A deleted (or deleting) account is never found.
    const nanook = made.find((p) => p.username === 'nanook')!;
    await t.app.db.kysely
      .updateTable('users')
      .set({ marked_for_delete_at: 1 })
      .where('id', '=', nanook.id)
      .execute();
    expect((await call('GET', '/api/friends/search?username=nano', me.token)).json()).toEqual([]);
    await t.app.db.kysely
      .updateTable('users')
      .set({ marked_for_delete_at: null, deleted_at: 1 })
      .where('id', '=', nanook.id)
      .execute();
    expect((await call('GET', '/api/friends/search?username=nano', me.token)).json()).toEqual([]);

    for (const q of ['', '%20%20', 'x'.repeat(21)]) {
      const bad = await call('GET', `/api/friends/search?username=${q}`, me.token);
      expect(bad.statusCode, q).toBe(400);
    }
    expect((await call('GET', '/api/friends/search', me.token)).statusCode).toBe(400);
  });

  it('answers 401 to every friends route without a valid token', async () => {
    t = await createTestApp(dialect);
    const routes: [Method, string, unknown?][] = [
      ['GET', '/api/friends'],
      ['POST', '/api/friends/request', { friendId: 1 }],
      ['POST', '/api/friends/respond', { requestId: 1, status: 'accepted' }],
      ['DELETE', '/api/friends/remove', { friendId: 1 }],
      ['POST', '/api/friends/block', { userId: 1 }],
      ['POST', '/api/friends/unblock', { userId: 1 }],
      ['GET', '/api/friends/search?username=a'],
      ['GET', '/api/users/me/visibility'],
      ['PUT', '/api/users/me/visibility', { profileVisibility: 'private' }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode, url).toBe(401);
      expect((await call(method, url, 'not-a-token', payload)).statusCode, url).toBe(401);
    }
  });

  it('makes one row of the same request sent 50 times at once, and of 50 crossing requests', async () => {
    t = await createTestApp(dialect);
    const [ama, kofi, yaw] = await players('ama', 'kofi', 'yaw');
    const same = await Promise.all(Array.from({ length: 50 }, () => request(ama!.token, kofi!.id)));
    const codes = same.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(same.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'request_pending')).toBe(
      true,
    );
    expect((await rows()).filter((r) => r.pair_key === pairKey(ama!.id, kofi!.id))).toHaveLength(1);

    // Both sides asking at once: one row, and they end up friends.
    const crossing = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 ? request(ama!.token, yaw!.id) : request(yaw!.token, ama!.id),
      ),
    );
    expect(crossing.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const pair = (await rows()).filter((r) => r.pair_key === pairKey(ama!.id, yaw!.id));
    expect(pair).toHaveLength(1);
    expect(pair[0]!.status).toBe('accepted');

    // 50 blocks at once from both sides: still one row, a block by one of them.
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? call('POST', '/api/friends/block', ama!.token, { userId: kofi!.id })
          : call('POST', '/api/friends/block', kofi!.token, { userId: ama!.id }),
      ),
    );
    const blocked = (await rows()).filter((r) => r.pair_key === pairKey(ama!.id, kofi!.id));
    expect(blocked).toHaveLength(1);
    expect(blocked[0]!.status).toBe('blocked');
    expect([ama!.id, kofi!.id]).toContain(blocked[0]!.blocked_by);
  });
});

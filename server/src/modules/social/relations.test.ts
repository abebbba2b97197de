import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestApp, register, type TestApp } from '../../testing/harness';
import {
  areFriends,
  blockedPartnersOf,
  friendIdsOf,
  isBlockedBetween,
  pairKey,
  relationBetween,
} from './relations';

describe('pairKey', () => {
  it('is the same whichever player comes first', () => {
    expect(pairKey(7, 3)).toBe('3:7');
    expect(pairKey(3, 7)).toBe('3:7');
  });
});

describe.each(DIALECTS)('relations on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => {
    await t.close();
  });

  async function players(n: number) {
    const ids: number[] = [];
    for (let i = 0; i < n; i++)
      ids.push((await register(t.app, { username: `rel_${i}_${dialect}` })).user.id);
    return ids;
  }
  const insert = (
    userId: number,
    friendId: number,
    status: 'pending' | 'accepted' | 'blocked',
    blockedBy?: number,
  ) =>
    t.app.db.kysely
      .insertInto('friendships')
      .values({
        pair_key: pairKey(userId, friendId),
        user_id: userId,
        friend_id: friendId,
        status,
        blocked_by: blockedBy ?? null,
        created_at: 1,
        updated_at: 1,
      })
      .execute();

  it('reads friends, pending requests and blocks from one row per pair', async () => {
    t = await createTestApp(dialect);
    const [a, b, c, d] = (await players(4)) as [number, number, number, number];
    await insert(a, b, 'accepted');
    await insert(c, a, 'accepted');
    await insert(a, d, 'pending');
    await insert(d, b, 'blocked', d);
    const db = t.app.db.kysely;

    expect((await friendIdsOf(db, a)).sort()).toEqual([b, c].sort());
    expect(await friendIdsOf(db, d)).toEqual([]);
    expect(await areFriends(db, b, a)).toBe(true);
    expect(await areFriends(db, a, d)).toBe(false);
    expect(await isBlockedBetween(db, b, d)).toBe(true);
    expect(await isBlockedBetween(db, a, b)).toBe(false);
    expect(await blockedPartnersOf(db, b)).toEqual([d]);
    expect(await blockedPartnersOf(db, d)).toEqual([b]);
    expect((await relationBetween(db, b, d))?.blocked_by).toBe(d);
    expect(await relationBetween(db, c, d)).toBeUndefined();
  });

  it('refuses a second row for the same pair and a friendship with oneself', async () => {
    t = await createTestApp(dialect);
    const [a, b, c] = (await players(3)) as [number, number, number];
    await insert(a, b, 'pending');
    await expect(insert(b, a, 'pending')).rejects.toThrow();
    await expect(insert(a, a, 'pending')).rejects.toThrow();
    // The status is checked by the database too.
    await expect(insert(a, c, 'friends' as 'pending')).rejects.toThrow();
    expect(await relationBetween(t.app.db.kysely, a, c)).toBeUndefined();
  });

  it('makes every profile public until its owner says otherwise', async () => {
    t = await createTestApp(dialect);
    const [a] = (await players(1)) as [number];
    const row = await t.app.db.kysely
      .selectFrom('users')
      .select('profile_visibility')
      .where('id', '=', a)
      .executeTakeFirstOrThrow();
    expect(row.profile_visibility).toBe('public');
  });
});

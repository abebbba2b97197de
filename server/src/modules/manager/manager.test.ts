import { deflateSync, crc32 } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  auditResponseSchema,
  dailyRewardsResponseSchema,
  managerDailyRewardsResponseSchema,
  managerShopItemsResponseSchema,
} from '@shared/protocol';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { sniffImage } from './uploads';

/** A real 1×1 red PNG, chunk by chunk. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with the given parts. */
function form(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = `----spar${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const head =
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n` +
      (part.type ? `Content-Type: ${part.type}\r\n` : '') +
      '\r\n';
    chunks.push(Buffer.from(head), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('sniffImage', () => {
  it('knows the four image types from their bytes and nothing else', () => {
    expect(sniffImage(tinyPng())).toBe('png');
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpg');
    expect(sniffImage(Buffer.from('GIF89a\x01\x00'))).toBe('gif');
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffImage(Buffer.from('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50]))).toBeNull();
  });
});

describe.each(DIALECTS)('staff area on %s', (dialect) => {
  let t: TestApp;
  let user: { token: string; id: number };
  let manager: { token: string; id: number };
  let admin: { token: string; id: number };

  async function account(username: string, role?: 'manager' | 'admin') {
    const registered = await register(t.app, { username });
    if (role) await t.app.accounts.setRole(username, role);
    return { token: registered.token, id: registered.user.id };
  }

  beforeEach(async () => {
    t = await createTestApp(dialect);
    user = await account('player');
    manager = await account('kemi', 'manager');
    admin = await account('tunde', 'admin');
  });
  afterEach(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: object) =>
    t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });
  const upload = (token: string | undefined, parts: Parameters<typeof form>[0]) => {
    const body = form(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/manager/upload-image',
      headers: { 'content-type': body.contentType, ...(token ? bearer(token) : {}) },
      payload: body.payload,
    });
  };
  const pngFile = () => [{ name: 'file', filename: 'reward.png', type: 'image/png', data: tinyPng() }];

  async function audit(token = manager.token) {
    const res = await call('GET', '/api/manager/audit?limit=100', token);
    expect(res.statusCode).toBe(200);
    return auditResponseSchema.parse(res.json()).actions;
  }

  it('answers 401 to anonymous callers, 403 to players, and lets managers and admins in', async () => {
    const item = managerShopItemsResponseSchema.parse(
      (await call('GET', '/api/manager/shop-items', admin.token)).json(),
    )[0]!;
    const reward = managerDailyRewardsResponseSchema.parse(
      (await call('GET', '/api/manager/daily-rewards', admin.token)).json(),
    )[0]!;
    const routes: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      body?: object;
      ok: number;
    }[] = [
      { method: 'GET', url: '/api/manager/daily-rewards', ok: 200 },
      { method: 'POST', url: '/api/manager/daily-rewards', body: { day: 8, isActive: false }, ok: 201 },
      { method: 'PUT', url: `/api/manager/daily-rewards/${reward.id}`, body: { amount: 60 }, ok: 200 },
      { method: 'GET', url: '/api/manager/shop-items', ok: 200 },
      {
        method: 'POST',
        url: '/api/manager/shop-items',
        body: {
          kind: 'avatar',
          name: 'Fox',
          imageUrl: '/uploads/abc.png',
          price: 10,
          currencyType: 'regular',
        },
        ok: 201,
      },
      { method: 'PUT', url: `/api/manager/shop-items/${item.id}`, body: { name: 'Renamed' }, ok: 200 },
      {
        method: 'POST',
        url: `/api/manager/users/${user.id}/adjust`,
        body: { currencyType: 'regular', amount: 5, reason: 'testing' },
        ok: 200,
      },
      { method: 'GET', url: '/api/manager/audit', ok: 200 },
    ];
    for (const route of routes) {
      const label = `${route.method} ${route.url}`;
      const anonymous = await call(route.method, route.url, undefined, route.body);
      expect(anonymous.statusCode, label).toBe(401);
      const player = await call(route.method, route.url, user.token, route.body);
      expect(player.statusCode, label).toBe(403);
      expect(player.json()).toEqual({
        message: 'The staff area is only for managers and admins',
        code: 'staff_only',
      });
      for (const staff of [manager, admin]) {
        const res = await call(route.method, route.url, staff.token, route.body);
        expect(res.statusCode, `${label}: ${res.body}`).toBe(route.ok);
      }
    }
    // DELETE last: each staff member deletes a reward of their own.
    for (const staff of [manager, admin]) {
      const created = await call('POST', '/api/manager/daily-rewards', staff.token, { day: 9 });
      const url = `/api/manager/daily-rewards/${created.json<{ id: number }>().id}`;
      expect((await call('DELETE', url)).statusCode).toBe(401);
      expect((await call('DELETE', url, user.token)).statusCode).toBe(403);
      expect((await call('DELETE', url, staff.token)).statusCode).toBe(204);
    }
    expect((await upload(undefined, pngFile())).statusCode).toBe(401);
    expect((await upload(user.token, pngFile())).statusCode).toBe(403);
    expect((await upload(manager.token, pngFile())).statusCode).toBe(200);
    expect((await upload(admin.token, pngFile())).statusCode).toBe(200);
  });

  it('a role taken away closes the staff area at once', async () => {
    await t.app.accounts.setRole('kemi', 'user');
    expect((await call('GET', '/api/manager/daily-rewards', manager.token)).statusCode).toBe(403);
  });

  it('creates a reward with the defaults, edits and deletes it, and players see each change', async () => {
    const schedule = async () =>
      dailyRewardsResponseSchema.parse((await call('GET', '/api/currency/daily-rewards', user.token)).json())
        .rewards;
    const seeded = await schedule();
    // The seeded Day 1 steps aside so the defaults (day 1) can be added.
    const seededDay1 = seeded.find((r) => r.day === 1)!;
    await call('PUT', `/api/manager/daily-rewards/${seededDay1.id}`, manager.token, { isActive: false });

    const created = await call('POST', '/api/manager/daily-rewards', manager.token, {});
    expect(created.statusCode).toBe(201);
    const reward = created.json<{ id: number }>();
    expect(reward).toEqual({
      id: expect.any(Number),
      day: 1,
      amount: 50,
      currencyType: 'regular',
      description: 'Daily login reward',
      imageUrl: null,
      isActive: true,
      bonusItemId: null,
    });
    expect(await schedule()).toContainEqual(reward);

    const image = (await upload(manager.token, pngFile())).json<{ imageUrl: string }>().imageUrl;
    const bonus = managerShopItemsResponseSchema
      .parse((await call('GET', '/api/manager/shop-items', manager.token)).json())
      .find((item) => item.kind === 'avatar')!;
    const edited = await call('PUT', `/api/manager/daily-rewards/${reward.id}`, manager.token, {
      day: 8,
      amount: 500,
      currencyType: 'premium',
      description: '  Big week  ',
      imageUrl: image,
      bonusItemId: bonus.id,
    });
    expect(edited.statusCode).toBe(200);
    const after = { ...reward, day: 8, amount: 500, currencyType: 'premium', description: 'Big week' };
    expect(edited.json()).toEqual({ ...after, imageUrl: image, bonusItemId: bonus.id });
    expect((await schedule()).at(-1)).toEqual({ ...after, imageUrl: image, bonusItemId: bonus.id });

    // Inactive rewards leave the players' schedule but stay on the staff list.
    await call('PUT', `/api/manager/daily-rewards/${reward.id}`, manager.token, { isActive: false });
    expect((await schedule()).map((r) => r.id)).not.toContain(reward.id);
    const all = managerDailyRewardsResponseSchema.parse(
      (await call('GET', '/api/manager/daily-rewards', manager.token)).json(),
    );
    expect(all.find((r) => r.id === reward.id)?.isActive).toBe(false);

    expect((await call('DELETE', `/api/manager/daily-rewards/${reward.id}`, manager.token)).statusCode).toBe(
      204,
    );
    await call('PUT', `/api/manager/daily-rewards/${seededDay1.id}`, manager.token, { isActive: true });
    expect(await schedule()).toEqual(seeded);
    for (const [method, body] of [
      ['PUT', { amount: 5 }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/api/manager/daily-rewards/${reward.id}`, manager.token, body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Daily reward not found', code: 'daily_reward_not_found' });
    }
    expect((await call('DELETE', '/api/manager/daily-rewards/abc', manager.token)).statusCode).toBe(404);

    const actions = (await audit()).filter(
      (a) => a.targetType === 'daily_reward' && a.targetId !== String(seededDay1.id),
    );
    expect(actions.map((a) => a.action)).toEqual([
      'daily_reward.delete',
      'daily_reward.update',
      'daily_reward.update',
      'daily_reward.create',
    ]);
    expect(actions.every((a) => a.staffUsername === 'kemi' && a.targetId === String(reward.id))).toBe(true);
  });

  it('refuses invalid daily rewards with the field at fault', async () => {
    const cases: [object, string][] = [
      [{ day: 0 }, 'day must be at least 1'],
      [{ day: 1.5 }, 'day must be a whole number'],
      [{ day: 'two' }, 'day must be a number'],
      [{ amount: 0 }, 'amount must be at least 1'],
      [{ description: '   ' }, 'description is required'],
      [{ currencyType: 'gold' }, 'currencyType'],
      [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl must be an http(s) address'],
      [{ imageUrl: '/etc/passwd' }, 'imageUrl must be an http(s) address'],
      [{ bonusItemId: 999999 }, 'bonusItemId: no such shop item'],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/api/manager/daily-rewards', manager.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const reward = managerDailyRewardsResponseSchema.parse(
      (await call('GET', '/api/manager/daily-rewards', manager.token)).json(),
    )[0]!;
    const empty = await call('PUT', `/api/manager/daily-rewards/${reward.id}`, manager.token, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Send at least one field to change', code: 'nothing_to_change' });
    expect(
      (
        await call('POST', '/api/manager/daily-rewards', manager.token, {
          day: 9,
          imageUrl: 'https://cdn.example/x.png',
        })
      ).statusCode,
    ).toBe(201);
    // Nothing refused was written or audited.
    expect((await audit()).map((a) => a.action)).toEqual(['daily_reward.create']);
  });

  it('refuses a second active reward for a day, on add and on edit, writing nothing', async () => {
    const all = async () =>
      managerDailyRewardsResponseSchema.parse(
        (await call('GET', '/api/manager/daily-rewards', manager.token)).json(),
      );
    const before = await all();
    const taken = { message: 'Day 1 already has an active reward', code: 'daily_reward_day_taken' };

    // "Add reward" submitted unchanged: the defaults are day 1, which the seeded week has.
    const again = await call('POST', '/api/manager/daily-rewards', manager.token, {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(taken);
    // An inactive one for the same day is a draft and allowed; making it active is refused.
    const draft = await call('POST', '/api/manager/daily-rewards', manager.token, { isActive: false });
    expect(draft.statusCode).toBe(201);
    const draftId = draft.json<{ id: number }>().id;
    const activate = await call('PUT', `/api/manager/daily-rewards/${draftId}`, manager.token, {
      isActive: true,
    });
    expect(activate.statusCode).toBe(409);
    expect(activate.json()).toEqual(taken);
    const day2 = before.find((r) => r.day === 2)!;
    const moved = await call('PUT', `/api/manager/daily-rewards/${day2.id}`, manager.token, { day: 1 });
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toEqual(taken);

    expect((await all()).filter((r) => r.isActive)).toEqual(before.filter((r) => r.isActive));
    expect((await audit()).map((a) => a.action)).toEqual(['daily_reward.create']);
  });

  it('makes one reward of the same create sent 50 times at once', async () => {
    const body = { day: 8, amount: 500, description: 'Second week' };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => call('POST', '/api/manager/daily-rewards', manager.token, body)),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(49);
    const rewards = managerDailyRewardsResponseSchema
      .parse((await call('GET', '/api/manager/daily-rewards', manager.token)).json())
      .filter((r) => r.day === 8);
    expect(rewards).toHaveLength(1);
    expect((await audit()).map((a) => a.action)).toEqual(['daily_reward.create']);
  });

  it('creates, edits and withdraws shop items; staff edits survive a restart', async () => {
    const avatar = await call('POST', '/api/manager/shop-items', manager.token, {
      kind: 'avatar',
      name: 'Fox',
      description: 'A red fox',
      imageUrl: '/uploads/fox.png',
      price: 120,
      currencyType: 'regular',
    });
    expect(avatar.statusCode).toBe(201);
    const fox = avatar.json<{ id: number }>();
    expect(fox).toMatchObject({ kind: 'avatar', price: 120, currencyType: 'regular', isActive: true });
    const pack = await call('POST', '/api/manager/shop-items', manager.token, {
      kind: 'gem_pack',
      name: 'Bag of Gems',
      imageUrl: 'https://cdn.example/gems.png',
      moneyPrice: 150000,
      grantAmount: 80,
    });
    expect(pack.statusCode).toBe(201);
    expect(pack.json()).toMatchObject({
      price: null,
      moneyPrice: 150000,
      moneyCurrency: 'NGN',
      grantAmount: 80,
      grantCurrencyType: 'premium',
    });

    const shop = async () =>
      (await call('GET', '/api/currency/shop', user.token)).json<{ id: number; price: number | null }[]>();
    expect((await shop()).find((i) => i.id === fox.id)?.price).toBe(120);

    // A player buys the fox, then staff withdraw it: the purchase stays, the shop no longer sells it.
    await call('POST', `/api/manager/users/${user.id}/adjust`, manager.token, {
      currencyType: 'regular',
      amount: 200,
      reason: 'for the fox',
    });
    expect((await call('POST', `/api/currency/shop/${fox.id}/purchase`, user.token)).statusCode).toBe(200);
    const off = await call('PUT', `/api/manager/shop-items/${fox.id}`, manager.token, { isActive: false });
    expect(off.json()).toMatchObject({ isActive: false });
    expect((await shop()).map((i) => i.id)).not.toContain(fox.id);
    const purchases = (await call('GET', '/api/currency/purchases', user.token)).json<{ itemId: number }[]>();
    expect(purchases.map((p) => p.itemId)).toContain(fox.id);

    // Editing a catalogue item sticks, although the catalogue is written again at every start.
    const lion = managerShopItemsResponseSchema
      .parse((await call('GET', '/api/manager/shop-items', manager.token)).json())
      .find((item) => item.sku === 'avatar_lion')!;
    const renamed = await call('PUT', `/api/manager/shop-items/${lion.id}`, manager.token, {
      name: 'King of the Savanna',
      price: 350,
      imageUrl: lion.imageUrl,
    });
    expect(renamed.statusCode).toBe(200);
    await t.restart();
    const again = managerShopItemsResponseSchema
      .parse((await call('GET', '/api/manager/shop-items', manager.token)).json())
      .find((item) => item.id === lion.id)!;
    expect(again).toMatchObject({ name: 'King of the Savanna', price: 350 });

    const refusals: [number, object, string][] = [
      [fox.id, { price: -1 }, 'price must be at least 0'],
      [fox.id, { price: 2.5 }, 'price must be a whole number'],
      [fox.id, { moneyPrice: 100 }, 'Only coin and gem packs have moneyPrice and grantAmount'],
      [pack.json<{ id: number }>().id, { price: 5 }, 'Packs are bought with money'],
      [fox.id, {}, 'Send at least one field to change'],
    ];
    for (const [id, body, message] of refusals) {
      const res = await call('PUT', `/api/manager/shop-items/${id}`, manager.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const bad = await call('POST', '/api/manager/shop-items', manager.token, {
      kind: 'avatar',
      name: 'No price',
      imageUrl: '/uploads/x.png',
      currencyType: 'regular',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe('price is required');
    expect(
      (await call('PUT', '/api/manager/shop-items/999999', manager.token, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await audit()).map((a) => a.action)).toEqual([
      'shop_item.update',
      'shop_item.update',
      'user.adjust',
      'shop_item.create',
      'shop_item.create',
    ]);
  });

  it('grants and deducts with a reason, recorded in the ledger and the audit', async () => {
    const adjust = (body: object, userId = user.id) =>
      call('POST', `/api/manager/users/${userId}/adjust`, manager.token, body);
    const granted = await adjust({
      currencyType: 'premium',
      amount: 30,
      reason: '  Refund for a lost game  ',
    });
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      message: 'Granted 30 gems to player',
      balance: { currency: 0, premiumCurrency: 30 },
    });
    const deducted = await adjust({ currencyType: 'premium', amount: -12, reason: 'Chargeback' });
    expect(deducted.json()).toMatchObject({
      message: 'Deducted 12 gems from player',
      balance: { premiumCurrency: 18 },
    });

    const short = await adjust({ currencyType: 'premium', amount: -19, reason: 'Too much' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Insufficient funds', code: 'insufficient_funds' });

    const ledger = (await call('GET', '/api/currency/transactions', user.token)).json<{
      transactions: { amount: number; reason: string; reference: string; description: string }[];
    }>().transactions;
    const actions = await audit();
    expect(actions.map((a) => a.action)).toEqual(['user.adjust', 'user.adjust']);
    expect(ledger).toMatchObject([
      {
        amount: -12,
        reason: 'staff_adjustment',
        reference: `staff:${actions[0]!.id}`,
        description: 'Deducted by kemi: Chargeback',
      },
      {
        amount: 30,
        reason: 'staff_adjustment',
        reference: `staff:${actions[1]!.id}`,
        description: 'Granted by kemi: Refund for a lost game',
      },
    ]);
    expect(actions[1]).toMatchObject({
      staffUserId: manager.id,
      staffUsername: 'kemi',
      targetType: 'user',
      targetId: String(user.id),
      details: { username: 'player', currencyType: 'premium', amount: 30, reason: 'Refund for a lost game' },
      createdAt: t.clock.now(),
    });

    const invalid: [object, string][] = [
      [{ currencyType: 'regular', amount: 0, reason: 'nothing' }, 'amount must not be 0'],
      [{ currencyType: 'regular', amount: 1.5, reason: 'half' }, 'amount must be a whole number'],
      [{ currencyType: 'regular', amount: 5, reason: ' x ' }, 'reason must be at least 3 characters'],
      [{ currencyType: 'regular', amount: 5, reason: 'y'.repeat(201) }, 'reason must be at most 200'],
      [{ currencyType: 'regular', amount: 5 }, 'reason is required'],
    ];
    for (const [body, message] of invalid) {
      const res = await adjust(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const missing = await adjust({ currencyType: 'regular', amount: 5, reason: 'ghost' }, 999999);
    expect(missing.statusCode).toBe(404);
    // Refused adjustments left no audit rows and no money behind.
    expect((await audit()).length).toBe(2);
    const balance = (await call('GET', '/api/currency/balance', user.token)).json();
    expect(balance).toEqual({ currency: 0, premiumCurrency: 18 });
  });

  it('pages the audit log newest first', async () => {
    for (let day = 10; day < 15; day++)
      await call('POST', '/api/manager/daily-rewards', manager.token, { day });
    const first = auditResponseSchema.parse(
      (await call('GET', '/api/manager/audit?limit=3', manager.token)).json(),
    );
    expect(first.actions.map((a) => a.details.day)).toEqual([14, 13, 12]);
    const second = auditResponseSchema.parse(
      (await call('GET', `/api/manager/audit?limit=3&before=${first.nextBefore}`, manager.token)).json(),
    );
    expect(second.actions.map((a) => a.details.day)).toEqual([11, 10]);
    expect(second.nextBefore).toBeNull();
    expect((await call('GET', '/api/manager/audit?limit=0', manager.token)).statusCode).toBe(400);
  });

  it('stores a real PNG under a random name and serves it back safely', async () => {
    const png = tinyPng();
    const res = await upload(manager.token, [
      { name: 'file', filename: 'x.gif', type: 'image/gif', data: png },
    ]);
    expect(res.statusCode).toBe(200);
    const { imageUrl } = res.json<{ imageUrl: string }>();
    // The sniffed type names the file, not the name or type the browser sent.
    expect(imageUrl).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);

    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.rawPayload.equals(png)).toBe(true);

    const second = (await upload(manager.token, pngFile())).json<{ imageUrl: string }>().imageUrl;
    expect(second).not.toBe(imageUrl);
    const uploads = (await audit()).filter((a) => a.action === 'image.upload');
    expect(uploads.map((a) => a.details)).toEqual([
      { imageUrl: second, type: 'image/png', bytes: png.length },
      { imageUrl, type: 'image/png', bytes: png.length },
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/missing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/uploads/..%2Fspar.db' })).statusCode).toBe(404);
  });

  it('refuses anything but one real image of at most 2 MB', async () => {
    const refusals: [Parameters<typeof form>[0], number, string][] = [
      [
        [{ name: 'file', filename: 'notes.png', type: 'image/png', data: 'just some text, honestly' }],
        400,
        'Only PNG, JPEG, WebP and GIF images can be uploaded',
      ],
      [
        [
          {
            name: 'file',
            filename: 'evil.svg',
            type: 'image/svg+xml',
            data: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
          },
        ],
        400,
        'Only PNG, JPEG, WebP and GIF images can be uploaded',
      ],
      [
        [
          {
            name: 'file',
            filename: 'huge.png',
            type: 'image/png',
            data: Buffer.concat([tinyPng(), Buffer.alloc(3 * 1024 * 1024)]),
          },
        ],
        413,
        'The image is too large (limit 2 MB)',
      ],
      [[{ name: 'file', filename: '', type: 'application/octet-stream', data: '' }], 400, 'No file selected'],
      [[], 400, 'No file selected'],
      [[{ name: 'image', filename: 'x.png', type: 'image/png', data: tinyPng() }], 400, 'Send exactly one'],
      [
        [
          { name: 'file', filename: 'x.png', type: 'image/png', data: tinyPng() },
          { name: 'file', filename: 'y.png', type: 'image/png', data: tinyPng() },
        ],
        400,
        'Send exactly one',
      ],
      [[{ name: 'note', data: 'hello' }], 400, 'Send exactly one'],
    ];
    for (const [parts, status, message] of refusals) {
      const res = await upload(manager.token, parts);
      expect(res.statusCode, message).toBe(status);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const notMultipart = await call('POST', '/api/manager/upload-image', manager.token, { file: 'x' });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json<{ message: string }>().message).toBe('No file selected');
    // Nothing was stored or audited.
    expect((await audit()).filter((a) => a.action === 'image.upload')).toEqual([]);
  });
});

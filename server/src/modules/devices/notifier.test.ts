import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { FcmPushSender, isInvalidTokenAnswer } from '../../infra/push/fcm';
import { createPushSender } from '../../infra/push';
import { FakeFcm, INVALID_PAYLOAD, INVALID_TOKEN, UNAVAILABLE, UNREGISTERED } from '../../testing/fake-fcm';
import { DIALECTS, bearer, createTestApp, register, type TestApp } from '../../testing/harness';
import { TestSocket } from '../../testing/ws-client';
import { pairKey } from '../social/relations';

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silentLog;
  },
  level: 'silent',
  silent() {},
} as never;

describe.each(DIALECTS)('push notifications on %s', (dialect) => {
  let t: TestApp;
  let fcm: FakeFcm;
  let url: string;
  let sockets: TestSocket[] = [];
  afterEach(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    sockets = [];
    await t.close();
    await fcm.stop();
  });

  async function setup() {
    fcm = new FakeFcm();
    const baseUrl = await fcm.start();
    const pushSender = new FcmPushSender({
      projectId: 'spar-test',
      baseUrl,
      accessToken: async () => 'ya29.fake-access-token',
      log: silentLog,
      retries: 2,
      baseDelayMs: 5,
      jitterMs: 0,
    });
    t = await createTestApp(dialect, {}, { pushSender });
    url = await t.listen();
  }
  async function friends() {
    const a = await register(t.app, { username: 'sender' });
    const b = await register(t.app, { username: 'away_friend' });
    await t.app.db.kysely
      .insertInto('friendships')
      .values({
        pair_key: pairKey(a.user.id, b.user.id),
        user_id: a.user.id,
        friend_id: b.user.id,
        status: 'accepted',
        blocked_by: null,
        created_at: 0,
        updated_at: 0,
      })
      .execute();
    return { a, b };
  }
  const device = (token: string, userToken: string, path = '/api/device-tokens') =>
    t.app.inject({
      method: 'POST',
      url: path,
      payload: { token, platform: 'android', deviceName: 'Phone' },
      headers: bearer(userToken),
    });
  async function connect(token: string) {
    const s = await TestSocket.signedIn(url, token);
    sockets.push(s);
    return s;
  }
  let seq = 0;
  async function chat(s: TestSocket, toUserId: number, text: string) {
    const clientId = `n${++seq}`;
    s.send({ type: 'CHAT_SEND', clientId, toUserId, text });
    await s.next('CHAT_MESSAGE', (m) => m.message.clientId === clientId);
    await t.app.notifier.settled();
  }
  const active = async (token: string) =>
    (
      await t.app.db.kysely
        .selectFrom('device_tokens')
        .select('is_active')
        .where('token', '=', token)
        .execute()
    ).map((row) => row.is_active);

  it('pushes a message to a friend with no open socket, and not to one who is online', async () => {
    await setup();
    const { a, b } = await friends();
    await device('phone-b', b.token);
    const sa = await connect(a.token);
    await chat(sa, b.user.id, 'Are you up for a game?');
    expect(fcm.requests).toHaveLength(1);
    const [request] = fcm.requests;
    expect(request!.path).toBe('/v1/projects/spar-test/messages:send');
    expect(request!.authorization).toBe('Bearer ya29.fake-access-token');
    expect(request!.message).toEqual({
      token: 'phone-b',
      notification: { title: 'sender', body: 'Are you up for a game?' },
      data: { kind: 'chat_message', friendId: String(a.user.id), messageId: expect.any(String) },
    });
    // Online now: the socket delivers, no push.
    const sb = await connect(b.token);
    await chat(sa, b.user.id, 'Now you are here');
    await sb.next('CHAT_MESSAGE', (m) => m.message.text === 'Now you are here');
    expect(fcm.requests).toHaveLength(1);
    // Gone again: pushes resume. The sender's own devices never get their messages.
    await sb.close();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await device('phone-a', a.token);
    await chat(sa, b.user.id, 'Back to push');
    expect(fcm.requests.map((r) => [r.message.token, r.message.notification.body])).toEqual([
      ['phone-b', 'Are you up for a game?'],
      ['phone-b', 'Back to push'],
    ]);
  });

  it('skips deactivated tokens and tokens another account took over', async () => {
    await setup();
    const { a, b } = await friends();
    await device('kept', b.token);
    await device('switched-off', b.token);
    await device('switched-off', b.token, '/api/device-tokens/deactivate');
    await device('handed-on', b.token);
    t.clock.advance(1000);
    const other = await register(t.app, { username: 'new_owner' });
    await device('handed-on', other.token);
    const sa = await connect(a.token);
    await chat(sa, b.user.id, 'hello');
    expect(fcm.requests.map((r) => r.message.token)).toEqual(['kept']);
  });

  it('deactivates tokens FCM reports as unregistered or invalid, and keeps the rest', async () => {
    await setup();
    const { a, b } = await friends();
    for (const token of ['gone', 'malformed', 'payload-issue', 'flaky', 'fine']) await device(token, b.token);
    fcm.answer('gone', UNREGISTERED);
    fcm.answer('malformed', INVALID_TOKEN);
    fcm.answer('payload-issue', INVALID_PAYLOAD);
    fcm.answer('flaky', UNAVAILABLE, UNAVAILABLE);
    const sa = await connect(a.token);
    await chat(sa, b.user.id, 'first');
    expect(await active('gone')).toEqual([0]);
    expect(await active('malformed')).toEqual([0]);
    expect(await active('payload-issue')).toEqual([1]);
    expect(await active('flaky')).toEqual([1]);
    // Two 503s, then the retry got through.
    expect(fcm.sentTo('flaky')).toHaveLength(3);
    fcm.requests.length = 0;
    await chat(sa, b.user.id, 'second');
    expect(fcm.requests.map((r) => r.message.token).sort()).toEqual(['fine', 'flaky', 'payload-issue']);
  });

  it('gives up on a token after the retries, without deactivating it', async () => {
    await setup();
    const { a, b } = await friends();
    await device('down', b.token);
    fcm.answer('down', UNAVAILABLE, UNAVAILABLE, UNAVAILABLE, UNAVAILABLE);
    const sa = await connect(a.token);
    await chat(sa, b.user.id, 'anyone?');
    expect(fcm.sentTo('down')).toHaveLength(3);
    expect(await active('down')).toEqual([1]);
  });

  it('notifies other kinds through the same notifier', async () => {
    await setup();
    const { b } = await friends();
    await device('phone-b', b.token);
    await t.app.notifier.notify(b.user.id, {
      kind: 'friend_request',
      title: 'Friend request',
      body: 'sender wants to be friends',
      data: { fromUserId: '1' },
    });
    expect(fcm.requests[0]!.message).toMatchObject({
      notification: { title: 'Friend request', body: 'sender wants to be friends' },
      data: { kind: 'friend_request', fromUserId: '1' },
    });
  });

  it('pushes a friend request and a game invitation to a player who is away', async () => {
    await setup();
    const asker = await register(t.app, { username: 'asker' });
    const away = await register(t.app, { username: 'away_player' });
    await device('phone-away', away.token);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/friends/request',
      payload: { friendId: away.user.id },
      headers: bearer(asker.token),
    });
    expect(asked.statusCode).toBe(200);
    await t.app.notifier.settled();
    expect(fcm.requests.map((r) => r.message)).toEqual([
      {
        token: 'phone-away',
        notification: { title: 'Friend request', body: 'asker wants to be your friend' },
        data: { kind: 'friend_request', userId: String(asker.user.id) },
      },
    ]);
    // The same request again is refused and tells nobody twice.
    await t.app.inject({
      method: 'POST',
      url: '/api/friends/request',
      payload: { friendId: away.user.id },
      headers: bearer(asker.token),
    });
    await t.app.notifier.settled();
    expect(fcm.requests).toHaveLength(1);

    const friendship = asked.json<{ id: number }>();
    await t.app.inject({
      method: 'POST',
      url: '/api/friends/respond',
      payload: { requestId: friendship.id, status: 'accepted' },
      headers: bearer(away.token),
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/game-rooms/private',
      payload: { friendshipId: friendship.id },
      headers: bearer(asker.token),
    });
    expect(created.statusCode).toBe(201);
    await t.app.notifier.settled();
    expect(fcm.requests[1]!.message).toEqual({
      token: 'phone-away',
      notification: { title: 'Game invitation', body: 'asker challenges you to a private game' },
      data: {
        kind: 'game_invitation',
        gameId: created.json<{ id: string }>().id,
        userId: String(asker.user.id),
      },
    });
  });
});

describe('push configuration', () => {
  const base = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'spar-fcm-')) };
  const key = '-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n';

  it('is off without FCM variables, and then only logs', () => {
    const config = loadConfig(base);
    expect(config.fcm).toBeNull();
    expect(createPushSender(config.fcm, silentLog).kind).toBe('log');
  });

  it('reads a service account key file, or the email and key fields', () => {
    const file = path.join(base.DATA_DIR, 'service-account.json');
    writeFileSync(
      file,
      JSON.stringify({
        type: 'service_account',
        project_id: 'from-file',
        client_email: 'push@x.iam',
        private_key: key,
      }),
    );
    expect(loadConfig({ ...base, FCM_SERVICE_ACCOUNT_FILE: file }).fcm).toEqual({
      projectId: 'from-file',
      clientEmail: 'push@x.iam',
      privateKey: key,
      baseUrl: 'https://fcm.googleapis.com',
    });
    const fields = loadConfig({
      ...base,
      FCM_PROJECT_ID: 'spar-prod',
      FCM_CLIENT_EMAIL: 'push@x.iam',
      FCM_PRIVATE_KEY: key.replace(/\n/g, '\\n'),
      FCM_BASE_URL: 'http://127.0.0.1:9/',
    }).fcm;
    expect(fields).toEqual({
      projectId: 'spar-prod',
      clientEmail: 'push@x.iam',
      privateKey: key,
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(createPushSender(fields, silentLog).kind).toBe('fcm');
  });

  it('refuses incomplete or unreadable settings, naming the variable', () => {
    const bad: [Record<string, string>, RegExp][] = [
      [{ FCM_PROJECT_ID: 'p' }, /FCM_CLIENT_EMAIL: FCM needs FCM_SERVICE_ACCOUNT_FILE/],
      [{ FCM_PROJECT_ID: 'p', FCM_CLIENT_EMAIL: 'a@b' }, /FCM needs/],
      [{ FCM_CLIENT_EMAIL: 'a@b', FCM_PRIVATE_KEY: key }, /FCM_PROJECT_ID: required/],
      [
        { FCM_SERVICE_ACCOUNT_FILE: '/no/such/file.json' },
        /FCM_SERVICE_ACCOUNT_FILE: \/no\/such\/file.json cannot be read/,
      ],
      [{ FCM_SERVICE_ACCOUNT_FILE: '/x.json', FCM_CLIENT_EMAIL: 'a@b' }, /not both/],
      [
        { FCM_CLIENT_EMAIL: 'a@b', FCM_PRIVATE_KEY: key, FCM_PROJECT_ID: 'p', FCM_BASE_URL: 'ftp://x' },
        /FCM_BASE_URL/,
      ],
    ];
    for (const [env, message] of bad) {
      expect(() => loadConfig({ ...base, ...env }), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ...env })).toThrow(message);
    }
    const notJson = path.join(base.DATA_DIR, 'broken.json');
    writeFileSync(notJson, '{ nope');
    expect(() => loadConfig({ ...base, FCM_SERVICE_ACCOUNT_FILE: notJson })).toThrow(/is not JSON/);
    const notKey = path.join(base.DATA_DIR, 'not-key.json');
    writeFileSync(notKey, '{"project_id":"p"}');
    expect(() => loadConfig({ ...base, FCM_SERVICE_ACCOUNT_FILE: notKey })).toThrow(
      /not a service account key/,
    );
  });

  it('tells a dead token from other refusals', () => {
    expect(isInvalidTokenAnswer(404, UNREGISTERED.body as never)).toBe(true);
    expect(isInvalidTokenAnswer(400, INVALID_TOKEN.body as never)).toBe(true);
    expect(isInvalidTokenAnswer(400, INVALID_PAYLOAD.body as never)).toBe(false);
    expect(isInvalidTokenAnswer(503, UNAVAILABLE.body as never)).toBe(false);
    expect(isInvalidTokenAnswer(403, { error: { status: 'PERMISSION_DENIED' } })).toBe(false);
  });
});

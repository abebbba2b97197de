import { describe, expect, it } from 'vitest';
import type { ChatMessage, ServerMessageOf } from '@shared/protocol';
import { DIALECTS, bearer, register } from '../../testing/harness';
import { liveAppPerTest } from '../../testing/live-app';
import { TestSocket, type Received } from '../../testing/ws-client';
import { pairKey } from '../social/relations';
import { insertMessage } from './repo';
import { ChatRateLimiter } from './service';

// Chat's own limit (10 per 10 s) is under test; the socket's frame limit is not.
const FAST = { WS_MESSAGES_PER_SECOND: '5000' };

describe('chat rate limiter', () => {
  it('counts new client ids per sender in a sliding window, and forgets quiet senders', () => {
    const limiter = new ChatRateLimiter(3, 1000);
    expect([1, 2, 3, 4].map((n) => limiter.take(1, `c${n}`, 0))).toEqual([true, true, true, false]);
    expect(limiter.take(1, 'c2', 10)).toBe(true);
    expect(limiter.take(2, 'other', 10)).toBe(true);
    expect(limiter.take(1, 'c5', 999)).toBe(false);
    expect(limiter.take(1, 'c5', 1000)).toBe(true);
    expect(limiter.size).toBe(2);
    for (let n = 0; n < 1000; n++) limiter.take(3, `late${n % 2}`, 5000);
    expect(limiter.size).toBe(1);
  });
});

describe.each(DIALECTS)('chat on %s', (dialect) => {
  const rig = liveAppPerTest(dialect, FAST);
  let url: string;
  async function setup() {
    url = await rig.start();
  }
  async function user(username: string) {
    return register(rig.t.app, { username });
  }
  async function connect(token: string) {
    const s = await TestSocket.signedIn(url, token);
    rig.track(s);
    return s;
  }
  async function relate(
    a: number,
    b: number,
    status: 'pending' | 'accepted' | 'blocked',
    blockedBy?: number,
  ) {
    await rig.t.app.db.kysely
      .insertInto('friendships')
      .values({
        pair_key: pairKey(a, b),
        user_id: a,
        friend_id: b,
        status,
        blocked_by: status === 'blocked' ? (blockedBy ?? a) : null,
        created_at: rig.t.clock.now(),
        updated_at: rig.t.clock.now(),
      })
      .execute();
  }
  async function friends() {
    const a = await user('amara');
    const b = await user('bayo');
    await relate(a.user.id, b.user.id, 'accepted');
    return { a, b };
  }
  const stored = () => rig.t.app.db.kysely.selectFrom('chat_messages').selectAll().orderBy('id').execute();
  const get = (path: string, token: string) =>
    rig.t.app.inject({ method: 'GET', url: path, headers: bearer(token) });
  const post = (path: string, token: string) =>
    rig.t.app.inject({ method: 'POST', url: path, headers: bearer(token) });
  let seq = 0;
  const send = (s: TestSocket, toUserId: number, text: string, clientId = `c${++seq}`) => {
    s.send({ type: 'CHAT_SEND', clientId, toUserId, text });
    return clientId;
  };
  /** The first frame matching, wherever it came: frames for different messages may cross. */
  async function first<T extends Received>(s: TestSocket, match: (frame: Received) => frame is T) {
    for (let waited = 0; waited < 5000; waited += 10) {
      const found = s.frames.find(match);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no such frame; got ${JSON.stringify(s.frames.slice(-5))}`);
  }
  const answer = async (s: TestSocket, clientId: string) =>
    (
      await first(
        s,
        (f): f is ServerMessageOf<'CHAT_MESSAGE'> =>
          f.type === 'CHAT_MESSAGE' && f.message.clientId === clientId,
      )
    ).message;
  /** Waits for the `n`th answer to `clientId` on `s` and returns every answer so far. */
  async function answers(s: TestSocket, clientId: string, n: number) {
    const of = () =>
      s.frames.filter(
        (f): f is ServerMessageOf<'CHAT_MESSAGE'> =>
          f.type === 'CHAT_MESSAGE' && f.message.clientId === clientId,
      );
    for (let waited = 0; of().length < n && waited < 5000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(of()).toHaveLength(n);
    return of().map((f) => f.message);
  }
  const refusal = (s: TestSocket, clientId: string) =>
    first(s, (f): f is ServerMessageOf<'ERROR'> => f.type === 'ERROR' && f.clientId === clientId);

  it('stores a message and answers it to every connection of both players', async () => {
    await setup();
    const { a, b } = await friends();
    const a1 = await connect(a.token);
    const a2 = await connect(a.token);
    const b1 = await connect(b.token);
    const id = send(a1, b.user.id, '  Hello <b>Bayo</b>  ');
    const mine = await answer(a1, id);
    expect(mine).toEqual({
      id: expect.any(Number),
      clientId: id,
      fromUserId: a.user.id,
      toUserId: b.user.id,
      text: 'Hello <b>Bayo</b>',
      createdAt: rig.t.clock.now(),
    });
    expect(await answer(a2, id)).toEqual(mine);
    expect(await answer(b1, id)).toEqual(mine);
    // And back the other way.
    const reply = send(b1, a.user.id, 'Hi!');
    expect((await answer(a1, reply)).fromUserId).toBe(b.user.id);
    expect((await stored()).map((row) => row.body)).toEqual(['Hello <b>Bayo</b>', 'Hi!']);
  });

  it('stores the same client id once, even sent 50 times at once', async () => {
    await setup();
    const { a, b } = await friends();
    const sa = await connect(a.token);
    const sb = await connect(b.token);
    const id = send(sa, b.user.id, 'once');
    const first = await answer(sa, id);
    await answer(sb, id);
    // Sent again, the stored message comes back to the sender alone, even with other text.
    send(sa, b.user.id, 'twice?', id);
    expect((await answers(sa, id, 2))[1]).toEqual(first);

    const burst = 'burst-1';
    for (let i = 0; i < 50; i++) send(sa, b.user.id, 'hello fifty', burst);
    const fifty = await answers(sa, burst, 50);
    expect(new Set(fifty.map((m) => m.id)).size).toBe(1);
    expect(sa.frames.filter((f) => f.type === 'ERROR')).toEqual([]);
    const rows = await stored();
    expect(rows.filter((row) => row.client_id === burst)).toHaveLength(1);
    expect(rows).toHaveLength(2);
    // The recipient heard of each message exactly once.
    const marker = send(sa, b.user.id, 'marker');
    await answer(sb, marker);
    const heard = sb.frames.filter((f) => f.type === 'CHAT_MESSAGE').map((f) => f.message.clientId);
    expect(heard).toEqual([id, burst, marker]);
  });

  it('takes 1 to 1000 characters after trimming, counted as code points', async () => {
    await setup();
    const { a, b } = await friends();
    const s = await connect(a.token);
    for (const text of ['', '   \n\t ']) {
      const id = send(s, b.user.id, text);
      expect(await refusal(s, id)).toMatchObject({
        code: 'INVALID_MESSAGE',
        message: 'Message cannot be empty',
        ref: 'CHAT_SEND',
      });
    }
    const ok = ['x', 'y'.repeat(1000), `  ${'z'.repeat(1000)}  `, '😀'.repeat(1000)];
    for (const text of ok) {
      const id = send(s, b.user.id, text);
      expect((await answer(s, id)).text).toBe(text.trim());
    }
    for (const text of ['y'.repeat(1001), '😀'.repeat(1001)]) {
      const id = send(s, b.user.id, text);
      expect(await refusal(s, id)).toMatchObject({
        code: 'INVALID_MESSAGE',
        message: 'Message is longer than 1000 characters',
      });
    }
    // Far past any message: the frame itself is refused.
    s.send({ type: 'CHAT_SEND', clientId: 'huge', toUserId: b.user.id, text: 'w'.repeat(4001) });
    const refused = (text: string) =>
      first(s, (f): f is ServerMessageOf<'ERROR'> => f.type === 'ERROR' && !!f.message?.includes(text));
    expect(await refused('text must be at most 1000 characters')).toMatchObject({ code: 'INVALID_MESSAGE' });
    s.send({ type: 'CHAT_SEND', clientId: 'bad id!', toUserId: b.user.id, text: 'hi' });
    expect(await refused('clientId must be 1 to 64 letters')).toMatchObject({
      code: 'INVALID_MESSAGE',
      ref: 'CHAT_SEND',
    });
    expect((await stored()).map((row) => [...row.body].length)).toEqual([1, 1000, 1000, 1000]);
  });

  it('rate-limits each sender to 10 messages in 10 seconds', async () => {
    await setup();
    const { a, b } = await friends();
    const sa = await connect(a.token);
    const sb = await connect(b.token);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(send(sa, b.user.id, `m${i}`));
    for (const id of ids) await answer(sa, id);
    const over = send(sa, b.user.id, 'one too many');
    expect(await refusal(sa, over)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You can send 10 messages every 10 seconds; wait a moment',
    });
    // A retry of a stored message is not a new message, and the other player is not limited.
    send(sa, b.user.id, 'm0', ids[0]);
    await answers(sa, ids[0]!, 2);
    const theirs = send(sb, a.user.id, 'my turn');
    await answer(sb, theirs);
    rig.t.clock.advance(10_000);
    send(sa, b.user.id, 'one too many', over);
    expect((await answer(sa, over)).text).toBe('one too many');
    expect(await stored()).toHaveLength(12);
  });

  it('refuses strangers, pending requests, blocked pairs and oneself', async () => {
    await setup();
    const a = await user('amara');
    const stranger = await user('stranger');
    const asked = await user('asked');
    const blocker = await user('blocker');
    const blockedByA = await user('blocked_by_a');
    await relate(a.user.id, asked.user.id, 'pending');
    await relate(blocker.user.id, a.user.id, 'blocked', blocker.user.id);
    await relate(a.user.id, blockedByA.user.id, 'blocked', a.user.id);
    const s = await connect(a.token);
    const expectRefused = async (to: number, message: string) => {
      const id = send(s, to, 'hello');
      expect(await refusal(s, id)).toMatchObject({ code: 'FORBIDDEN', message, ref: 'CHAT_SEND' });
    };
    await expectRefused(stranger.user.id, 'You can only message friends');
    await expectRefused(asked.user.id, 'You can only message friends');
    await expectRefused(blocker.user.id, 'You cannot message this player');
    await expectRefused(blockedByA.user.id, 'You cannot message this player');
    await expectRefused(999_999, 'You can only message friends');
    const self = send(s, a.user.id, 'me');
    expect(await refusal(s, self)).toMatchObject({
      code: 'INVALID_MESSAGE',
      message: 'You cannot message yourself',
    });
    // The blocker cannot write either.
    const sBlocker = await connect(blocker.token);
    const back = send(sBlocker, a.user.id, 'hi');
    expect((await refusal(sBlocker, back)).code).toBe('FORBIDDEN');
    for (const other of [stranger, asked, blocker, blockedByA]) {
      const history = await get(`/api/chat/${other.user.id}/messages`, a.token);
      expect(history.statusCode).toBe(403);
      expect((await post(`/api/chat/${other.user.id}/read`, a.token)).statusCode).toBe(403);
    }
    expect(await stored()).toHaveLength(0);
    // Not signed in: no sending.
    const anon = await TestSocket.open(url);
    rig.track(anon);
    anon.send({ type: 'CHAT_SEND', clientId: 'x', toUserId: stranger.user.id, text: 'hi' });
    expect((await anon.next('ERROR')).code).toBe('AUTH_REQUIRED');
  });

  it('pages history newest first with a before cursor', async () => {
    await setup();
    const { a, b } = await friends();
    const db = rig.t.app.db.kysely;
    const key = pairKey(a.user.id, b.user.id);
    for (let i = 0; i < 25; i++) {
      const [from, to] = i % 2 === 0 ? [a.user.id, b.user.id] : [b.user.id, a.user.id];
      await insertMessage(db, {
        pairKey: key,
        senderId: from,
        recipientId: to,
        clientId: `p${i}`,
        body: `n${i}`,
        now: i,
      });
    }
    // Someone else's conversation is not part of it.
    const c = await user('chidi');
    await relate(a.user.id, c.user.id, 'accepted');
    await insertMessage(db, {
      pairKey: pairKey(a.user.id, c.user.id),
      senderId: c.user.id,
      recipientId: a.user.id,
      clientId: 'other',
      body: 'elsewhere',
      now: 100,
    });
    const texts: string[] = [];
    let before: number | null = null;
    let pages = 0;
    do {
      const query: string = `limit=10${before ? `&before=${before}` : ''}`;
      const res = await get(`/api/chat/${b.user.id}/messages?${query}`, a.token);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { messages: ChatMessage[]; nextBefore: number | null };
      texts.push(...page.messages.map((m) => m.text));
      before = page.nextBefore;
      pages++;
    } while (before !== null);
    expect(pages).toBe(3);
    expect(texts).toEqual(Array.from({ length: 25 }, (_, i) => `n${24 - i}`));
    // The friend reads the same conversation; the default page is 30.
    const theirs = (await get(`/api/chat/${a.user.id}/messages`, b.token)).json();
    expect(theirs.messages).toHaveLength(25);
    expect(theirs.nextBefore).toBeNull();
    const friendship = await db
      .selectFrom('friendships')
      .select('id')
      .where('pair_key', '=', key)
      .executeTakeFirstOrThrow();
    expect(theirs.friend).toEqual({ id: a.user.id, username: 'amara' });
    expect(theirs.friendshipId).toBe(friendship.id);
    expect(theirs.messages[0]).toMatchObject({ text: 'n24', fromUserId: a.user.id, toUserId: b.user.id });
    // An exact page end says so on the next request.
    const exact = (await get(`/api/chat/${b.user.id}/messages?limit=25`, a.token)).json();
    expect(exact.nextBefore).toBeNull();
    for (const [query, message] of [
      ['limit=0', 'limit must be between 1 and 100'],
      ['limit=101', 'limit must be between 1 and 100'],
      ['limit=abc', 'limit must be a number'],
      ['before=abc', 'before must be a number'],
      ['before=-3', 'before must be a message id'],
    ]) {
      const res = await get(`/api/chat/${b.user.id}/messages?${query}`, a.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(message);
    }
    expect((await get(`/api/chat/abc/messages`, a.token)).statusCode).toBe(404);
    expect(
      (await rig.t.app.inject({ method: 'GET', url: `/api/chat/${b.user.id}/messages` })).statusCode,
    ).toBe(401);
  });

  it('lists conversations with the last message and unread count, and marks them read', async () => {
    await setup();
    const { a, b } = await friends();
    const c = await user('chidi');
    await relate(c.user.id, a.user.id, 'accepted');
    const quiet = await user('quiet_friend');
    await relate(a.user.id, quiet.user.id, 'accepted');
    const sa = await connect(a.token);
    const sb = await connect(b.token);
    const sc = await connect(c.token);
    for (const text of ['one', 'two', 'three']) await answer(sb, send(sb, a.user.id, text));
    rig.t.clock.advance(1000);
    await answer(sc, send(sc, a.user.id, 'from chidi'));
    await answer(sa, send(sa, b.user.id, 'a to b'));
    const list = async (token: string) => {
      const res = await get('/api/chat/conversations', token);
      expect(res.statusCode).toBe(200);
      return res.json() as {
        friend: { id: number; username: string };
        lastMessage: ChatMessage;
        unreadCount: number;
      }[];
    };
    expect((await list(a.token)).map((c) => [c.friend.username, c.lastMessage.text, c.unreadCount])).toEqual([
      ['bayo', 'a to b', 3],
      ['chidi', 'from chidi', 1],
    ]);
    expect((await list(b.token)).map((c) => [c.friend.id, c.unreadCount])).toEqual([[a.user.id, 1]]);
    const read = await post(`/api/chat/${b.user.id}/read`, a.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ unreadCount: 0, lastReadId: expect.any(Number) });
    expect((await list(a.token)).map((c) => c.unreadCount)).toEqual([0, 1]);
    await answer(sb, send(sb, a.user.id, 'four'));
    expect((await list(a.token))[0]).toMatchObject({ unreadCount: 1, lastMessage: { text: 'four' } });
    // Nothing to read yet: the marker is empty, and reading twice is harmless.
    expect((await post(`/api/chat/${quiet.user.id}/read`, a.token)).json()).toEqual({
      lastReadId: null,
      unreadCount: 0,
    });
    await post(`/api/chat/${b.user.id}/read`, a.token);
    await post(`/api/chat/${b.user.id}/read`, a.token);
    expect((await list(a.token))[0]!.unreadCount).toBe(0);
    // A friendship that ends takes its conversation out of the list.
    await rig.t.app.db.kysely
      .updateTable('friendships')
      .set({ status: 'blocked', blocked_by: a.user.id })
      .where('pair_key', '=', pairKey(a.user.id, c.user.id))
      .execute();
    expect((await list(a.token)).map((c) => c.friend.username)).toEqual(['bayo']);
    expect((await rig.t.app.inject({ method: 'GET', url: '/api/chat/conversations' })).statusCode).toBe(401);
  });
});

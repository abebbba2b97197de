import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DECK } from '../game/cards';
import { gameView, viewPlayer } from '../testing/views';
import { clientMessageSchemas } from './client';
import {
  CLIENT_FAST_CHECKS,
  CLIENT_MESSAGE_TYPES,
  MAX_FRAME_BYTES,
  MAX_JSON_DEPTH,
  SERVER_MESSAGE_TYPES,
  parseClientMessage,
  parseServerMessage,
  type ClientMessage,
} from './index';

const valid: Record<string, object> = {
  MESSAGING_AUTH: { token: 'abc' },
  PING: {},
  GET_ONLINE_STATUS: { userIds: [1, 2], token: 'abc' },
  CHECK_QUEUE_STATUS: { token: 'abc' },
  JOIN_RANKED_QUEUE: { token: 'abc' },
  JOIN_QUICK_QUEUE: { token: 'abc' },
  LEAVE_QUEUE: { token: 'abc' },
  ACCEPT_MATCH: { token: 'match-1', userId: 4 },
  REJECT_MATCH: { token: 'match-1', userId: 4 },
  GAME_JOIN: { gameId: 'g_123' },
  GAME_PLAY: { gameId: 'g_123', card: '7_hearts', seq: 3 },
  GAME_RESIGN: { gameId: 'g_123' },
  GAME_LEAVE: { gameId: 'g_123' },
  DECLINE_GAME_INVITATION: { gameId: 'g_123' },
  ACCEPT_REMATCH: { gameId: 'g_123' },
  DECLINE_REMATCH: { gameId: 'g_123' },
  CHAT_SEND: { clientId: 'm-1', toUserId: 4, text: 'Hello' },
  GAME_EMOTE: { gameId: 'g_123', emote: 'good_game' },
  TOURNAMENT_WATCH: { tournamentId: 7 },
  TOURNAMENT_UNWATCH: { tournamentId: 7 },
};

describe('parseClientMessage', () => {
  it('accepts every client message, as text or as a value', () => {
    expect(new Set(CLIENT_MESSAGE_TYPES)).toEqual(new Set(Object.keys(valid)));
    for (const [type, body] of Object.entries(valid)) {
      const frame = { type, ...body };
      const fromText = parseClientMessage(JSON.stringify(frame));
      expect(fromText).toEqual({ ok: true, message: frame });
      expect(parseClientMessage(frame)).toEqual(fromText);
    }
  });

  it('narrows to the typed message', () => {
    const result = parseClientMessage('{"type":"GAME_PLAY","gameId":"x","card":"K_spades","seq":0}');
    if (!result.ok) throw new Error(result.error.message);
    const message: ClientMessage = result.message;
    if (message.type !== 'GAME_PLAY') throw new Error('wrong type');
    expect(message.card).toBe('K_spades');
  });

  it('lets the spec client omit the session token on queue messages, and drops unknown fields', () => {
    expect(parseClientMessage({ type: 'JOIN_QUICK_QUEUE' })).toEqual({
      ok: true,
      message: { type: 'JOIN_QUICK_QUEUE' },
    });
    expect(parseClientMessage({ type: 'PING', extra: 1 })).toEqual({ ok: true, message: { type: 'PING' } });
  });

  it('takes a quick table size of 2, 3 or 4 and refuses any other with a clear message', () => {
    for (const size of [2, 3, 4]) {
      expect(parseClientMessage({ type: 'JOIN_QUICK_QUEUE', size })).toEqual({
        ok: true,
        message: { type: 'JOIN_QUICK_QUEUE', size },
      });
    }
    for (const size of [0, 1, 5, 3.5, '3', null, [3]]) {
      const result = parseClientMessage({ type: 'JOIN_QUICK_QUEUE', size });
      expect(result.ok, JSON.stringify(size)).toBe(false);
      if (result.ok) continue;
      expect(result.error).toMatchObject({ code: 'INVALID_MESSAGE', ref: 'JOIN_QUICK_QUEUE' });
      expect(result.error.message).toBe('Invalid JOIN_QUICK_QUEUE: size: size must be 2, 3 or 4');
    }
    const found = {
      type: 'MATCH_FOUND',
      token: 'm_1',
      opponent: { username: 'kofi', avatarUrl: null },
      opponents: [
        { username: 'kofi', avatarUrl: null },
        { username: 'ama', avatarUrl: '/assets/shop/avatars/owl.svg' },
        { username: 'yaw', avatarUrl: null },
      ],
    };
    expect(parseServerMessage(found).ok).toBe(true);
    const four = { ...found, opponents: [...found.opponents, { username: 'esi', avatarUrl: null }] };
    expect(parseServerMessage(four).ok).toBe(false);
  });

  it('explains what is wrong with a bad frame', () => {
    const cases: [unknown, RegExp][] = [
      ['not json', /not valid JSON/],
      ['[1,2]', /JSON object/],
      ['null', /JSON object/],
      [42, /JSON object/],
      ['{"no":"type"}', /string type/],
      ['{"type":"HACK"}', /Unknown client message type: HACK/],
      ['{"type":"toString"}', /Unknown client message type/],
      ['{"type":"__proto__"}', /Unknown client message type/],
      ['{"type":"MESSAGING_AUTH"}', /Invalid MESSAGING_AUTH: token/],
      [
        '{"type":"GAME_PLAY","gameId":"g","card":"A_spades","seq":1}',
        /Invalid GAME_PLAY: card: must be a card key/,
      ],
      ['{"type":"GAME_PLAY","gameId":"g","card":"6_spades","seq":-1}', /seq/],
      ['{"type":"GAME_JOIN","gameId":"../etc"}', /gameId: must be a game id/],
      ['{"type":"ACCEPT_MATCH","token":"m","userId":"1"}', /userId/],
      ['{"type":"GET_ONLINE_STATUS","userIds":"all"}', /userIds/],
    ];
    for (const [raw, pattern] of cases) {
      const result = parseClientMessage(raw);
      expect(result.ok, String(raw)).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe('INVALID_MESSAGE');
        expect(result.error.message).toMatch(pattern);
      }
    }
    const bad = parseClientMessage('{"type":"GAME_PLAY"}');
    expect(!bad.ok && bad.error.ref).toBe('GAME_PLAY');
  });

  it('refuses frames above the size limit, counting UTF-8 bytes', () => {
    const big = JSON.stringify({ type: 'MESSAGING_AUTH', token: 'x', pad: 'a'.repeat(MAX_FRAME_BYTES) });
    expect(parseClientMessage(big)).toMatchObject({ ok: false, error: { message: /larger than/ } });
    const wide = JSON.stringify({ type: 'PING', pad: '€'.repeat(Math.ceil(MAX_FRAME_BYTES / 3) + 10) });
    expect(wide.length).toBeLessThan(MAX_FRAME_BYTES);
    expect(parseClientMessage(wide)).toMatchObject({ ok: false, error: { message: /larger than/ } });
    const fits = JSON.stringify({ type: 'PING', pad: '€'.repeat(1000) });
    expect(parseClientMessage(fits).ok).toBe(true);
  });

  it('refuses frames nested deeper than 32 levels before any schema work', () => {
    // The frame object itself is level 1.
    const nested = (levels: number) =>
      `{"type":"PING","pad":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    expect(parseClientMessage(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    for (const frame of [
      nested(MAX_JSON_DEPTH + 1),
      nested(5000),
      `{"type":"NOPE","a":${'{"b":'.repeat(40)}1${'}'.repeat(40)}}`,
    ]) {
      expect(parseClientMessage(frame)).toEqual({
        ok: false,
        error: { code: 'INVALID_MESSAGE', message: `Frame is nested deeper than ${MAX_JSON_DEPTH} levels` },
      });
    }
    // An already-decoded value is held to the same limit.
    expect(parseClientMessage(JSON.parse(nested(MAX_JSON_DEPTH))).ok).toBe(true);
    expect(parseClientMessage(JSON.parse(nested(MAX_JSON_DEPTH + 1))).ok).toBe(false);
    // Brackets inside strings, escaped quotes included, are text, not nesting.
    const quoted = JSON.stringify({ type: 'PING', pad: `\\"${'[{'.repeat(100)}"` });
    expect(parseClientMessage(quoted).ok).toBe(true);
    expect(parseClientMessage(JSON.stringify({ type: 'PING', pad: '\\' })).ok).toBe(true);
  });

  it('never throws, whatever arrives', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json(), fc.anything()), (raw) => {
        const result = parseClientMessage(raw);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });
});

describe('the hand-written checks of the busiest messages', () => {
  // Values near and on every edge of GAME_PLAY's schema: each check must accept exactly what its
  // schema accepts and give exactly what it gives, unknown fields dropped, -0 kept.
  const field = {
    gameId: fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/),
      fc.string({ maxLength: 70 }),
      fc.constantFrom('', 'a'.repeat(64), 'a'.repeat(65), 'g\n', 'g_\u0131', '../etc', 'g 1'),
      fc.anything(),
    ),
    card: fc.oneof(
      fc.constantFrom(...DECK),
      fc.constantFrom('A_spades', '7_Hearts', ' 7_hearts', 'toString', '__proto__', 'constructor', ''),
      fc.string(),
      fc.anything(),
    ),
    seq: fc.oneof(
      fc.nat(),
      fc.integer(),
      fc.double(),
      fc.constantFrom(-0, 0, 2 ** 53 - 1, 2 ** 53, -1, 0.5, Number.NaN, Infinity, '3', null, true),
      fc.anything(),
    ),
  };
  const message = fc.record(
    { type: fc.constant('GAME_PLAY'), ...field, extra: fc.anything() },
    { requiredKeys: ['type'] },
  );

  it('GAME_PLAY: accepts what its schema accepts, and gives what it gives', () => {
    const check = CLIENT_FAST_CHECKS.GAME_PLAY!;
    fc.assert(
      fc.property(message, (value) => {
        const schema = clientMessageSchemas.GAME_PLAY.safeParse(value);
        const fast = check(value);
        expect(fast !== null).toBe(schema.success);
        if (fast) expect(fast).toStrictEqual(schema.data);
        // Through the parser too, as a value and as text (JSON has no -0, undefined or NaN).
        const parsed = parseClientMessage(value);
        expect(parsed).toStrictEqual(
          schema.success ? { ok: true, message: schema.data } : expect.objectContaining({ ok: false }),
        );
      }),
      { numRuns: 5000 },
    );
  });

  it('GAME_PLAY: anything it refuses is worded by the schema', () => {
    expect(parseClientMessage({ type: 'GAME_PLAY', gameId: 'g_1', card: 'A_spades', seq: 1 })).toEqual({
      ok: false,
      error: {
        code: 'INVALID_MESSAGE',
        message: 'Invalid GAME_PLAY: card: must be a card key such as 7_hearts',
        ref: 'GAME_PLAY',
      },
    });
    expect(
      parseClientMessage('{"type":"GAME_PLAY","gameId":"g_1","card":"7_hearts","seq":1,"x":[1]}'),
    ).toEqual({
      ok: true,
      message: { type: 'GAME_PLAY', gameId: 'g_1', card: '7_hearts', seq: 1 },
    });
  });

  it('only messages that exist have one', () => {
    for (const type of Object.keys(CLIENT_FAST_CHECKS)) expect(CLIENT_MESSAGE_TYPES).toContain(type);
  });
});

describe('parseServerMessage', () => {
  it('knows every server message, the game-room ones included', () => {
    for (const type of [
      'MESSAGING_AUTH_SUCCESS',
      'CONNECTION_QUALITY',
      'PONG',
      'ONLINE_STATUS',
      'USER_ONLINE',
      'USER_OFFLINE',
      'QUEUE_JOIN_SUCCESS',
      'QUEUE_STATUS_RESPONSE',
      'QUEUE_LEAVE_SUCCESS',
      'MATCH_FOUND',
      'MATCH_ACCEPTANCE_UPDATE',
      'MATCH_REJECTED',
      'GAME_CREATED',
      'ERROR',
      'GAME_STATE',
      'GAME_UPDATE',
      'GAME_OVER',
      'GAME_INVITATION',
      'GAME_INVITATION_CANCELLED',
    ]) {
      expect(SERVER_MESSAGE_TYPES).toContain(type);
    }
  });

  it('parses a game state with its view, and an update with its changes and events', () => {
    const game = gameView({
      seq: 4,
      players: [
        viewPlayer(0, { avatarUrl: '/assets/shop/avatars/lion.svg', cardsInHand: 4 }),
        viewPlayer(1, { score: 2, connected: false }),
      ],
      hand: ['6_hearts', 'K_spades', '9_clubs', '10_diamonds'],
      turn: 1,
      turnDeadline: 1_700_000_000_000,
      handNumber: 2,
      currentTrick: [{ seat: 0, card: '7_hearts' }],
      legalCards: [],
    });
    const state = { type: 'GAME_STATE', gameId: 'g1', game };
    expect(parseServerMessage(JSON.stringify(state))).toEqual({ ok: true, message: state });
    expect(parseServerMessage({ ...state, game: { ...game, hand: ['A_spades'] } }).ok).toBe(false);
    const frame = {
      type: 'GAME_UPDATE',
      gameId: 'g1',
      seq: 5,
      changes: { players: [{ seat: 1, cardsInHand: 4 }], turn: 0, currentTrick: [] },
      events: [
        { kind: 'CARD_PLAYED', seat: 1, card: '8_hearts' },
        { kind: 'TURN', seat: 0, deadline: 1_700_000_000_000 },
      ],
    };
    expect(parseServerMessage(JSON.stringify(frame))).toEqual({ ok: true, message: frame });
    // Changes are the view's own fields, checked as in a view; a player entry names its seat.
    expect(parseServerMessage({ ...frame, changes: { hand: ['A_spades'] } }).ok).toBe(false);
    expect(parseServerMessage({ ...frame, changes: { seq: 5 } }).ok).toBe(false);
    expect(parseServerMessage({ ...frame, changes: { players: [{ score: 3 }] } }).ok).toBe(false);
    expect(
      parseServerMessage({ type: 'ERROR', code: 'STALE_STATE', message: 'Refresh', ref: 'GAME_PLAY' }).ok,
    ).toBe(true);
    expect(parseServerMessage({ type: 'ERROR', code: 'MADE_UP' }).ok).toBe(false);
  });
});

import { randomInt } from 'node:crypto';
/**
 * Table reactions over /ws: delivered to the table and its spectators, rate-limited, never between
 * a blocked pair, refused for spectators and bad payloads without closing the socket. See
 * docs/protocol.md, "Table reactions".
 */
import { describe, expect, it } from 'vitest';
import { EMOTE_BURST, EMOTE_REFILL_MS, type GameView } from '@shared/protocol';
import { DIALECTS, bearer } from '../testing/harness';
import { joinGame, matchUp, type Player } from '../testing/game-clients';
import { liveAppPerTest } from '../testing/live-app';
import { unreservedName } from '../testing/usernames';
import type { ReceivedOf } from '../testing/ws-client';

describe.each(DIALECTS)('table reactions on %s', (dialect) => {
  const rig = liveAppPerTest(dialect, { WS_MESSAGES_PER_SECOND: '5000' });
  let n = 0;
  const player = (url: string): Promise<Player> =>
    rig.player(
      url,
      unreservedName(() => `em${++n}_${dialect.slice(0, 2)}_${randomInt(10000)}`),
    );

  /** Two players in a quick game and one spectator, all joined; the players' first views. */
  async function table() {
    const url = await rig.start();
    const [ama, kofi, watcher] = [await player(url), await player(url), await player(url)];
    const gameId = await matchUp(ama, kofi, 'quick');
    const views = new Map<Player, GameView>();
    for (const p of [ama, kofi]) views.set(p, await joinGame(p, gameId));
    await joinGame(watcher, gameId);
    const seatOf = (p: Player) => views.get(p)!.you!.seat;
    return { ama, kofi, watcher, gameId, seatOf, view: views.get(ama)! };
  }

  const emotesTo = (p: Player, gameId: string) =>
    p.socket.frames.filter(
      (f): f is ReceivedOf<'GAME_EMOTE_SHOWN'> => f.type === 'GAME_EMOTE_SHOWN' && f.gameId === gameId,
    );

  /**
   * The player to move plays a card and everyone waits for its GAME_UPDATE: whatever the server
   * sent each of them before it has arrived by then (one socket, one order).
   */
  async function barrier(players: Player[], gameId: string, view: GameView, everyone: Player[]) {
    const mover = players.find((p) => p.userId === view.players[view.turn!]!.userId)!;
    mover.socket.send({ type: 'GAME_JOIN', gameId });
    const own = (await mover.socket.next('GAME_STATE', (m) => m.gameId === gameId)).game;
    mover.socket.send({ type: 'GAME_PLAY', gameId, card: own.legalCards[0], seq: own.seq });
    for (const p of everyone)
      await p.socket.next('GAME_UPDATE', (m) => m.gameId === gameId && m.seq === own.seq + 1);
  }

  it('shows a player’s reaction to both players and the spectator, with the sender’s seat', async () => {
    const { ama, kofi, watcher, gameId, seatOf } = await table();
    ama.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'nice_trick' });
    for (const p of [ama, kofi, watcher]) {
      const shown = await p.socket.next('GAME_EMOTE_SHOWN', (m) => m.gameId === gameId);
      expect(shown).toEqual({ type: 'GAME_EMOTE_SHOWN', gameId, seat: seatOf(ama), emote: 'nice_trick' });
    }
    kofi.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'hello' });
    const back = await ama.socket.next('GAME_EMOTE_SHOWN', (m) => m.emote === 'hello');
    expect(back.seat).toBe(seatOf(kofi));
  });

  it(`allows ${EMOTE_BURST} at once, then refuses with RATE_LIMITED until the bucket refills, keeping the socket`, async () => {
    const { ama, kofi, gameId } = await table();
    for (let i = 0; i < EMOTE_BURST + 2; i++) ama.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'haha' });
    const refused = await ama.socket.next('ERROR', (m) => m.ref === 'GAME_EMOTE');
    expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: 'Too many reactions; wait a moment' });
    await ama.socket.next('ERROR', (m) => m.ref === 'GAME_EMOTE');
    // Two refused, so only the first EMOTE_BURST went out (the refusal is decided before the
    // accepted ones finish reading the blocks, so they may arrive in either order).
    for (let i = 0; i < EMOTE_BURST; i++) await kofi.socket.next('GAME_EMOTE_SHOWN');
    expect(emotesTo(kofi, gameId)).toHaveLength(EMOTE_BURST);
    expect(ama.socket.closed).toBe(false);

    // One reaction comes back every EMOTE_REFILL_MS of the game's clock.
    rig.t.clock.advance(EMOTE_REFILL_MS);
    ama.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'wow' });
    await kofi.socket.next('GAME_EMOTE_SHOWN', (m) => m.emote === 'wow');
    ama.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'wow' });
    expect((await ama.socket.next('ERROR', (m) => m.ref === 'GAME_EMOTE')).code).toBe('RATE_LIMITED');
    // Kofi's bucket is his own.
    kofi.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'oops' });
    await ama.socket.next('GAME_EMOTE_SHOWN', (m) => m.emote === 'oops');
  });

  it('never passes a reaction between a pair who blocked each other mid-game, either way', async () => {
    const { ama, kofi, watcher, gameId, view } = await table();
    const block = await rig.t.app.inject({
      method: 'POST',
      url: '/api/friends/block',
      headers: bearer(kofi.token),
      payload: { userId: ama.userId },
    });
    expect(block.statusCode).toBe(200);

    ama.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'wow' });
    kofi.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'thinking' });
    // Each sees their own, and the spectator sees both.
    await ama.socket.next('GAME_EMOTE_SHOWN', (m) => m.emote === 'wow');
    await kofi.socket.next('GAME_EMOTE_SHOWN', (m) => m.emote === 'thinking');
    // (In either order: each waits on its own read of the blocks.)
    for (let i = 0; i < 2; i++) await watcher.socket.next('GAME_EMOTE_SHOWN');
    await barrier([ama, kofi], gameId, view, [ama, kofi, watcher]);
    expect(emotesTo(ama, gameId).map((f) => f.emote)).toEqual(['wow']);
    expect(emotesTo(kofi, gameId).map((f) => f.emote)).toEqual(['thinking']);

    // A spectator in a block with a player gets nothing from them either.
    const blocked = await rig.t.app.inject({
      method: 'POST',
      url: '/api/friends/block',
      headers: bearer(watcher.token),
      payload: { userId: ama.userId },
    });
    expect(blocked.statusCode).toBe(200);
    ama.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'hello' });
    await ama.socket.next('GAME_EMOTE_SHOWN', (m) => m.emote === 'hello');
    const now = (await joinGame(ama, gameId)) satisfies GameView;
    await barrier([ama, kofi], gameId, now, [ama, kofi, watcher]);
    expect(
      emotesTo(watcher, gameId)
        .map((f) => f.emote)
        .sort(),
    ).toEqual(['thinking', 'wow']);
  });

  it('refuses a spectator’s reaction, and delivers nothing', async () => {
    const { ama, kofi, watcher, gameId, view } = await table();
    watcher.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'hello' });
    const refused = await watcher.socket.next('ERROR', (m) => m.ref === 'GAME_EMOTE');
    expect(refused).toMatchObject({
      code: 'NOT_A_PLAYER',
      message: 'Only the players can react; spectators watch',
    });
    await barrier([ama, kofi], gameId, view, [ama, kofi, watcher]);
    for (const p of [ama, kofi, watcher]) expect(emotesTo(p, gameId)).toEqual([]);
    expect(watcher.socket.closed).toBe(false);
  });

  it('answers bad payloads with a clear error, delivers nothing, and keeps serving the socket', async () => {
    const { ama, kofi, gameId, view } = await table();
    const bad: [object | string, RegExp, string][] = [
      [
        { type: 'GAME_EMOTE', gameId, emote: 'rude_word' },
        /^Invalid GAME_EMOTE: emote: emote must be one of hello, /,
        'INVALID_MESSAGE',
      ],
      [{ type: 'GAME_EMOTE', gameId, emote: 7 }, /^Invalid GAME_EMOTE: emote: /, 'INVALID_MESSAGE'],
      [{ type: 'GAME_EMOTE', gameId, emote: ['wow'] }, /^Invalid GAME_EMOTE: emote: /, 'INVALID_MESSAGE'],
      [{ type: 'GAME_EMOTE', gameId }, /^Invalid GAME_EMOTE: emote: /, 'INVALID_MESSAGE'],
      [{ type: 'GAME_EMOTE', gameId: 42, emote: 'wow' }, /^Invalid GAME_EMOTE: gameId: /, 'INVALID_MESSAGE'],
      [
        { type: 'GAME_EMOTE', gameId, emote: 'x'.repeat(5000) },
        /^Invalid GAME_EMOTE: emote: /,
        'INVALID_MESSAGE',
      ],
      [{ type: 'GAME_EMOTE', gameId: 'unknown_game', emote: 'wow' }, /./, 'GAME_NOT_FOUND'],
    ];
    for (const [frame, message, code] of bad) {
      ama.socket.send(frame);
      const error = await ama.socket.next('ERROR');
      expect(error.code, JSON.stringify(frame).slice(0, 80)).toBe(code);
      expect(error.message).toMatch(message);
    }
    // A frame past the size limit is refused whole.
    ama.socket.send(JSON.stringify({ type: 'GAME_EMOTE', gameId, emote: 'x'.repeat(20_000) }));
    expect((await ama.socket.next('ERROR')).message).toMatch(/^Frame is larger than/);
    await barrier([ama, kofi], gameId, view, [ama, kofi]);
    expect(emotesTo(kofi, gameId)).toEqual([]);
    // Still connected, still served: the next good reaction goes out.
    ama.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'good_game' });
    await kofi.socket.next('GAME_EMOTE_SHOWN', (m) => m.emote === 'good_game');
  });

  it('refuses reactions once the game is over', async () => {
    const { ama, kofi, gameId } = await table();
    kofi.socket.send({ type: 'GAME_RESIGN', gameId });
    await ama.socket.next('GAME_OVER', (m) => m.gameId === gameId);
    ama.socket.send({ type: 'GAME_EMOTE', gameId, emote: 'good_game' });
    expect(await ama.socket.next('ERROR', (m) => m.ref === 'GAME_EMOTE')).toMatchObject({
      code: 'GAME_OVER',
      message: 'The game is over',
    });
  });
});

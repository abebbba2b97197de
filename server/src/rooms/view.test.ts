import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPlay, type GameState } from '@shared/game';
import {
  applyUpdate,
  deltaFollows,
  diffView,
  parseServerMessage,
  type GameChanges,
  type GameEventMessage,
  type GameView,
} from '@shared/protocol';
import { recordRandomGame } from '@shared/testing/random-games';
import type { RoomPlayer } from './types';
import { UpdateEncoder, gameView, toEventMessages, type ViewableRoom } from './view';

/** A room as the view code sees it, with connections and spectators a test can change at will. */
type FakeRoom = Omit<ViewableRoom, 'winnerUserId'> & {
  winnerUserId: number | null;
  connected: Set<number>;
  watching: number;
};

function fakeRoom(state: GameState, bots: boolean[]): FakeRoom {
  const players: RoomPlayer[] = bots.map((bot, seat) => ({
    seat,
    userId: bot ? null : seat + 1,
    username: bot ? 'Bot (easy)' : `p${seat}`,
    botLevel: bot ? 'easy' : null,
    avatarUrl: null,
  }));
  const room = {
    id: 'g1',
    mode: 'quick' as const,
    players,
    state,
    seq: 0,
    turnDeadline: 1000 as number | null,
    status: 'active' as ViewableRoom['status'],
    invite: null,
    tournamentId: null,
    winnerUserId: null as number | null,
    connected: new Set(players.flatMap((p) => (p.userId === null ? [] : [p.userId]))),
    watching: 0,
    seatOf: (userId: number) => players.find((p) => p.userId === userId)?.seat ?? null,
    isConnected: (userId: number) => room.connected.has(userId),
    spectatorCount: () => room.watching,
  };
  return room;
}

/** A client following a game: it joins (GAME_STATE) at some seq, then applies every frame it gets. */
interface Follower {
  userId: number | null;
  joinAt: number;
  view: GameView | null;
  /** The protocol revision its socket signed in with: 2 gets `implied` updates, 3 compact events too. */
  protocol?: number;
}

describe('GAME_UPDATE deltas', () => {
  it('applied to the GAME_STATE a client joined with, give the full view at every seq, for every seat and spectators', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 4, maxLength: 4 }),
        fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 200, maxLength: 200 }),
        fc.boolean(),
        fc.boolean(),
        (players, seed, joinAts, noise, lastIsBot, lateSeat) => {
          const game = recordRandomGame(seed, players, 5);
          const bots = Array.from({ length: players }, (_, seat) => lastIsBot && seat === players - 1);
          const room = fakeRoom(game.start, bots);
          const encoder = new UpdateEncoder();
          const humans = room.players.flatMap((p) => (p.userId === null ? [] : [p.userId]));
          // Every seat, twice (an early and a late joiner, as two tabs), and spectators. With
          // `lateSeat` nobody of the last seat is there from the start: updates go to it unheard.
          const joinLate = (i: number) => joinAts[i]! % (game.plays.length + 1);
          // The tabs of a seat speak different protocol revisions, as do the spectators.
          const followers: Follower[] = [
            ...humans.flatMap((userId, i) => [
              { userId, joinAt: lateSeat && i === humans.length - 1 ? joinLate(3 - i) : 0, view: null },
              { userId, joinAt: joinLate(i), view: null, protocol: 2 },
              { userId, joinAt: joinLate(3 - i), view: null, protocol: 3 },
            ]),
            { userId: null, joinAt: 0, view: null, protocol: 2 },
            { userId: null, joinAt: joinLate(3), view: null },
            { userId: null, joinAt: joinLate(2), view: null, protocol: 3 },
          ];
          const humanSeats = humans.map((userId) => room.seatOf(userId)!);
          const sent = new Map<number | null, GameView>();
          const join = (f: Follower) => {
            const view = gameView(room, f.userId);
            const seat = f.userId === null ? null : room.seatOf(f.userId);
            encoder.joined(seat, view);
            if (!sent.has(seat)) sent.set(seat, view);
            f.view = view;
          };
          const broadcast = (events: GameEventMessage[] = []) => {
            const frames = encoder.encode(room, events, humanSeats, true);
            // The reference: each seat's (and the spectators') changes are diffView's, against the
            // last view it was sent whole or by update.
            for (const key of [...humanSeats, null]) {
              const frame = key === null ? frames.spectators! : frames.bySeat.get(key)!;
              const view = gameView(room, key === null ? null : room.players[key]!.userId);
              const message = frame.message as { changes: GameChanges };
              expect(message.changes).toEqual(diffView(sent.get(key), view));
              expect(JSON.parse(frame.text)).toEqual(frame.message);
              expect(JSON.parse(JSON.stringify(frame))).toEqual(frame.message);
              // Never a card another seat holds (the last trick, shown, may hold a card dealt again since).
              const { lastTrick: _shown, ...secretive } = message.changes;
              const text = JSON.stringify(secretive);
              for (const card of room.state.hands.flatMap((hand, seat) => (seat === key ? [] : hand)))
                expect(text).not.toContain(`"${card}"`);
              sent.set(key, view);
            }
            for (const f of followers) {
              if (!f.view) continue;
              const frame =
                f.userId === null ? frames.spectators! : frames.bySeat.get(room.seatOf(f.userId)!)!;
              const text = frame.textFor(f.protocol ?? 1);
              const parsed = parseServerMessage(text);
              if (!parsed.ok || parsed.message.type !== 'GAME_UPDATE') throw new Error(text);
              expect(deltaFollows(f.view.seq, parsed.message.seq)).toBe(true);
              if (f.protocol === 3)
                expectNoHiddenCard(
                  parsed.message,
                  f.userId,
                  events.some((e) => e.kind === 'HAND_DEALT'),
                );
              const applied = applyUpdate(f.view, parsed.message);
              // Every revision gives the client the whole events (protocol 3 by putting back what it left out).
              expect(applied.events).toEqual(events);
              f.view = applied.game;
            }
          };
          /** Never a card another seat holds, in what protocol 3's frame carries (as above). */
          const expectNoHiddenCard = (
            message: { events: GameEventMessage[]; changes: GameChanges },
            userId: number | null,
            dealt: boolean,
          ) => {
            const key = userId === null ? null : room.seatOf(userId);
            const { lastTrick: _shown, ...secretive } = message.changes;
            // A card played before a deal may be dealt again, to anyone: events before one are shown cards.
            const text = JSON.stringify(dealt ? secretive : { secretive, events: message.events });
            for (const card of room.state.hands.flatMap((hand, seat) => (seat === key ? [] : hand)))
              expect(text).not.toContain(`"${card}"`);
          };
          const check = () => {
            for (const f of followers) if (f.view) expect(f.view).toEqual(gameView(room, f.userId));
          };
          for (const f of followers) if (f.joinAt === 0) join(f);
          game.plays.forEach((play, i) => {
            // Between moves: spectators come and go (no update), a player drops or returns (an update).
            const n = noise[i % noise.length]!;
            if (n === 1) room.watching++;
            if (n === 2 && room.watching > 0) room.watching--;
            if (n === 3 && humans.length > 0) {
              const who = humans[i % humans.length]!;
              if (room.connected.has(who)) room.connected.delete(who);
              else room.connected.add(who);
              broadcast();
            }
            const result = applyPlay(room.state, play.seat, play.card);
            room.state = result.state;
            room.seq++;
            room.turnDeadline = room.state.status === 'finished' ? null : 1000 + i;
            if (room.state.status === 'finished') {
              room.status = 'finished';
              room.winnerUserId = room.players[room.state.winnerSeat!]!.userId;
            }
            // The events a room sends with it (rooms/room.ts `commit`).
            const events = toEventMessages(result.events, (seat) => room.players[seat]!.userId);
            if (room.state.turn !== null && room.turnDeadline !== null)
              events.push({ kind: 'TURN', seat: room.state.turn, deadline: room.turnDeadline });
            broadcast(events);
            check();
            // Spectators may also come or go just before someone joins, and undo it before the next update.
            const m = noise[(i + 7) % noise.length]!;
            if (m === 1) room.watching++;
            if (m === 2 && room.watching > 0) room.watching--;
            for (const f of followers) if (!f.view && f.joinAt === i + 1) join(f);
          });
        },
      ),
      { numRuns: 20 },
    );
    // Three revisions side by side on a shared machine: seconds alone, more next to other suites.
  }, 120_000);

  it('sends a seat only what changed: an opponent move leaves out the hand and the players who did not change', () => {
    const game = recordRandomGame(7, 2, 10);
    const room = fakeRoom(game.start, [false, false]);
    const encoder = new UpdateEncoder();
    for (const userId of [1, 2]) encoder.joined(room.seatOf(userId), gameView(room, userId));
    const { seat, card } = game.plays[0]!;
    room.state = applyPlay(room.state, seat, card).state;
    room.seq = 1;
    const other = 1 - seat;
    const frames = encoder.encode(room, [{ kind: 'CARD_PLAYED', seat, card }], [0, 1], false);
    const { changes } = frames.bySeat.get(other)!.message as { changes: Record<string, unknown> };
    expect(Object.keys(changes).sort()).toEqual([
      'currentTrick',
      'legalCards',
      'players',
      'spectators',
      'turn',
    ]);
    expect(changes.players).toEqual([{ seat, cardsInHand: 4 }]);
    const full = JSON.stringify(gameView(room, other + 1)).length;
    expect(frames.bySeat.get(other)!.text.length).toBeLessThan(full);
  });

  it('protocol 2: an update leaves out what its events say, and a whole game takes far fewer bytes; protocol 3 fewer still', () => {
    const game = recordRandomGame(11, 2, 10);
    const room = fakeRoom(game.start, [false, false]);
    const encoder = new UpdateEncoder();
    for (const userId of [1, 2]) encoder.joined(room.seatOf(userId), gameView(room, userId));
    const bytes = { 1: 0, 2: 0, 3: 0 };
    let first: { legacy: string; implied: string } | undefined;
    game.plays.forEach((play, i) => {
      const result = applyPlay(room.state, play.seat, play.card);
      room.state = result.state;
      room.seq++;
      room.turnDeadline = room.state.turn === null ? null : 5000 + i;
      const events = toEventMessages(result.events, (seat) => seat + 1);
      if (room.state.turn !== null) events.push({ kind: 'TURN', seat: room.state.turn, deadline: 5000 + i });
      const frame = encoder.encode(room, events, [0], false).bySeat.get(0)!;
      const legacy = frame.textFor(1);
      const implied = frame.textFor(2);
      expect(legacy).toBe(frame.text);
      expect(JSON.parse(implied)).toMatchObject({ type: 'GAME_UPDATE', seq: room.seq, implied: true });
      bytes[1] += legacy.length;
      bytes[2] += implied.length;
      // Protocol 3: a trick's winner, a hand won, a deal and the next turn's seat follow from the play.
      const compact = frame.textFor(3);
      const sent = JSON.parse(compact) as { events: GameEventMessage[]; implied: number; deadline?: number };
      expect(sent).toMatchObject({ type: 'GAME_UPDATE', seq: room.seq, implied: 3 });
      expect(sent.events).toEqual([{ kind: 'CARD_PLAYED', seat: play.seat, card: play.card }]);
      expect(sent.deadline).toBe(room.state.turn === null ? undefined : 5000 + i);
      bytes[3] += compact.length;
      first ??= { legacy, implied };
    });
    // The first play: the trick, the cards left and the turn are in the events, not in `changes`.
    const changes = (JSON.parse(first!.implied) as { changes: Record<string, unknown> }).changes;
    expect(changes).not.toHaveProperty('currentTrick');
    expect(changes).not.toHaveProperty('turnDeadline');
    expect(changes).not.toHaveProperty('players');
    expect(JSON.parse(first!.legacy)).toMatchObject({ changes: { currentTrick: [expect.anything()] } });
    expect(bytes[2]).toBeLessThan(bytes[1] * 0.75);
    expect(bytes[3]).toBeLessThan(bytes[2] * 0.75);
  });
});

/**
 * The Colyseus room of `npm run bench:peer` (tests/bench/colyseus-room.ts), over real sockets with
 * Colyseus's own client: it must hide each hand from the other seats, as Spar does, and refuse
 * what the engine refuses, or the benchmark would compare Spar against a server doing less.
 */
import { Server } from '@colyseus/core';
import { Client, type Room } from '@colyseus/sdk';
import { WebSocketTransport } from '@colyseus/ws-transport';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPlay, legalCards, newGame, type Card, type GameState } from '@shared/game';
import { SparRoom } from './colyseus-room';

interface SeatView {
  sessionId: string;
  handSize: number;
  hand: string[];
  legal: string[];
}
interface View {
  seq: number;
  status: string;
  turn: number;
  scores: number[];
  seats: SeatView[];
  currentTrick: { seat: number; card: string }[];
  lastTrick: { seat: number; card: string }[];
}

let server: Server;
let endpoint: string;

beforeAll(async () => {
  server = new Server({ transport: new WebSocketTransport(), greet: false, gracefullyShutdown: false });
  server.define('spar', SparRoom);
  const port = 20_000 + Math.floor(Math.random() * 10_000);
  await server.listen(port, '127.0.0.1');
  endpoint = `ws://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server.gracefullyShutdown(false);
});

/** What a client holds after its room's latest patch, as plain JSON. */
const viewOf = (room: Room) => (room.state as { toJSON(): View }).toJSON();

/** Resolves once `ready(view)` holds for the client's state, checked after every patch. */
function until(room: Room, ready: (view: View) => boolean): Promise<View> {
  return new Promise((resolve) => {
    const check = () => {
      const view = viewOf(room);
      if (ready(view)) {
        room.onStateChange.remove(check);
        resolve(view);
      }
    };
    room.onStateChange(check);
    if (room.state) check();
  });
}

function refusal(room: Room): Promise<string> {
  return new Promise((resolve) =>
    room.onMessage('refused', (message: { code: string }) => resolve(message.code)),
  );
}

async function seatedPair(seed: string, seats = 2) {
  const client = new Client(endpoint);
  const first = await client.create('spar', { seed, seats, targetScore: 10 });
  const others: Room[] = [];
  for (let i = 1; i < seats; i++) others.push(await client.joinById(first.roomId));
  const rooms = [first, ...others];
  const views = await Promise.all(rooms.map((room) => until(room, (v) => v.status === 'active')));
  const seatOf = (room: Room, view: View) => view.seats.findIndex((s) => s.sessionId === room.sessionId);
  return { rooms, views, seats: rooms.map((room, i) => seatOf(room, views[i]!)) };
}

describe("bench:peer's Colyseus room", () => {
  it("deals the engine's hands and shows each client its own hand and no one else's", async () => {
    const seed = 'peer-test-hidden';
    const { rooms, views, seats } = await seatedPair(seed);
    const game = newGame({ players: 2, seed, targetScore: 10 });
    expect(seats.sort()).toEqual([0, 1]);
    for (const [i, room] of rooms.entries()) {
      const view = views[i]!;
      const own = view.seats.findIndex((s) => s.sessionId === room.sessionId);
      const other = 1 - own;
      expect(view.seats[own]!.hand).toEqual(game.hands[own]);
      // The other seat's size is public; its cards never reach this client.
      expect(view.seats[other]!.handSize).toBe(5);
      expect(view.seats[other]!.hand ?? []).toEqual([]);
      expect(view.seats[other]!.legal ?? []).toEqual([]);
      expect(JSON.stringify(view)).not.toMatch(new RegExp(game.hands[other]!.join('|')));
    }

    // Play a whole hand; after every patch, neither client holds a card of the other's hand.
    let state: GameState = game;
    for (let play = 0; play < 10; play++) {
      const seat = state.turn!;
      const room = rooms[seats.indexOf(seat)]!;
      const card = legalCards(state, seat)[0]!;
      state = applyPlay(state, seat, card).state;
      room.send('play', card);
      const after = await Promise.all(rooms.map((r) => until(r, (v) => v.seq === play + 1)));
      for (const [i, view] of after.entries()) {
        const own = seats[i]!;
        expect(view.seats[own]!.hand).toEqual(state.hands[own]);
        expect(view.seats[1 - own]!.hand ?? []).toEqual([]);
        // Beyond the tricks (public: a card played is shown to all, and a new deal may hand a
        // card shown in the last trick to either seat), no field holds an opponent's card.
        const { currentTrick: _trick, lastTrick: _last, ...rest } = view;
        for (const c of state.hands[1 - own]!) expect(JSON.stringify(rest)).not.toContain(`"${c}"`);
        expect(view.turn).toBe(state.turn ?? -1);
        expect(view.scores).toEqual(state.scores);
      }
    }
    for (const room of rooms) await room.leave();
  });

  it('refuses a play out of turn, a card not held and a card that does not follow suit', async () => {
    const seed = 'peer-test-refusals';
    const { rooms, seats } = await seatedPair(seed);
    let state = newGame({ players: 2, seed, targetScore: 10 });
    const roomOf = (seat: number) => rooms[seats.indexOf(seat)]!;
    const leader = state.turn!;
    const follower = 1 - leader;

    const outOfTurn = refusal(roomOf(follower));
    roomOf(follower).send('play', state.hands[follower]![0]);
    expect(await outOfTurn).toBe('NOT_YOUR_TURN');

    const notHeld = refusal(roomOf(leader));
    roomOf(leader).send('play', state.hands[follower]![0]);
    expect(await notHeld).toBe('CARD_NOT_IN_HAND');

    // This seed's deal gives the follower the led suit and others: a card of another suit is refused.
    const lead = state.hands[leader]![0]!;
    state = applyPlay(state, leader, lead).state;
    roomOf(leader).send('play', lead);
    await until(roomOf(follower), (v) => v.seq === 1);
    const legal = legalCards(state, follower);
    const offSuit = state.hands[follower]!.find((c: Card) => !legal.includes(c));
    expect(offSuit).toBeDefined();
    const wrongSuit = refusal(roomOf(follower));
    roomOf(follower).send('play', offSuit);
    expect(await wrongSuit).toBe('MUST_FOLLOW_SUIT');
    // Nothing refused changed the state: one play applied, the follower still to play.
    const view = viewOf(roomOf(follower));
    expect(view.seq).toBe(1);
    expect(view.turn).toBe(follower);
    expect(view.currentTrick).toEqual([{ seat: leader, card: lead }]);
    for (const room of rooms) await room.leave();
  });
});

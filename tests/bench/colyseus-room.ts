/**
 * Spar on Colyseus, for `npm run bench:peer` (tests/bench/peer.bench.ts): the peer a team would
 * most likely build instead of Spar's server, serving the same game. The rules are the shared
 * engine's (shared/game): a seat's play goes through `applyPlay`, which refuses an out-of-turn or
 * illegal card. The state lives in memory only, in a Colyseus schema that every client receives as
 * patches; a seat's hand and legal cards are `.view()` fields, which Colyseus's StateView sends
 * only to the client whose view holds that seat (docs/benchmarks.md, "bench:peer").
 *
 * Patches go out as soon as a play is applied (`setPatchRate(null)` and `broadcastPatch()`),
 * not on Colyseus's default 50 ms timer: a turn-based game has nothing to batch, and a timer
 * would add up to 50 ms to every round trip the bench compares.
 */
import { Room, type Client } from '@colyseus/core';
import { StateView, schema, t, type ArraySchema } from '@colyseus/schema';
import { applyPlay, isCard, legalCards, newGame, RuleError, type GameState, type Play } from '@shared/game';

export const PlayState = schema({ seat: t.number(), card: t.string() }, 'PlayState');

export const SeatState = schema(
  {
    sessionId: t.string(),
    handSize: t.number(),
    /** Visible only to the client whose StateView holds this seat. */
    hand: t.array('string').view(),
    /** The cards this seat may play now (empty off turn); as private as the hand. */
    legal: t.array('string').view(),
  },
  'SeatState',
);

export const SparState = schema(
  {
    /** Plays applied so far: a client times its play's round trip to the patch that raises it. */
    seq: t.number().default(0),
    /** 'waiting' until every seat is taken, then the engine's 'active' or 'finished'. */
    status: t.string().default('waiting'),
    /** The seat to play, or -1 (no game yet, or over). */
    turn: t.number().default(-1),
    handNumber: t.number().default(0),
    trickNumber: t.number().default(0),
    scores: t.array('number'),
    seats: t.array(SeatState),
    currentTrick: t.array(PlayState),
    lastTrick: t.array(PlayState),
    lastTrickWinner: t.number().default(-1),
    winnerSeat: t.number().default(-1),
  },
  'SparState',
);

type SparStateType = InstanceType<typeof SparState>;
type PlayStateType = InstanceType<typeof PlayState>;

export interface SparRoomOptions {
  /** 2 to 4; 2 by default. */
  seats?: number;
  /** The deal's seed (shared/game's newGame): the same seed deals the same hands as on Spar. */
  seed?: string;
  targetScore?: number;
}

/** Makes `array` hold `values`, touching only what changed (schema patches carry the changes). */
function mirror<V>(array: ArraySchema<V>, values: readonly V[]): void {
  let same = 0;
  while (same < array.length && same < values.length && array.at(same) === values[same]) same++;
  if (same === array.length && same === values.length) return;
  array.splice(same, array.length - same, ...values.slice(same));
}

function mirrorPlays(array: ArraySchema<PlayStateType>, plays: readonly Play[]): void {
  if (array.length > plays.length) array.clear();
  for (let i = array.length; i < plays.length; i++)
    array.push(new PlayState({ seat: plays[i]!.seat, card: plays[i]!.card }));
}

export class SparRoom extends Room<{ state: SparStateType }> {
  private game: GameState | undefined;
  private options: Required<SparRoomOptions> = { seats: 2, seed: 'peer', targetScore: 1000 };
  /** The seat of each client, by session id. */
  private readonly seatOf = new Map<string, number>();
  private shownLastTrick: GameState['lastTrick'] = null;

  override onCreate(options: SparRoomOptions = {}): void {
    const seats = options.seats ?? 2;
    if (!Number.isInteger(seats) || seats < 2 || seats > 4) throw new Error('seats must be 2 to 4');
    this.options = { seats, seed: options.seed ?? 'peer', targetScore: options.targetScore ?? 1000 };
    this.maxClients = seats;
    this.setState(new SparState());
    for (let seat = 0; seat < seats; seat++)
      this.state.seats.push(new SeatState({ sessionId: '', handSize: 0 }));
    this.setPatchRate(null);
    this.onMessage('play', (client: Client, card: unknown) => this.play(client, card));
  }

  override onJoin(client: Client): void {
    const seat = this.seatOf.size;
    this.seatOf.set(client.sessionId, seat);
    this.state.seats.at(seat).sessionId = client.sessionId;
    // The filtering: this client's view holds its own seat, so its `.view()` fields reach it alone.
    client.view = new StateView();
    client.view.add(this.state.seats.at(seat));
    if (this.seatOf.size === this.options.seats) {
      this.game = newGame({
        players: this.options.seats,
        seed: this.options.seed,
        targetScore: this.options.targetScore,
      });
      this.show();
    }
    this.broadcastPatch();
  }

  private play(client: Client, card: unknown): void {
    const seat = this.seatOf.get(client.sessionId);
    if (!this.game || seat === undefined) {
      client.send('refused', { code: 'NOT_STARTED' });
      return;
    }
    if (!isCard(card)) {
      client.send('refused', { code: 'CARD_NOT_IN_HAND' });
      return;
    }
    try {
      this.game = applyPlay(this.game, seat, card).state;
    } catch (error) {
      if (!(error instanceof RuleError)) throw error;
      client.send('refused', { code: error.code });
      return;
    }
    this.state.seq++;
    this.show();
    this.broadcastPatch();
  }

  /** Copies the engine's state into the schema. */
  private show(): void {
    const game = this.game!;
    const state = this.state;
    state.status = game.status;
    state.turn = game.turn ?? -1;
    state.handNumber = game.handNumber;
    state.trickNumber = game.trickNumber;
    state.winnerSeat = game.winnerSeat ?? -1;
    mirror(state.scores, game.scores);
    for (let seat = 0; seat < game.players; seat++) {
      const view = state.seats.at(seat);
      view.handSize = game.hands[seat]!.length;
      mirror(view.hand, game.hands[seat]!);
      mirror(view.legal, legalCards(game, seat));
    }
    mirrorPlays(state.currentTrick, game.currentTrick);
    if (game.lastTrick !== this.shownLastTrick) {
      this.shownLastTrick = game.lastTrick;
      state.lastTrick.clear();
      mirrorPlays(state.lastTrick, game.lastTrick?.plays ?? []);
      state.lastTrickWinner = game.lastTrick?.winner ?? -1;
    }
  }
}

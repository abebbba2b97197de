/**
 * Protocol 3's GAME_UPDATE leaves out the events the rules make follow from the ones it sends,
 * and sends the closing TURN as its deadline alone (docs/protocol.md, "Game updates are deltas").
 * `compactEvents` is the server's half, `expandEvents` the client's; both walk the same rule,
 * `followingEvent`, over the view the events imply so far.
 */
import { TRICKS_PER_HAND } from '../game/cards';
import { trickWinner } from '../game/engine';
import { lastTrickPoints } from '../game/scoring';
import { impliedView, sameValue } from './delta';
import type { GameEventMessage, GameView } from './server';

/** The revision of `impliedView`'s rule that revision 3's updates are applied with. */
const RULE = 3;

/**
 * The event the rules make follow `event`, given `view` with `event` already applied (by
 * `impliedView`); null when none must. A trick's last card: the trick won by its highest card of
 * the led suit. A hand's fifth trick won: the hand won by that card, scored. A hand won: the game
 * over when it reached the target score, else the next hand dealt by its winner. Uses only what
 * every recipient's view has alike (a spectator's too).
 */
export function followingEvent(view: Partial<GameView>, event: GameEventMessage): GameEventMessage | null {
  const { players, currentTrick, trickNumber, lastTrick, targetScore, handNumber } = view;
  switch (event.kind) {
    case 'CARD_PLAYED': {
      if (!players || !currentTrick || trickNumber === undefined) return null;
      if (currentTrick.length !== players.filter((p) => !p.resigned).length) return null;
      const won = trickWinner(currentTrick);
      return { kind: 'TRICK_WON', seat: won.seat, card: won.card, trickNumber };
    }
    case 'TRICK_WON': {
      const lead = lastTrick?.plays[0];
      if (event.trickNumber !== TRICKS_PER_HAND || !lead) return null;
      return {
        kind: 'HAND_WON',
        seat: event.seat,
        card: event.card,
        points: lastTrickPoints(event.card, lead.card),
      };
    }
    case 'HAND_WON': {
      const winner = players?.find((p) => p.seat === event.seat);
      if (!winner || targetScore === undefined || handNumber === undefined) return null;
      if (winner.score >= targetScore)
        return { kind: 'GAME_OVER', winnerUserId: winner.userId, reason: 'score' };
      return { kind: 'HAND_DEALT', handNumber: handNumber + 1, dealer: event.seat };
    }
    default:
      return null;
  }
}

/** An update's events as revision 3 sends them: those the rules do not imply, and a deadline. */
export interface CompactEvents {
  events: GameEventMessage[];
  /** The closing TURN's deadline, when its seat is the one the events give the turn to. */
  deadline?: number;
}

/**
 * The whole events of an update from what revision 3 sent, on the view the client holds: each
 * sent event followed by what the rules make follow it, and, with a `deadline`, the TURN of the
 * seat whose turn the events leave it.
 */
export function expandEvents(
  view: Partial<GameView>,
  sent: readonly GameEventMessage[],
  deadline?: number,
): GameEventMessage[] {
  const events: GameEventMessage[] = [];
  let state = view;
  const take = (event: GameEventMessage) => {
    for (let next: GameEventMessage | null = event; next; next = followingEvent(state, next)) {
      events.push(next);
      state = impliedView(state, [next], RULE);
    }
  };
  for (const event of sent) take(event);
  if (deadline !== undefined && typeof state.turn === 'number')
    take({ kind: 'TURN', seat: state.turn, deadline });
  return events;
}

/**
 * What revision 3 sends of `events` on `view` (a recipient's view before them, or only the part
 * every recipient shares), or null when it cannot leave anything out safely: the result must
 * expand (`expandEvents`) back to exactly `events`, which this checks, so a rule that does not
 * hold for some update costs bytes, never a wrong view.
 */
export function compactEvents(
  view: Partial<GameView>,
  events: readonly GameEventMessage[],
): CompactEvents | null {
  const last = events.at(-1);
  const body = last?.kind === 'TURN' ? events.slice(0, -1) : events;
  const sent: GameEventMessage[] = [];
  let state = view;
  let expected: GameEventMessage | null = null;
  for (const event of body) {
    if (expected) {
      // The client will put `expected` here whatever comes: it has to be what came.
      if (!sameValue(expected, event)) return null;
    } else sent.push(event);
    state = impliedView(state, [event], RULE);
    expected = followingEvent(state, event);
  }
  if (expected) return null;
  let compact: CompactEvents = { events: sent };
  if (last?.kind === 'TURN') {
    if (state.turn === last.seat) compact = { events: sent, deadline: last.deadline };
    else compact = { events: [...sent, last] };
  }
  const expanded = expandEvents(view, compact.events, compact.deadline);
  return sameValue(expanded, events) ? compact : null;
}

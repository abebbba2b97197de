/**
 * GAME_UPDATE carries only what changed in the recipient's view since the last GAME_UPDATE for the
 * same seat (see docs/protocol.md, "Game updates are deltas"). `diffView` is the server's half,
 * `applyDelta` (apply.ts) the client's; the round trip is property-tested against full views.
 */
import { playableCards } from '../game/engine';
import type { GameChanges, GameEventMessage, GameView } from './server';

type PlayerView = GameView['players'][number];

/** Structural equality of JSON values (what a view and its events are made of). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((value, i) => sameValue(value, other[i]));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const objB = b as Record<string, unknown>;
  return keysA.every(
    (key) => Object.hasOwn(objB, key) && sameValue((a as Record<string, unknown>)[key], objB[key]),
  );
}

/** A top-level field of a view that `changes` may carry as it is (all but `seq` and `players`). */
export type ViewField = Exclude<keyof GameView, 'seq' | 'players'>;

/**
 * The fields that differ between recipients of the same update: a seat's own. Every other field
 * of a view is the same for all of them, so a room diffs and encodes it once per update.
 */
export const OWN_FIELDS = ['you', 'hand', 'legalCards'] as const satisfies readonly ViewField[];

/**
 * What `next` changes in `prev` (everything, when there is no `prev`). Two fields are sent even
 * unchanged, because they can change between updates without one being sent, so a client that
 * joined (GAME_STATE) in between may hold a value the previous update did not: `spectators`
 * always, and every player's `connected` while the previous view was not of a running game.
 */
export function diffView(prev: GameView | undefined, next: GameView): GameChanges {
  const fields = (Object.keys(next) as (keyof GameView)[]).filter(
    (key): key is ViewField => key !== 'seq' && key !== 'players',
  );
  const changes = diffFields(prev, next, fields);
  const players = diffPlayers(prev, next);
  if (players) changes.players = players;
  return changes;
}

/**
 * `diffView` for some of the fields: those of `fields` that changed from `prev` to `next`, in
 * that order (every one, when there is no `prev`). `spectators` is always sent.
 */
export function diffFields(
  prev: Partial<GameView> | undefined,
  next: Partial<GameView>,
  fields: readonly ViewField[],
  /** Whether `spectators` goes even unchanged (see `diffView`; an `implied` update sends it only
   *  after someone joined since the last update, rooms/view.ts). */
  alwaysSpectators = true,
): GameChanges {
  const changes: Record<string, unknown> = {};
  for (const key of fields)
    if (!prev || (alwaysSpectators && key === 'spectators') || !sameValue(prev[key], next[key]))
      changes[key] = next[key];
  return changes as GameChanges;
}

/** `diffView` for the players: each one with a changed field, as `{seat, …changed}`; none: undefined. */
export function diffPlayers(
  prev: Pick<GameView, 'players' | 'status'> | undefined,
  next: Pick<GameView, 'players'>,
): GameChanges['players'] {
  const players: NonNullable<GameChanges['players']> = [];
  const silentConnected = !prev || prev.status !== 'active';
  for (const player of next.players) {
    const before = prev?.players.find((p) => p.seat === player.seat);
    const entry: Record<string, unknown> = { seat: player.seat };
    for (const key of Object.keys(player) as (keyof PlayerView)[]) {
      if (key === 'seat') continue;
      if (!before || (key === 'connected' && silentConnected) || !sameValue(before[key], player[key]))
        entry[key] = player[key];
    }
    if (Object.keys(entry).length > 1) players.push(entry as PlayerView);
  }
  return players.length > 0 ? players : undefined;
}

/**
 * Whether an update at `seq` follows a view at `viewSeq`: the next seq, or the same one (a player
 * connecting or leaving changes the view, not the seq). Anything else means updates were missed.
 */
export function deltaFollows(viewSeq: number, seq: number): boolean {
  return seq === viewSeq || seq === viewSeq + 1;
}

/**
 * What an update's events alone say about the view, as the rules make it follow: a card played
 * joins the trick, leaves its player's hand (the recipient's own too) and passes the turn on; a
 * trick won goes to the last trick and its winner leads; a hand won scores; a deal starts the next
 * hand; a turn names its player, deadline and (for the recipient) the playable cards; the end
 * stops the clock. An update marked `implied` carries only what differs from this, so the same
 * fact is not sent twice (docs/protocol.md, "Game updates are deltas"). It only has to be the same
 * function on both sides: whatever it gets wrong, `changes` puts right. Works on part of a view
 * too (the server diffs a view's shared and own fields apart): fields the part lacks stay out.
 */
export function impliedView<V extends Partial<GameView>>(
  view: V,
  events: readonly GameEventMessage[],
  /** The rule's revision: from 3, a deal also passes the turn to the seat after the dealer. */
  revision = 2,
): V {
  const next: Partial<GameView> = { ...view };
  const own = view.you?.seat;
  const set = <K extends keyof GameView>(key: K, value: GameView[K]) => {
    if (key in next) next[key] = value;
  };
  const player = (seat: number, change: (p: PlayerView) => PlayerView) => {
    if (next.players) next.players = next.players.map((p) => (p.seat === seat ? change(p) : p));
  };
  for (const event of events) {
    switch (event.kind) {
      case 'CARD_PLAYED': {
        if (next.currentTrick)
          next.currentTrick = [...next.currentTrick, { seat: event.seat, card: event.card }];
        player(event.seat, (p) => ({ ...p, cardsInHand: Math.max(0, p.cardsInHand - 1) }));
        if (own === event.seat && next.hand) next.hand = next.hand.filter((card) => card !== event.card);
        set('legalCards', []);
        set('turn', nextInPlay(next.players, event.seat));
        set('turnDeadline', null);
        break;
      }
      case 'TRICK_WON':
        if (next.currentTrick) {
          set('lastTrick', { plays: next.currentTrick, winner: event.seat });
          next.currentTrick = [];
        }
        set('trickNumber', Math.min(5, event.trickNumber + 1));
        set('turn', event.seat);
        break;
      case 'HAND_WON':
        player(event.seat, (p) => ({ ...p, score: p.score + event.points }));
        break;
      case 'HAND_DEALT':
        set('handNumber', event.handNumber);
        set('dealer', event.dealer);
        set('trickNumber', 1);
        set('currentTrick', []);
        if (next.players) next.players = next.players.map((p) => (p.resigned ? p : { ...p, cardsInHand: 5 }));
        if (revision >= 3) set('turn', nextInPlay(next.players, event.dealer));
        break;
      case 'TURN':
        set('turn', event.seat);
        set('turnDeadline', event.deadline);
        if (next.hand && next.currentTrick && own !== undefined)
          set('legalCards', own === event.seat ? playableCards(next.hand, next.currentTrick) : []);
        break;
      case 'RESIGNED':
        player(event.seat, (p) => ({ ...p, resigned: true }));
        break;
      case 'GAME_OVER':
        set('status', 'finished');
        set('winnerUserId', event.winnerUserId);
        set('turn', null);
        set('turnDeadline', null);
        set('legalCards', []);
        break;
      default:
        break;
    }
  }
  return next as V;
}

/** The seat after `seat` that still plays (not resigned); `seat` itself when no other does. */
function nextInPlay(players: PlayerView[] | undefined, seat: number): number | null {
  if (!players) return null;
  for (let step = 1; step <= players.length; step++) {
    const candidate = players.find((p) => p.seat === (seat + step) % players.length);
    if (candidate && !candidate.resigned) return candidate.seat;
  }
  return seat;
}

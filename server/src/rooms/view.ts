import { legalCards, type GameEvent } from '@shared/game';
import {
  OWN_FIELDS,
  compactEvents,
  diffFields,
  diffPlayers,
  impliedView,
  seatsView,
  type CompactEvents,
  type FinishReason,
  type GameChanges,
  type GameEventMessage,
  type GameView,
  type ViewField,
} from '@shared/protocol';
import { PreparedFrame } from '../infra/frame';
import type { RoomSnapshot } from './types';

/** What a view is made of: a room's state and who of its players is connected. */
export interface ViewableRoom extends Pick<
  RoomSnapshot,
  'id' | 'mode' | 'players' | 'state' | 'seq' | 'turnDeadline' | 'status' | 'invite' | 'tournamentId'
> {
  readonly winnerUserId: number | null;
  seatOf(userId: number): number | null;
  isConnected(userId: number): boolean;
  /** How many watch the game; absent for a room that keeps no spectators. */
  spectatorCount?(): number;
}

/**
 * What every recipient of a room's view sees alike: all of a GameView but a seat's own fields
 * (OWN_FIELDS: `you`, `hand`, `legalCards`). The engine's state is never changed in place (it
 * shares untouched parts between states), so a view refers to its arrays rather than copying them.
 */
type SharedView = Omit<GameView, OwnField>;
type OwnField = (typeof OWN_FIELDS)[number];
type OwnView = Pick<GameView, OwnField>;

/**
 * The fields of SharedView that `changes` carries as they are, in the order a view has them. A
 * record so that a field added to GameView does not compile until it is placed here or in
 * OWN_FIELDS.
 */
const SHARED_FIELDS = Object.keys({
  id: true,
  mode: true,
  status: true,
  targetScore: true,
  dealer: true,
  turn: true,
  turnDeadline: true,
  handNumber: true,
  trickNumber: true,
  currentTrick: true,
  lastTrick: true,
  winnerUserId: true,
  inviteExpiresAt: true,
  spectators: true,
  tournamentId: true,
} satisfies Record<Exclude<ViewField, OwnField>, true>) as Exclude<ViewField, OwnField>[];

/** The room's view as everyone sees it; a recipient's adds its own fields (`gameView`). */
function sharedView(room: ViewableRoom): SharedView {
  const state = room.state;
  // Only a running game has a turn to play; a waiting, finished or cancelled one has none.
  const finished = room.status !== 'active';
  return {
    id: room.id,
    mode: room.mode,
    status: room.status,
    targetScore: state.targetScore,
    seq: room.seq,
    // A bot is always there; a player is while one of their sockets is open.
    players: seatsView(room.players, state, (userId) => userId === null || room.isConnected(userId)),
    dealer: state.dealer,
    turn: finished ? null : state.turn,
    turnDeadline: finished ? null : room.turnDeadline,
    handNumber: state.handNumber,
    trickNumber: state.trickNumber,
    currentTrick: state.currentTrick,
    lastTrick: state.lastTrick,
    winnerUserId: room.winnerUserId,
    inviteExpiresAt: room.status === 'waiting' ? (room.invite?.expiresAt ?? null) : null,
    spectators: room.spectatorCount?.() ?? 0,
    tournamentId: room.tournamentId,
  };
}

/**
 * A seat's own fields (a spectator's, seat null: no hand). The one place a hand enters a view:
 * every recipient's view and frames take their cards from here, and sharedView only counts them
 * (docs/design.md, "Protocol principles"; rooms/redaction.test.ts).
 */
function ownView(room: ViewableRoom, seat: number | null): OwnView {
  if (seat === null) return { you: null, hand: [], legalCards: [] };
  return {
    you: { seat },
    hand: room.state.hands[seat]!,
    legalCards: room.status === 'active' ? legalCards(room.state, seat) : [],
  };
}

function wholeView(shared: SharedView, own: OwnView): GameView {
  return {
    id: shared.id,
    mode: shared.mode,
    status: shared.status,
    targetScore: shared.targetScore,
    seq: shared.seq,
    players: shared.players,
    you: own.you,
    hand: own.hand,
    dealer: shared.dealer,
    turn: shared.turn,
    turnDeadline: shared.turnDeadline,
    handNumber: shared.handNumber,
    trickNumber: shared.trickNumber,
    currentTrick: shared.currentTrick,
    lastTrick: shared.lastTrick,
    legalCards: own.legalCards,
    winnerUserId: shared.winnerUserId,
    inviteExpiresAt: shared.inviteExpiresAt,
    spectators: shared.spectators,
    tournamentId: shared.tournamentId,
  };
}

/** A game as `viewerId` may see it: their own hand only; spectators (or strangers) see none. */
export function gameView(room: ViewableRoom, viewerId: number | null): GameView {
  const seat = viewerId === null ? null : room.seatOf(viewerId);
  return wholeView(sharedView(room), ownView(room, seat));
}

/**
 * Engine events as the protocol sends them (the engine speaks in seats, clients in users).
 * `leftFor`: why a seat left, when the server took it out (its turn timer or reconnect grace ran
 * out); its RESIGNED says so, while a resignation's says nothing more (docs/design.md, "Rules").
 */
export function toEventMessages(
  events: GameEvent[],
  userIdOfSeat: (seat: number) => number | null,
  leftFor?: FinishReason,
): GameEventMessage[] {
  return events.map((event) => {
    if (event.kind === 'GAME_OVER')
      return { kind: 'GAME_OVER', winnerUserId: userIdOfSeat(event.winnerSeat), reason: event.reason };
    if (event.kind === 'RESIGNED' && (leftFor === 'timeout' || leftFor === 'abandon'))
      return { ...event, reason: leftFor };
    return event;
  });
}

/** The view a seat's clients hold (or the spectators'), in the two parts an update diffs apart. */
interface Base {
  shared: SharedView;
  own: OwnView;
}

/** An update's shared changes against one base, and their JSON without its braces. */
interface SharedPart {
  changes: GameChanges;
  json: string;
}

/** `{...}` → `...`, to join the JSON of two objects into one. */
const members = (json: string) => json.slice(1, -1);

/**
 * Builds a room's GAME_UPDATE frames (see docs/protocol.md, "Game updates are deltas"). It keeps
 * the view each seat was last sent, and one for spectators (they all see the same view). An update
 * builds the shared view once, diffs it and encodes it once for every seat holding the same last
 * view (after the first update: all of them), and per seat only its own fields; the events, shared
 * by every recipient, are encoded once. Each protocol revision's frame is built only when a socket
 * (or the bus) asks for it. A seat's clients all hold that last view: they followed
 * every update, or joined since (GAME_STATE), and the fields that change between updates without
 * one are sent every time (`diffView`, whose result each frame's changes equal).
 */
export class UpdateEncoder {
  private readonly lastBySeat = new Map<number, Base>();
  private lastSpectated: Base | undefined;

  /** Someone was sent a whole view since the last update (an `implied` update then names `spectators`). */
  private joinedSinceUpdate = false;

  /** A view sent whole (GAME_STATE) becomes the base of its seat when the seat has none yet. */
  joined(seat: number | null, view: GameView): void {
    this.joinedSinceUpdate = true;
    if (seat === null) this.lastSpectated ??= { shared: view, own: view };
    else if (!this.lastBySeat.has(seat)) this.lastBySeat.set(seat, { shared: view, own: view });
  }

  /**
   * The frames of one update, built on demand: a seat's frame is built when it is asked for, so
   * a room can send the player who moved their frame before building the others'.
   */
  update(room: ViewableRoom, events: GameEventMessage[]) {
    const start = `{"type":"GAME_UPDATE","gameId":${JSON.stringify(room.id)},"seq":${room.seq},"events":${JSON.stringify(events)},"changes":{`;
    let shared: SharedView | undefined;
    // Per base: the shared changes against it, and (protocol 2) against what the events imply of it.
    const parts = new Map<SharedView | undefined, SharedPart>();
    const impliedParts = new Map<SharedView, SharedPart>();
    // Protocol 3: per base, the events it sends (null: they cannot be compacted, so it gets
    // protocol 2's frame) and its shared changes against what the whole events imply of it.
    const compactParts = new Map<SharedView, { sent: CompactEvents; part: SharedPart } | null>();
    // A client that joined since the last update may hold another spectator count than the base
    // (spectators come and go without an update); otherwise every client of a seat holds the base's.
    const spectatorsOwed = this.joinedSinceUpdate;
    this.joinedSinceUpdate = false;
    const diffShared = (from: SharedView | undefined, next: SharedView, always = true): SharedPart => {
      const changes = diffFields(from, next, SHARED_FIELDS, always);
      const players = diffPlayers(from, next);
      if (players) changes.players = players;
      return { changes, json: members(JSON.stringify(changes)) };
    };
    const sharedPart = (base: SharedView | undefined, next: SharedView): SharedPart => {
      let part = parts.get(base);
      if (!part) parts.set(base, (part = diffShared(base, next)));
      return part;
    };
    const impliedSharedPart = (base: SharedView, next: SharedView): SharedPart => {
      let part = impliedParts.get(base);
      // The status a player's `connected` depends on is the base's (diffPlayers), which the
      // events do not change.
      if (!part) impliedParts.set(base, (part = diffShared(impliedView(base, events), next, spectatorsOwed)));
      return part;
    };
    const compactPart = (base: SharedView, next: SharedView) => {
      let entry = compactParts.get(base);
      if (entry === undefined) {
        const sent = compactEvents(base, events);
        entry = sent && {
          sent,
          part: diffShared(impliedView(base, events, 3), next, spectatorsOwed),
        };
        compactParts.set(base, entry);
      }
      return entry;
    };
    const join = (common: string, mine: string) => `${common}${common && mine ? ',' : ''}${mine}`;
    const frame = (base: Base | undefined, own: OwnView): { frame: PreparedFrame; base: Base } => {
      shared ??= sharedView(room);
      const next = shared;
      // Revision 1's changes, diffed only if a socket of revision 1 (or the bus) asks for them:
      // when every client speaks protocol 2, an update builds only the implied frames.
      let legacy: { common: SharedPart; mine: GameChanges } | undefined;
      const diffed = () =>
        (legacy ??= {
          common: sharedPart(base?.shared, next),
          mine: diffFields(base?.own, own, OWN_FIELDS),
        });
      const text = () => {
        const { common, mine } = diffed();
        return `${start}${join(common.json, members(JSON.stringify(mine)))}}}`;
      };
      const { id: gameId, seq } = room;
      const message = () => ({
        type: 'GAME_UPDATE' as const,
        gameId,
        seq,
        events,
        changes: { ...diffed().common.changes, ...diffed().mine },
      });
      // With no base the changes are the whole view already: nothing to imply.
      const implied = base
        ? () => {
            // The own fields follow from shared ones too (the playable cards from the trick).
            const impliedWhole = impliedView(wholeView(base.shared, base.own), events);
            const impliedMine = diffFields(impliedWhole, own, OWN_FIELDS);
            const json = join(
              impliedSharedPart(base.shared, next).json,
              members(JSON.stringify(impliedMine)),
            );
            return `${start}${json}},"implied":true}`;
          }
        : undefined;
      const compact =
        base && implied
          ? () => {
              const entry = compactPart(base.shared, next);
              if (!entry) return implied();
              const impliedWhole = impliedView(wholeView(base.shared, base.own), events, 3);
              const mine = members(JSON.stringify(diffFields(impliedWhole, own, OWN_FIELDS)));
              const json = join(entry.part.json, mine);
              const { events: sent, deadline } = entry.sent;
              return `{"type":"GAME_UPDATE","gameId":${JSON.stringify(gameId)},"seq":${seq},"events":${JSON.stringify(sent)}${
                deadline === undefined ? '' : `,"deadline":${deadline}`
              }${json ? `,"changes":{${json}}` : ''},"implied":3}`;
            }
          : undefined;
      return { frame: new PreparedFrame(text, message, implied, compact), base: { shared: next, own } };
    };
    return {
      /** The frame for the seat's clients. Once per seat per update. */
      seat: (seat: number): PreparedFrame => {
        const built = frame(this.lastBySeat.get(seat), ownView(room, seat));
        this.lastBySeat.set(seat, built.base);
        return built.frame;
      },
      /** The frame every spectator gets. Once per update. */
      spectators: (): PreparedFrame => {
        const built = frame(this.lastSpectated, ownView(room, null));
        this.lastSpectated = built.base;
        return built.frame;
      },
    };
  }

  /** One frame per seat of `seats` and, when `spectators`, one shared by every spectator. */
  encode(
    room: ViewableRoom,
    events: GameEventMessage[],
    seats: readonly number[],
    spectators: boolean,
  ): { bySeat: Map<number, PreparedFrame>; spectators: PreparedFrame | undefined } {
    const update = this.update(room, events);
    const bySeat = new Map<number, PreparedFrame>();
    for (const seat of seats) bySeat.set(seat, update.seat(seat));
    return { bySeat, spectators: spectators ? update.spectators() : undefined };
  }
}

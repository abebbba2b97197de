import { viewFor, type GameEvent } from '@shared/game';
import { diffView, type GameEventMessage, type GameView } from '@shared/protocol';
import { PreparedFrame } from '../infra/frame';
import type { RoomSnapshot } from './types';

/** What a view is made of: a room's state and who of its players is connected. */
export interface ViewableRoom extends Pick<
  RoomSnapshot,
  'id' | 'mode' | 'players' | 'state' | 'seq' | 'turnDeadline' | 'status' | 'invite'
> {
  readonly winnerUserId: number | null;
  seatOf(userId: number): number | null;
  isConnected(userId: number): boolean;
  /** How many watch the game; absent for a room that keeps no spectators. */
  spectatorCount?(): number;
}

/** A game as `viewerId` may see it: their own hand only; spectators (or strangers) see none. */
export function gameView(room: ViewableRoom, viewerId: number | null): GameView {
  const seat = viewerId === null ? null : room.seatOf(viewerId);
  const engineView = viewFor(room.state, seat);
  // Only a running game has a turn to play; a waiting, finished or cancelled one has none.
  const finished = room.status !== 'active';
  return {
    id: room.id,
    mode: room.mode,
    status: room.status,
    targetScore: room.state.targetScore,
    seq: room.seq,
    players: room.players.map((player) => ({
      seat: player.seat,
      userId: player.userId,
      username: player.username,
      avatarUrl: player.avatarUrl,
      score: room.state.scores[player.seat]!,
      cardsInHand: room.state.hands[player.seat]!.length,
      connected: player.userId === null || room.isConnected(player.userId),
      isBot: player.botLevel !== null,
    })),
    you: seat === null ? null : { seat },
    hand: engineView.hand,
    dealer: engineView.dealer,
    turn: finished ? null : engineView.turn,
    turnDeadline: finished ? null : room.turnDeadline,
    handNumber: engineView.handNumber,
    trickNumber: engineView.trickNumber,
    currentTrick: engineView.currentTrick,
    lastTrick: engineView.lastTrick,
    legalCards: finished ? [] : engineView.legalCards,
    winnerUserId: room.winnerUserId,
    inviteExpiresAt: room.status === 'waiting' ? (room.invite?.expiresAt ?? null) : null,
    spectators: room.spectatorCount?.() ?? 0,
  };
}

/** Engine events as the protocol sends them (the engine speaks in seats, clients in users). */
export function toEventMessages(
  events: GameEvent[],
  userIdOfSeat: (seat: number) => number | null,
): GameEventMessage[] {
  return events.map((event) =>
    event.kind === 'GAME_OVER'
      ? { kind: 'GAME_OVER', winnerUserId: userIdOfSeat(event.winnerSeat), reason: event.reason }
      : event,
  );
}

/**
 * Builds a room's GAME_UPDATE frames (see docs/protocol.md, "Game updates are deltas"). It keeps
 * the last view each seat was sent, and one for spectators (they all see the same view), so each
 * update is diffed once per seat and encoded once per seat; the events, shared by every recipient,
 * are encoded once per update. A seat's clients all hold that last view: they followed every
 * update, or joined since (GAME_STATE), and the fields that change between updates without one
 * are sent every time (`diffView`).
 */
export class UpdateEncoder {
  private readonly lastBySeat = new Map<number, GameView>();
  private lastSpectated: GameView | undefined;

  /** A view sent whole (GAME_STATE) becomes the base of its seat when the seat has none yet. */
  joined(seat: number | null, view: GameView): void {
    if (seat === null) this.lastSpectated ??= view;
    else if (!this.lastBySeat.has(seat)) this.lastBySeat.set(seat, view);
  }

  /**
   * The frames of one update, built on demand: a seat's frame is built when it is asked for, so
   * a room can send the player who moved their frame before building the others'.
   */
  update(room: ViewableRoom, events: GameEventMessage[]) {
    const head = `{"type":"GAME_UPDATE","gameId":${JSON.stringify(room.id)},"seq":${room.seq},"events":${JSON.stringify(events)},"changes":`;
    const frame = (view: GameView, prev: GameView | undefined) => {
      const changes = diffView(prev, view);
      const message = { type: 'GAME_UPDATE' as const, gameId: room.id, seq: room.seq, events, changes };
      return new PreparedFrame(message, `${head}${JSON.stringify(changes)}}`);
    };
    return {
      /** The frame for the seat's clients (`userId` is the seat's player). Once per seat per update. */
      seat: (seat: number, userId: number): PreparedFrame => {
        const view = gameView(room, userId);
        const built = frame(view, this.lastBySeat.get(seat));
        this.lastBySeat.set(seat, view);
        return built;
      },
      /** The frame every spectator gets. Once per update. */
      spectators: (): PreparedFrame => {
        const view = gameView(room, null);
        const built = frame(view, this.lastSpectated);
        this.lastSpectated = view;
        return built;
      },
    };
  }

  /** One frame per seat of `seats` and, when `spectators`, one shared by every spectator. */
  encode(
    room: ViewableRoom,
    events: GameEventMessage[],
    seats: { seat: number; userId: number }[],
    spectators: boolean,
  ): { bySeat: Map<number, PreparedFrame>; spectators: PreparedFrame | undefined } {
    const update = this.update(room, events);
    const bySeat = new Map<number, PreparedFrame>();
    for (const { seat, userId } of seats) bySeat.set(seat, update.seat(seat, userId));
    return { bySeat, spectators: spectators ? update.spectators() : undefined };
  }
}

import { viewFor, type GameEvent } from '@shared/game';
import type { GameEventMessage, GameView } from '@shared/protocol';
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

import { botPersonaOf } from '@shared/game';
import type { GameEventMessage, GameView } from '@shared/protocol';
import { cardLabel } from '../../../components/CardView';
import { handReason } from './handResult';

/** What the screen-reader log says, and a number that grows with every new thing said. */
export interface Announcement {
  id: number;
  text: string;
}

/** A seat's name where a line must stay short: "You", a bot's persona alone ("Ama"), or the username. */
export function nameOf(game: GameView, seat: number): string {
  if (game.you?.seat === seat) return 'You';
  const player = game.players.find((p) => p.seat === seat);
  if (!player) return 'Opponent';
  return (player.isBot ? botPersonaOf(player.username)?.name : undefined) ?? player.username;
}

/** "Ama takes the trick", or "You take the trick" for the viewer: said and shown alike. */
export function takesTheTrick(game: GameView, seat: number): string {
  const name = nameOf(game, seat);
  return name === 'You' ? 'You take the trick' : `${name} takes the trick`;
}

/**
 * What one update changed that a player who cannot see the table needs to hear: tricks and hands
 * won, a card played for someone whose time ran out, and whose turn it now is (the viewer's own,
 * or who else is to play). Null when nothing of that changed, so the log stays quiet.
 * See docs/design.md, "Renderer".
 */
export function announcementOf(game: GameView, events: readonly GameEventMessage[]): string | null {
  const said: string[] = [];
  for (const event of events) {
    if (event.kind === 'TRICK_WON') {
      said.push(takesTheTrick(game, event.seat));
    } else if (event.kind === 'HAND_WON') {
      said.push(`${nameOf(game, event.seat)} won the hand: ${handReason(event.card, event.points)}`);
    } else if (event.kind === 'AUTO_PLAYED') {
      const who = game.you?.seat === event.seat ? 'you' : nameOf(game, event.seat);
      said.push(`Time ran out: ${cardLabel(event.card)} was played for ${who}`);
    } else if (event.kind === 'RESIGNED') {
      said.push(leftLine(game, event.seat, event.reason));
    } else if (event.kind === 'TURN') {
      said.push(game.you?.seat === event.seat ? 'Your turn' : `${nameOf(game, event.seat)} to play`);
    }
  }
  return said.length > 0 ? said.join('. ') : null;
}

/**
 * A seat of three or four left and the others play on: it resigned, or (`reason`) the server took
 * it out when its turns ran out three times in a row or it stayed away past the reconnect grace.
 */
function leftLine(game: GameView, seat: number, reason?: 'timeout' | 'abandon'): string {
  if (game.you?.seat === seat) {
    const why =
      reason === 'timeout'
        ? 'Your time ran out three turns in a row: you left'
        : reason === 'abandon'
          ? 'You were away too long: you left'
          : 'You resigned';
    return `${why} and finish last; the others play on`;
  }
  const name = nameOf(game, seat);
  if (reason === 'timeout') return `${name} ran out of time and left`;
  if (reason === 'abandon') return `${name} was away too long and left`;
  return `${name} resigned`;
}

/** The next announcement after `previous`, or `previous` itself when the update said nothing new. */
export function nextAnnouncement(
  previous: Announcement | null,
  game: GameView,
  events: readonly GameEventMessage[],
): Announcement | null {
  const text = announcementOf(game, events);
  if (text === null) return previous;
  return { id: (previous?.id ?? 0) + 1, text };
}

import { describe, expect, it } from 'vitest';
import type { GameEventMessage } from '@shared/protocol';
import { gameView, viewPlayer } from '@shared/testing/views';
import { announcementOf, nextAnnouncement, takesTheTrick } from './announce';

const game = gameView({
  mode: 'practice',
  seq: 3,
  players: [
    viewPlayer(0, { cardsInHand: 4 }),
    viewPlayer(1, { userId: null, username: 'Bot (easy)', isBot: true }),
  ],
  hand: ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds'],
  turn: 1,
  turnDeadline: 0,
  currentTrick: [{ seat: 0, card: '9_hearts' }],
  legalCards: [],
});

const played: GameEventMessage = { kind: 'CARD_PLAYED', seat: 0, card: '9_hearts' };
const botTurn: GameEventMessage = { kind: 'TURN', seat: 1, deadline: 0 };
const yourTurn: GameEventMessage = { kind: 'TURN', seat: 0, deadline: 0 };

describe('screen-reader announcements', () => {
  it('once you have played, the log says the bot is to play, not "Your turn"', () => {
    const mine = nextAnnouncement(null, game, [yourTurn]);
    expect(mine).toEqual({ id: 1, text: 'Your turn' });
    const next = nextAnnouncement(mine, game, [played, botTurn]);
    expect(next).toEqual({ id: 2, text: 'Bot (easy) to play' });
  });

  it('an update with nothing worth saying leaves the log as it was', () => {
    const said = { id: 5, text: 'Your turn' };
    expect(announcementOf(game, [played])).toBeNull();
    expect(announcementOf(game, [{ kind: 'HAND_DEALT', handNumber: 2, dealer: 0 }])).toBeNull();
    expect(nextAnnouncement(said, game, [played])).toBe(said);
    expect(nextAnnouncement(said, game, [])).toBe(said);
  });

  it('a new turn of yours is a new line even when the words repeat', () => {
    const first = nextAnnouncement(null, game, [yourTurn])!;
    const second = nextAnnouncement(first, game, [
      { kind: 'CARD_PLAYED', seat: 1, card: 'K_hearts' },
      { kind: 'TRICK_WON', seat: 0, card: '9_hearts', trickNumber: 1 },
      yourTurn,
    ])!;
    expect(second.id).toBe(first.id + 1);
    expect(second.text).toBe('You take the trick. Your turn');
  });

  it('names the winner of a hand, and a card played when time ran out', () => {
    expect(announcementOf(game, [{ kind: 'HAND_WON', seat: 1, card: '6_spades', points: 3 }])).toBe(
      'Bot (easy) won the hand: led 6 nobody could follow: 3 points',
    );
    expect(announcementOf(game, [{ kind: 'AUTO_PLAYED', seat: 0, card: 'Q_clubs' }, botTurn])).toBe(
      'Time ran out: Queen of clubs was played for you. Bot (easy) to play',
    );
  });

  it('says who takes a trick as the table shows it: a bot by its persona alone', () => {
    const kofi = { ...game, players: [game.players[0]!, { ...game.players[1]!, username: 'Kofi (medium)' }] };
    const won = (seat: number): GameEventMessage => ({
      kind: 'TRICK_WON',
      seat,
      card: '9_hearts',
      trickNumber: 2,
    });
    expect(announcementOf(kofi, [won(1)])).toBe('Kofi takes the trick');
    expect(takesTheTrick(kofi, 1)).toBe('Kofi takes the trick');
    expect(takesTheTrick(kofi, 0)).toBe('You take the trick');
    // A spectator sees every seat by name.
    expect(takesTheTrick({ ...kofi, you: null }, 0)).toBe('ama takes the trick');
  });
});

describe('a resignation at a table of three or four', () => {
  it('says who resigned, and tells the player who resigned that the others play on', () => {
    expect(announcementOf(game, [{ kind: 'RESIGNED', seat: 1 }])).toBe(
      `${game.players[1]!.username} resigned`,
    );
    expect(announcementOf(game, [{ kind: 'RESIGNED', seat: 0 }])).toBe(
      'You resigned and finish last; the others play on',
    );
  });

  it('says why the server took a seat out: its time ran out, or it stayed away', () => {
    const name = game.players[1]!.username;
    expect(announcementOf(game, [{ kind: 'RESIGNED', seat: 1, reason: 'timeout' }])).toBe(
      `${name} ran out of time and left`,
    );
    expect(announcementOf(game, [{ kind: 'RESIGNED', seat: 1, reason: 'abandon' }])).toBe(
      `${name} was away too long and left`,
    );
    expect(announcementOf(game, [{ kind: 'RESIGNED', seat: 0, reason: 'timeout' }])).toBe(
      'Your time ran out three turns in a row: you left and finish last; the others play on',
    );
  });
});

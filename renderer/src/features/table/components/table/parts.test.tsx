// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { gameView, viewPlayer } from '@shared/testing/views';
import { renderWithProviders } from '../../../../lib/testing/render';
import { GameOverDialog, LastTrickDialog, resignConsequence } from './Dialogs';
import { PlayerHand } from './Hand';
import { seatName, statusLine, tableLayout } from './layout';
import { PlayerBadge } from './Seats';

const game = gameView({
  mode: 'quick',
  seq: 9,
  players: [viewPlayer(0, { score: 7, cardsInHand: 3 }), viewPlayer(1, { score: 9, cardsInHand: 3 })],
  hand: ['7_hearts', 'K_spades', 'Q_clubs'],
  dealer: 0,
  handNumber: 4,
  trickNumber: 3,
  lastTrick: {
    winner: 1,
    plays: [
      { seat: 0, card: '8_clubs' },
      { seat: 1, card: 'J_clubs' },
    ],
  },
  legalCards: ['7_hearts', 'K_spades', 'Q_clubs'],
});

const over = (change: Partial<ServerMessageOf<'GAME_OVER'>>): ServerMessageOf<'GAME_OVER'> => ({
  type: 'GAME_OVER',
  gameId: 'g1',
  winnerUserId: 2,
  reason: 'score',
  scores: [7, 10],
  ...change,
});

function show(node: React.ReactNode) {
  renderWithProviders(node, { route: '/' });
}

afterEach(cleanup);

describe('table layout', () => {
  it('names seats from the viewer’s side and says whose turn it is', () => {
    expect(seatName(game, 0)).toBe('You');
    expect(seatName(game, 1)).toBe('kofi');
    expect(seatName({ ...game, you: null }, 0)).toBe('ama');
    // A bot goes by its persona alone under its trick card, where "Kofi (medium)" would be cut.
    const withBot = {
      ...game,
      players: game.players.map((p) => (p.seat === 1 ? { ...p, username: 'Kofi (medium)', isBot: true } : p)),
    };
    expect(seatName(withBot, 1)).toBe('Kofi');
    expect(statusLine(game)).toBe('Your lead');
    expect(statusLine({ ...game, currentTrick: [{ seat: 1, card: '9_hearts' }] })).toBe('Your turn');
    expect(statusLine({ ...game, turn: 1 })).toBe('kofi to play');
    expect(statusLine({ ...game, status: 'finished', turn: null })).toBe('Game over');
  });

  it('puts the viewer’s card at the bottom of the trick and the opponent’s across', () => {
    const two = tableLayout(390, 844, 2, 5);
    expect(two.trick[0]!.cy).toBeGreaterThan(two.trick[1]!.cy);
    const four = tableLayout(1440, 900, 4, 5);
    // Seats 1, 2, 3 from the viewer's left: left, across, right.
    expect(four.trick[1]!.cx).toBeLessThan(four.trick[0]!.cx);
    expect(four.trick[2]!.cy).toBeLessThan(four.trick[0]!.cy);
    expect(four.trick[3]!.cx).toBeGreaterThan(four.trick[0]!.cx);
  });
});

describe('player hand', () => {
  it('plays only legal cards, lifts them, and lays the cards where the layout says', () => {
    const onPlay = vi.fn();
    const hand = ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds', '6_spades'] as const;
    const phone = tableLayout(390, 844, 2, 5);
    show(
      <PlayerHand
        hand={hand}
        legalCards={['K_spades']}
        width={phone.handCard}
        places={phone.handCards}
        handStyle={phone.handStyle}
        onPlay={onPlay}
      />,
    );
    const group = screen.getByRole('group', { name: 'Your hand' });
    expect(group.getAttribute('data-hand-style')).toBe('fan');
    fireEvent.click(within(group).getByRole('button', { name: '7 of hearts' }));
    fireEvent.click(within(group).getByRole('button', { name: 'King of spades' }));
    expect(onPlay.mock.calls).toEqual([['K_spades']]);
    const buttons = within(group).getAllByRole('button');
    // A fan: the outer cards lean outwards.
    expect(buttons[0]!.style.getPropertyValue('--rot')).toMatch(/^-\d/);
    expect(buttons[4]!.style.getPropertyValue('--rot')).toMatch(/^\d/);
    expect(parseFloat(buttons[0]!.style.left)).toBeCloseTo(phone.handCards[0]!.cx - phone.handCard / 2, 1);
    cleanup();
    const desk = tableLayout(1440, 900, 2, 5);
    show(
      <PlayerHand
        hand={hand}
        legalCards={[]}
        width={desk.handCard}
        places={desk.handCards}
        handStyle={desk.handStyle}
        onPlay={onPlay}
      />,
    );
    const row = screen.getByRole('group', { name: 'Your hand' });
    expect(row.getAttribute('data-hand-style')).toBe('row');
    expect(
      within(row)
        .getAllByRole('button')
        .map((b) => b.style.getPropertyValue('--rot')),
    ).toEqual(Array(5).fill('0deg'));
  });

  it('shows a held card as waiting to send, and lets no card be played until it is settled', () => {
    const onPlay = vi.fn();
    const hand = ['7_hearts', 'K_spades', 'Q_clubs'] as const;
    const phone = tableLayout(360, 640, 2, 3);
    show(
      <PlayerHand
        hand={hand}
        legalCards={['7_hearts', 'K_spades']}
        width={phone.handCard}
        places={phone.handCards}
        handStyle={phone.handStyle}
        held="K_spades"
        onPlay={onPlay}
      />,
    );
    const group = screen.getByRole('group', { name: 'Your hand' });
    const waiting = within(group).getByRole('button', { name: 'King of spades, waiting to send' });
    expect(waiting.getAttribute('data-waiting')).toBe('true');
    expect(waiting.textContent).toContain('Waiting to send');
    for (const button of within(group).getAllByRole('button')) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
      fireEvent.click(button);
    }
    expect(onPlay).not.toHaveBeenCalled();
  });
});

describe('table dialogs', () => {
  it('last trick: each card under its player’s name, the winner’s outlined', () => {
    show(<LastTrickDialog opened onClose={() => undefined} game={game} />);
    const dialog = screen.getByRole('dialog', { name: 'Last trick' });
    expect(within(dialog).getByText('You')).toBeTruthy();
    expect(within(dialog).getByText('kofi')).toBeTruthy();
    const jack = within(dialog).getByAltText('Jack of clubs');
    const eight = within(dialog).getByAltText('8 of clubs');
    expect(jack.closest('[style*="outline"]')).not.toBeNull();
    expect(eight.closest('[style*="outline"]')).toBeNull();
  });

  it('game over for a player who lost: how it ended and Play again', () => {
    const onPlayAgain = vi.fn();
    show(<GameOverDialog game={game} over={over({ reason: 'timeout' })} onPlayAgain={onPlayAgain} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('You lost')).toBeTruthy();
    expect(within(dialog).getByText('Too many turns timed out')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Play again' }));
    expect(onPlayAgain).toHaveBeenCalledTimes(1);
  });

  it('game over in an arena tournament: back to the tournament, no Play again', () => {
    const onPlayAgain = vi.fn();
    show(
      <GameOverDialog
        game={{ ...game, tournamentId: 7 }}
        over={over({ reason: 'score' })}
        onPlayAgain={onPlayAgain}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Back to the tournament' }).getAttribute('href')).toBe(
      '/tournaments/7',
    );
    expect(within(dialog).queryByRole('button', { name: 'Play again' })).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Back to games' })).toBeTruthy();
  });

  it('game over for a visitor with no account: invited to sign up, and led home', () => {
    show(
      <GameOverDialog
        game={game}
        over={over({ reason: 'resign' })}
        offline
        guest
        onPlayAgain={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Create an account to keep your progress')).toBeTruthy();
    expect(within(dialog).getByText(/This game was played on your device and is not saved/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/auth?mode=register&returnTo=%2Fgames',
    );
    expect(within(dialog).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(dialog).queryByRole('link', { name: 'Back to games' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Play again' })).toBeTruthy();
  });

  it('game over for a signed-in player: no invitation to sign up', () => {
    show(
      <GameOverDialog game={game} over={over({ reason: 'resign' })} offline onPlayAgain={() => undefined} />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByText('Create an account to keep your progress')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'Back to games' })).toBeTruthy();
  });

  it('game over for a spectator: names the winner, and offers no Play again', () => {
    show(
      <GameOverDialog
        game={{ ...game, you: null }}
        over={over({ reason: 'abandon' })}
        onPlayAgain={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('kofi wins')).toBeTruthy();
    expect(within(dialog).getByText('A player left the game')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Play again' })).toBeNull();
  });

  it('at a table of three, the standings put the winner first and a player who left last, whatever their score', () => {
    const three: GameView = {
      ...game,
      status: 'finished',
      players: [
        { ...game.players[0]!, score: 9, resigned: true, cardsInHand: 0 },
        game.players[1]!,
        { ...game.players[1]!, seat: 2, userId: 3, username: 'esi', score: 4 },
      ],
    };
    show(
      <GameOverDialog
        game={three}
        over={over({ reason: 'resign', scores: [9, 10, 4] })}
        onPlayAgain={() => undefined}
      />,
    );
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('You lost')).toBeTruthy();
    const rows = within(within(dialog).getByRole('list', { name: 'Final standings' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual(['10kofi', '4esi', '9amaleft · last']);
  });

  it('stays closed while the game goes on', () => {
    show(<GameOverDialog game={game} over={null} onPlayAgain={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the resign confirmation', () => {
  it('says what resigning does at this table', () => {
    expect(resignConsequence(2, 'ranked')).toBe(
      'Your opponent wins at once and your rating changes as for a loss.',
    );
    expect(resignConsequence(2, 'quick')).toBe('Your opponent wins at once.');
    expect(resignConsequence(3, 'quick')).toBe(
      'You leave the game with last place, and the others play on without you.',
    );
    // In practice nobody else plays on: the game ends, on the server and on the device alike.
    expect(resignConsequence(2, 'practice')).toBe('Your opponent wins at once.');
    expect(resignConsequence(4, 'practice')).toBe(
      'The game ends at once, and the bot with the best score wins.',
    );
  });
});

describe('a bot in a side seat', () => {
  afterEach(cleanup);
  const bot = { ...game.players[1]!, username: 'Ama (medium)', userId: null, isBot: true };

  it('is named by its persona whole, the level in its badge, in a narrow upright seat', () => {
    renderWithProviders(<PlayerBadge player={bot} game={game} upright />);
    const name = screen.getByTestId('seat-name');
    expect(name.textContent).toBe('Ama');
    expect(name.getAttribute('title')).toBe('Ama (medium)');
    expect(screen.getByLabelText('medium bot').textContent).toBe('medium');
  });

  it('keeps its full name and the bot badge where the seat is roomy', () => {
    renderWithProviders(<PlayerBadge player={bot} game={game} upright roomy />);
    expect(screen.getByTestId('seat-name').textContent).toBe('Ama (medium)');
    expect(screen.getByText('bot')).toBeTruthy();
  });
});

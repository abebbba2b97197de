// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GameView, ServerMessageOf } from '@shared/protocol';
import { theme } from '../../../../lib/theme';
import { GameOverDialog, LastTrickDialog } from './Dialogs';
import { PlayerHand } from './Hand';
import { seatName, statusLine, trickSpot } from './layout';

const game: GameView = {
  id: 'g1',
  mode: 'quick',
  status: 'active',
  targetScore: 10,
  seq: 9,
  players: [
    {
      seat: 0,
      userId: 1,
      username: 'ama',
      avatarUrl: null,
      score: 7,
      cardsInHand: 3,
      connected: true,
      isBot: false,
    },
    {
      seat: 1,
      userId: 2,
      username: 'kofi',
      avatarUrl: null,
      score: 9,
      cardsInHand: 3,
      connected: true,
      isBot: false,
    },
  ],
  you: { seat: 0 },
  hand: ['7_hearts', 'K_spades', 'Q_clubs'],
  dealer: 0,
  turn: 0,
  turnDeadline: null,
  handNumber: 4,
  trickNumber: 3,
  currentTrick: [],
  lastTrick: {
    winner: 1,
    plays: [
      { seat: 0, card: '8_clubs' },
      { seat: 1, card: 'J_clubs' },
    ],
  },
  legalCards: ['7_hearts', 'K_spades', 'Q_clubs'],
  winnerUserId: null,
};

const over = (change: Partial<ServerMessageOf<'GAME_OVER'>>): ServerMessageOf<'GAME_OVER'> => ({
  type: 'GAME_OVER',
  gameId: 'g1',
  winnerUserId: 2,
  reason: 'score',
  scores: [7, 10],
  ...change,
});

function show(node: React.ReactNode) {
  render(
    <MantineProvider theme={theme}>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );
}

afterEach(cleanup);

describe('table layout', () => {
  it('names seats from the viewer’s side and says whose turn it is', () => {
    expect(seatName(game, 0)).toBe('You');
    expect(seatName(game, 1)).toBe('kofi');
    expect(seatName({ ...game, you: null }, 0)).toBe('ama');
    expect(statusLine(game)).toBe('Your lead');
    expect(statusLine({ ...game, currentTrick: [{ seat: 1, card: '9_hearts' }] })).toBe('Your turn');
    expect(statusLine({ ...game, turn: 1 })).toBe('kofi to play');
    expect(statusLine({ ...game, status: 'finished', turn: null })).toBe('Game over');
  });

  it('puts the viewer’s card at the bottom of the trick and the opponent’s across', () => {
    expect(trickSpot(0, 0, 2).y).toBeGreaterThan(0);
    expect(trickSpot(1, 0, 2).y).toBeLessThan(0);
    // Seen from seat 1, seat 1's card is the one at the bottom.
    expect(trickSpot(1, 1, 2).y).toBeGreaterThan(0);
    expect(trickSpot(3, 0, 4).x).toBeGreaterThan(0);
    expect(trickSpot(1, 0, 4).x).toBeLessThan(0);
  });
});

describe('player hand', () => {
  it('plays only legal cards and overlaps a full hand more on a phone than on a wide screen', () => {
    const onPlay = vi.fn();
    const hand = ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds', '6_spades'] as const;
    show(<PlayerHand hand={hand} legalCards={['K_spades']} width={84} wide={false} onPlay={onPlay} />);
    const group = screen.getByRole('group', { name: 'Your hand' });
    fireEvent.click(within(group).getByRole('button', { name: '7 of hearts' }));
    fireEvent.click(within(group).getByRole('button', { name: 'King of spades' }));
    expect(onPlay.mock.calls).toEqual([['K_spades']]);
    expect(group.style.getPropertyValue('--overlap')).toBe('34px');
    cleanup();
    show(<PlayerHand hand={hand} legalCards={[]} width={112} wide onPlay={onPlay} />);
    expect(screen.getByRole('group', { name: 'Your hand' }).style.getPropertyValue('--overlap')).toBe('20px');
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

  it('stays closed while the game goes on', () => {
    show(<GameOverDialog game={game} over={null} onPlayAgain={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDefaultStore } from 'jotai';
import type { GameView } from '@shared/protocol';
import { toastAreaAtom } from '../../../lib/toast';
import { gameView, viewPlayer } from '@shared/testing/views';
import { renderWithProviders } from '../../../lib/testing/render';
import { GameTable, type GameTableProps } from './GameTable';
import { tableProps } from './table-test-props';
import type { HandResult } from '../hooks/handResult';

const wonByKofi: NonNullable<GameView['lastTrick']> = {
  winner: 1,
  plays: [
    { seat: 0, card: '8_hearts' },
    { seat: 1, card: '9_hearts' },
  ],
};
const handEnd = { trick: wonByKofi, handNumber: 2, trickNumber: 5, handEnded: true } as const;

const base: GameView = gameView({
  seq: 3,
  players: [viewPlayer(0, { score: 4, cardsInHand: 4 }), viewPlayer(1, { score: 6, connected: false })],
  hand: ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds'],
  turnDeadline: Date.now() + 20_000,
  handNumber: 2,
  currentTrick: [{ seat: 1, card: '9_hearts' }],
  legalCards: ['7_hearts'],
});

function renderTable({
  game,
  ...rest
}: Omit<Partial<GameTableProps>, 'game'> & { game?: Partial<GameView> } = {}) {
  const onPlay = vi.fn();
  const onResign = vi.fn();
  renderWithProviders(<GameTable {...tableProps({ ...base, ...game }, { onPlay, onResign, ...rest })} />, {
    route: '/',
  });
  return { onPlay, onResign };
}

afterEach(cleanup);

const src = (img: Element) => img.getAttribute('src');

describe('game table', () => {
  it('on your turn: legal cards are enabled buttons named like "7 of hearts", the others disabled', () => {
    const { onPlay } = renderTable();
    const hand = screen.getByRole('group', { name: 'Your hand' });
    const seven = within(hand).getByRole('button', { name: '7 of hearts' });
    expect((seven as HTMLButtonElement).disabled).toBe(false);
    for (const name of ['King of spades', 'Queen of clubs', '10 of diamonds']) {
      expect((within(hand).getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
    }
    fireEvent.click(seven);
    expect(onPlay).toHaveBeenCalledWith('7_hearts');
    expect(screen.getByText('Your turn')).toBeTruthy();
    expect(screen.getByAltText('9 of hearts')).toBeTruthy();
    expect(screen.getByLabelText('kofi holds 5 cards').querySelectorAll('img')).toHaveLength(5);
    expect(screen.getByLabelText('Disconnected')).toBeTruthy();
    expect(screen.getByText('KO')).toBeTruthy();
  });

  it('asks for its toasts over the felt, clear of every seat, and lets go when it leaves', () => {
    renderTable();
    const area = getDefaultStore().get(toastAreaAtom);
    expect(area).not.toBeNull();
    const box = (el: HTMLElement) => ({
      x: parseFloat(el.style.left),
      y: parseFloat(el.style.top),
      w: parseFloat(el.style.width),
      h: parseFloat(el.style.height),
    });
    const felt = box(screen.getByTestId('felt'));
    expect(area!.x).toBeGreaterThanOrEqual(felt.x);
    expect(area!.x + area!.w).toBeLessThanOrEqual(felt.x + felt.w);
    expect(area!.y).toBeGreaterThan(felt.y);
    for (const seat of screen.getAllByTestId('seat').map(box)) {
      const acrossSeat = area!.x < seat.x + seat.w && seat.x < area!.x + area!.w;
      expect(acrossSeat && area!.y < seat.y + seat.h && seat.y < felt.y + felt.h, 'toast over a seat').toBe(
        false,
      );
    }
    cleanup();
    expect(getDefaultStore().get(toastAreaAtom)).toBeNull();
  });

  it("shows each player's chosen avatar at their seat, initials for one without", () => {
    const [ama, kofi] = base.players;
    renderTable({ game: { players: [ama!, { ...kofi!, avatarUrl: '/assets/shop/avatars/owl.svg' }] } });
    expect(screen.getByRole('img', { name: "kofi's avatar" }).getAttribute('src')).toBe(
      '/assets/shop/avatars/owl.svg',
    );
    expect(screen.queryByText('KO')).toBeNull();
    expect(screen.queryByRole('img', { name: "ama's avatar" })).toBeNull();
    expect(screen.getByText('AM')).toBeTruthy();
  });

  it('while waiting: every card is disabled and the opponent is to play', () => {
    renderTable({ game: { turn: 1, legalCards: [], currentTrick: [] } });
    const buttons = within(screen.getByRole('group', { name: 'Your hand' })).getAllByRole('button');
    expect(buttons.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(screen.getByTestId('table-status').textContent).toBe('kofi to play');
  });

  it('between hands: says who won the hand, with which card, and why', () => {
    renderTable({
      game: {
        currentTrick: [],
        handNumber: 3,
        trickNumber: 1,
        lastTrick: {
          winner: 1,
          plays: [
            { seat: 0, card: '6_hearts' },
            { seat: 1, card: '7_hearts' },
          ],
        },
      },
      handResult: { seat: 1, card: '7_hearts', points: 1, reason: '7 captured the lead: 1 point' },
      pause: { ...handEnd, phase: 'result' },
    });
    expect(screen.getByText('kofi wins the hand')).toBeTruthy();
    expect(screen.getByText('7 captured the lead: 1 point')).toBeTruthy();
  });

  it('a finished trick stays with its winning card marked and "kofi takes the trick"; a tap ends it', () => {
    const onSkipPause = vi.fn();
    renderTable({
      game: { currentTrick: [], trickNumber: 3, turn: 1, legalCards: [], lastTrick: wonByKofi },
      pause: { phase: 'trick', trick: wonByKofi, handNumber: 2, trickNumber: 2, handEnded: false },
      onSkipPause,
    });
    const cards = screen.getAllByTestId('trick-card');
    expect(cards).toHaveLength(2);
    expect(cards.filter((c) => c.hasAttribute('data-winner')).map((c) => c.textContent)).toEqual(['kofi']);
    expect(screen.getByTestId('table-status').textContent).toBe('kofi takes the trick');
    // Nothing to look back at while the trick is still on the table.
    expect(screen.queryByRole('button', { name: 'Last trick' })).toBeNull();
    fireEvent.click(screen.getByTestId('felt'));
    expect(onSkipPause).toHaveBeenCalledOnce();
  });

  it('the viewer who takes the trick reads "You take the trick" and may lead at once', () => {
    const mine = { winner: 0, plays: wonByKofi.plays };
    const { onPlay } = renderTable({
      game: { currentTrick: [], trickNumber: 3, turn: 0, legalCards: ['7_hearts'], lastTrick: mine },
      pause: { phase: 'trick', trick: mine, handNumber: 2, trickNumber: 2, handEnded: false },
    });
    expect(screen.getByTestId('table-status').textContent).toBe('You take the trick');
    fireEvent.click(screen.getByRole('button', { name: /7 of hearts/i }));
    expect(onPlay).toHaveBeenCalledWith('7_hearts');
  });

  it('at a hand’s end the new deal waits: the trick, then the result alone, never over each other', () => {
    const next = { currentTrick: [], handNumber: 3, trickNumber: 1, lastTrick: wonByKofi };
    const handResult: HandResult = {
      seat: 1,
      card: '9_hearts',
      points: 1,
      reason: '9 took the last trick: 1 point',
    };
    renderTable({ game: next, handResult, pause: { ...handEnd, phase: 'trick' } });
    expect(screen.getAllByTestId('trick-card')).toHaveLength(2);
    expect(screen.queryByText('kofi wins the hand')).toBeNull();
    // The next deal's cards are not in the hand yet, nor the new hand's number in the toolbar.
    expect(screen.queryAllByRole('button', { name: /of (hearts|spades|clubs|diamonds)/ })).toHaveLength(0);
    expect(screen.getByTestId('hand-progress').textContent).toBe('Hand 2 · trick 5/5');
    cleanup();
    renderTable({ game: next, handResult, pause: { ...handEnd, phase: 'result' } });
    expect(screen.getByText('kofi wins the hand')).toBeTruthy();
    expect(screen.queryAllByTestId('trick-card')).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /of (hearts|spades|clubs|diamonds)/ })).toHaveLength(0);
  });

  it('Scores opens the log: each finished hand, its winner, points and the totals after it', async () => {
    renderTable({
      game: { handNumber: 3 },
      handLog: [
        { handNumber: 1, seat: 1, points: 3, totals: [0, 3] },
        { handNumber: 2, seat: 0, points: 1, totals: [1, 3] },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Scores' }));
    const hands = (await screen.findAllByTestId('score-log-hand')).map((h) => h.textContent);
    expect(hands).toEqual([
      'Hand 2: you won+1 pointYou 1 · kofi 3',
      'Hand 1: kofi won+3 pointsYou 0 · kofi 3',
    ]);
    expect(screen.getByTestId('score-log-now').textContent).toBe('You 4 · kofi 6');
  });

  it('the score log says which hands it did not see rather than guess them', async () => {
    renderTable({
      game: { handNumber: 4 },
      handLog: [{ handNumber: 3, seat: 1, points: 2, totals: [4, 6] }],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Scores' }));
    expect(await screen.findAllByTestId('score-log-hand')).toHaveLength(1);
    expect(screen.getByText(/2 earlier hands finished while this table was not open here/)).toBeTruthy();
  });

  it("the hand's result gives way to the next hand's first card, which it would cover", () => {
    const handResult: HandResult = {
      seat: 1,
      card: '7_hearts',
      points: 1,
      reason: '7 captured the lead: 1 point',
    };
    const lastTrick: GameView['lastTrick'] = {
      winner: 1,
      plays: [
        { seat: 0, card: '6_hearts' },
        { seat: 1, card: '7_hearts' },
      ],
    };
    renderTable({
      game: { currentTrick: [{ seat: 1, card: '9_hearts' }], handNumber: 3, trickNumber: 1, lastTrick },
      handResult,
    });
    expect(screen.queryByText('kofi wins the hand')).toBeNull();
    expect(screen.queryByText('7 captured the lead: 1 point')).toBeNull();
    // The card is on the table, and the last trick can be looked at again.
    expect(screen.getByRole('button', { name: 'Last trick' })).toBeTruthy();
    // Nor does it come back when that first trick has been won and the table is clear again.
    cleanup();
    renderTable({ game: { currentTrick: [], handNumber: 3, trickNumber: 2, lastTrick }, handResult });
    expect(screen.queryByText('kofi wins the hand')).toBeNull();
  });

  it('game over: result, final score, rating change, Play again and Back to games', () => {
    renderTable({
      game: { status: 'finished', turn: null, legalCards: [] },
      over: {
        type: 'GAME_OVER',
        gameId: 'g1',
        winnerUserId: 1,
        reason: 'score',
        scores: [10, 6],
        ratingChange: [
          { userId: 1, before: 1500, after: 1662, delta: 162 },
          { userId: 2, before: 1500, after: 1338, delta: -162 },
        ],
      },
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('You won!')).toBeTruthy();
    expect(within(dialog).getByText('10')).toBeTruthy();
    expect(within(dialog).getByText('Rating 1662 (+162)')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Play again' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Back to games' })).toBeTruthy();
  });

  it('a rating change is told in whole numbers, with a true minus sign, even if fractions come in', () => {
    renderTable({
      game: { status: 'finished', turn: null, legalCards: [], you: { seat: 1 } },
      over: {
        type: 'GAME_OVER',
        gameId: 'g1',
        winnerUserId: 1,
        reason: 'score',
        scores: [10, 6],
        ratingChange: [
          { userId: 1, before: 1500, after: 1662.3, delta: 162.3 },
          { userId: 2, before: 1500, after: 1337.7, delta: -162.3 },
        ],
      },
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Rating 1338 (\u2212162)')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/\d\.\d/);
  });

  it('the screen-reader log holds only the latest announcement', () => {
    renderTable({ announcement: { id: 4, text: 'kofi to play' } });
    const log = screen.getByRole('log');
    expect(log.textContent).toBe('kofi to play');
  });

  it('spectators see both players and no playable hand', () => {
    renderTable({ game: { you: null, hand: [], legalCards: [] } });
    expect(screen.queryByRole('group', { name: 'Your hand' })).toBeNull();
    expect(screen.getByText('watching')).toBeTruthy();
    expect(screen.getByLabelText('ama holds 4 cards')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
  });

  it('draws the hand, the trick, the backs and the last trick from the viewer’s deck', async () => {
    renderTable({
      deck: 'pixel-city',
      game: {
        lastTrick: {
          winner: 1,
          plays: [
            { seat: 0, card: '6_hearts' },
            { seat: 1, card: '8_hearts' },
          ],
        },
      },
    });
    const hand = screen.getByRole('group', { name: 'Your hand' });
    expect(within(hand).getAllByRole('img').map(src)).toEqual([
      '/assets/decks/pixel-city/7_hearts.svg',
      '/assets/decks/pixel-city/K_spades.svg',
      '/assets/decks/pixel-city/Q_clubs.svg',
      '/assets/decks/pixel-city/10_diamonds.svg',
    ]);
    expect(src(screen.getByAltText('9 of hearts'))).toBe('/assets/decks/pixel-city/9_hearts.svg');
    const backs = [...screen.getByLabelText('kofi holds 5 cards').querySelectorAll('img')].map(src);
    expect(new Set(backs)).toEqual(new Set(['/assets/decks/pixel-city/back.svg']));
    fireEvent.click(screen.getByRole('button', { name: 'Last trick' }));
    const dialog = await screen.findByRole('dialog', { name: 'Last trick' });
    expect(src(within(dialog).getByAltText('8 of hearts'))).toBe('/assets/decks/pixel-city/8_hearts.svg');
  });

  it('without a deck, the system default deck’s art', () => {
    renderTable();
    expect(src(screen.getByAltText('9 of hearts'))).toBe('/assets/decks/default/9_hearts.svg');
  });

  it('a player who left a game the others play on sees so where their hand was, and no Resign', () => {
    const third = { ...base.players[1]!, seat: 2, userId: 3, username: 'esi' };
    renderTable({
      game: {
        players: [{ ...base.players[0]!, resigned: true, cardsInHand: 0 }, base.players[1]!, third],
        hand: [],
        legalCards: [],
        turn: 1,
      },
    });
    const notice = screen.getByTestId('left-notice');
    expect(within(notice).getByText('You left this game with last place')).toBeTruthy();
    expect(within(notice).getByRole('link', { name: 'Back to games' }).getAttribute('href')).toBe('/games');
    expect(screen.queryByRole('group', { name: 'Your hand' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resign' })).toBeNull();
    expect(screen.getAllByText('left')).toHaveLength(1);
  });

  it('resigning asks for confirmation first', async () => {
    const { onResign } = renderTable();
    fireEvent.click(screen.getByRole('button', { name: 'Resign' }));
    expect(onResign).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog', { name: 'Resign this game?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resign' }));
    expect(onResign).toHaveBeenCalledTimes(1);
  });
});

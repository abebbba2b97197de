// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GameView } from '@shared/protocol';
import { gameView, viewPlayer } from '@shared/testing/views';
import { renderWithProviders } from '../../../lib/testing/render';
import { GameTable } from './GameTable';
import { tableProps } from './table-test-props';
import { RESULT_CARD_PX } from './table/Trick';
import { tableLayout } from './table/layout';
import type { TablePause } from '../hooks/tablePacing';

/** A game of n seats seen from seat 0, in the middle of a trick. */
function gameOf(n: number, change: Partial<GameView> = {}): GameView {
  return gameView({
    mode: 'practice',
    seq: 3,
    players: Array.from({ length: n }, (_, seat) =>
      viewPlayer(seat, { score: seat, cardsInHand: seat === 0 ? 4 : 4 - (seat % 2), isBot: seat > 0 }),
    ),
    hand: ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds'],
    turnDeadline: Date.now() + 20_000,
    handNumber: 2,
    trickNumber: 2,
    currentTrick: Array.from({ length: n - 1 }, (_, i) => ({
      seat: i + 1,
      card: (['9_hearts', '6_hearts', '8_hearts'] as const)[i]!,
    })),
    legalCards: ['7_hearts'],
    ...change,
  });
}

function table(game: GameView, handResult: Parameters<typeof GameTable>[0]['handResult'] = null) {
  // A hand's result is shown during the pause that follows its last trick.
  const pause = handResult && game.lastTrick ? resultPause(game.lastTrick) : null;
  return <GameTable {...tableProps(game, { handResult, pause })} />;
}

function resultPause(trick: NonNullable<GameView['lastTrick']>): TablePause {
  return { phase: 'result', trick, handNumber: 1, trickNumber: 5, handEnded: true };
}

function viewport(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

/** Makes `(prefers-reduced-motion: reduce)` match, or not. */
function reducedMotion(reduce: boolean) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

const animate = vi.fn(() => ({ onfinish: null, cancel() {}, finished: Promise.resolve() }));
const realAnimate = HTMLElement.prototype.animate;

beforeEach(() => {
  animate.mockClear();
  HTMLElement.prototype.animate = animate as unknown as typeof realAnimate;
  reducedMotion(false);
});
afterEach(() => {
  cleanup();
  HTMLElement.prototype.animate = realAnimate;
});

const px = (value: string) => parseFloat(value);

describe('the table for 2, 3 and 4 seats', () => {
  for (const n of [2, 3, 4]) {
    for (const [w, h] of [
      [360, 640],
      [1440, 900],
    ] as const) {
      it(`${n} seats at ${w}×${h}: every opponent at their side with backs, avatar and score; each card of the trick named`, () => {
        viewport(w, h);
        const game = gameOf(n);
        renderWithProviders(table(game), { route: '/' });
        const layout = tableLayout(w, h, n, 4);
        const expected = n === 2 ? ['top'] : n === 3 ? ['left', 'right'] : ['left', 'top', 'right'];
        const seats = [...document.querySelectorAll<HTMLElement>('[data-side]')].filter((el) =>
          el.className.includes('seat'),
        );
        expect(seats.map((s) => s.dataset.side)).toEqual(expected);
        seats.forEach((seat, i) => {
          const player = game.players[i + 1]!;
          expect(within(seat).getByText(player.username.toUpperCase().slice(0, 2))).toBeTruthy();
          expect(
            within(seat).getByLabelText(`${player.username} holds ${player.cardsInHand} cards`),
          ).toBeTruthy();
          expect(seat.textContent).toMatch(new RegExp(`${player.score} ?/ ?10`));
          expect(px(seat.style.left)).toBeCloseTo(layout.seats[i]!.rect.x, 1);
        });
        // The trick: each opponent's card, with its player's name, toward that player's side.
        const trick = screen.getByLabelText('Cards on the table');
        const cards = [...trick.children] as HTMLElement[];
        expect(cards).toHaveLength(n - 1);
        cards.forEach((card, i) => {
          expect(card.dataset.side).toBe(expected[i]);
          expect(card.textContent).toBe(game.players[i + 1]!.username);
          // Not dimmed or tinted: the card is drawn as it is.
          for (let el: HTMLElement | null = card; el && el !== document.body; el = el.parentElement) {
            expect(el.style.filter).toBe('');
            expect(el.style.opacity).toBe('');
          }
        });
        // The hand: one button per card, laid out as the layout says.
        const hand = screen.getByRole('group', { name: 'Your hand' });
        expect(hand.dataset.handStyle).toBe(w < 768 ? 'fan' : 'row');
        const buttons = within(hand).getAllByRole('button');
        expect(buttons).toHaveLength(4);
        for (const b of buttons) expect(px(b.style.width)).toBeGreaterThanOrEqual(48);
        // The status line sits in its own strip above the trick.
        const status = screen.getByTestId('table-status');
        expect(status.textContent).toBe('Your turn');
        expect(px(status.style.top) + px(status.style.height)).toBeLessThanOrEqual(
          Math.min(...layout.trick.map((p) => p.cy - (layout.trickCard * 1.4) / 2)) - layout.felt.y,
        );
      });
    }
  }

  // Usernames of 16 characters (e.g. 'Kwabena_Asantewa'): side seats cut 'Yaw_Urgent' to 'Yaw_U…'
  // at 360 px, and the status line lost 'to play' behind a long name.
  const LONG = ['Kwabena_Asantewa', 'Abenaa_Oforiwaa1', 'Nana_Akua_Boatng', 'Yaw_Urgent_Mensa'];
  for (const n of [3, 4]) {
    for (const [w, h] of [
      [360, 640],
      [390, 844],
      [1440, 900],
    ] as const) {
      it(`${n} seats at ${w}×${h} with 16-character names: every name shown whole, 'to play' never cut`, () => {
        viewport(w, h);
        const base = gameOf(n, { turn: 2 });
        const game = { ...base, players: base.players.map((p, i) => ({ ...p, username: LONG[i]! })) };
        renderWithProviders(table(game), { route: '/' });
        const names = screen.getAllByTestId('seat-name');
        // The viewer's own seat and every opponent's.
        expect(names.map((el) => el.textContent)).toEqual([
          ...game.players.slice(1).map((p) => p.username),
          `${LONG[0]} (you)`,
        ]);
        for (const name of names) {
          // Wrapped, never cut: not truncated, not clamped, breakable at its underscores.
          expect(name.hasAttribute('data-truncate')).toBe(false);
          expect(name.hasAttribute('data-line-clamp')).toBe(false);
          expect(name.className).toContain('wrappingName');
          expect(name.querySelectorAll('wbr').length).toBe((name.textContent!.match(/_/g) ?? []).length);
        }
        const status = screen.getByTestId('table-status');
        expect(status.textContent).toBe(`${LONG[2]} to play`);
        // The name may give way on a narrow felt; the words after it may not.
        expect(within(status).getByTestId('status-name').hasAttribute('data-truncate')).toBe(true);
        const words = within(status).getByTestId('status-words');
        expect(words.textContent).toBe('to play');
        expect(words.hasAttribute('data-truncate')).toBe(false);
        expect(words.className).toContain('statusWords');
      });
    }
  }

  it(`the hand result shows its card at least 48 px wide (${RESULT_CARD_PX} px)`, () => {
    viewport(390, 844);
    renderWithProviders(
      table(
        gameOf(2, {
          currentTrick: [],
          trickNumber: 1,
          lastTrick: { winner: 1, plays: [{ seat: 1, card: '7_hearts' }] },
        }),
        {
          seat: 1,
          card: '7_hearts',
          points: 1,
          reason: '7 captured the lead: 1 point',
        },
      ),
      { route: '/' },
    );
    const card = within(screen.getByRole('status')).getByAltText('7 of hearts');
    expect(Number(card.getAttribute('width'))).toBeGreaterThanOrEqual(48);
  });
});

describe('table motion', () => {
  const won = (game: GameView): GameView => ({
    ...game,
    trickNumber: 3,
    currentTrick: [],
    turn: 1,
    lastTrick: {
      winner: 1,
      plays: [
        { seat: 1, card: '9_hearts' },
        { seat: 0, card: '7_hearts' },
      ],
    },
  });

  it('deals the hand in, flies played cards in and sweeps a won trick to its winner', () => {
    viewport(390, 844);
    const game = gameOf(2);
    const view = renderWithProviders(table(game), { route: '/' });
    // The deal: every card of the hand, and the card in the middle flying in.
    expect(animate.mock.calls.length).toBe(5);
    animate.mockClear();
    view.rerender(table(won(game)));
    const swept = screen.getByTestId('collected-trick');
    expect(swept.querySelectorAll('img')).toHaveLength(2);
    expect(animate).toHaveBeenCalledTimes(2);
    const frames = (animate.mock.calls as unknown as [Keyframe[]][])[0]![0];
    // Towards the winner's seat (at the top, for two players): upwards, and fading.
    expect(String(frames.at(-1)!.transform)).toMatch(/translate\([-\d.]+px, -\d/);
    expect(frames.at(-1)!.opacity).toBe(0);
  });

  it('with reduced motion asked for: no deal, no flight, no sweep, no transitions', () => {
    reducedMotion(true);
    viewport(390, 844);
    const game = gameOf(2);
    const view = renderWithProviders(table(game), { route: '/' });
    view.rerender(table(won(game)));
    expect(animate).not.toHaveBeenCalled();
    expect(screen.queryByTestId('collected-trick')).toBeNull();
    expect(document.querySelector('[data-motion]')!.getAttribute('data-motion')).toBe('off');
  });
});

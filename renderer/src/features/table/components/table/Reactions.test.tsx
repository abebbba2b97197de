// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmoteId, GameView } from '@shared/protocol';
import { gameView, viewPlayer } from '@shared/testing/views';
import { useEffect } from 'react';
import { renderWithProviders } from '../../../../lib/testing/render';
import { EMOTE_BUBBLE_MS, useEmoteBubbles, type TableEmotes } from '../../hooks/useTableEmotes';
import { GameTable } from '../GameTable';
import { tableProps } from '../table-test-props';
import { tableLayout } from './layout';
import { bubblePlace } from './Reactions';

const game = gameView({
  id: 'g-emotes',
  mode: 'quick',
  seq: 1,
  players: [
    viewPlayer(0, { username: 'Ama' }),
    viewPlayer(1, { username: 'Kofi' }),
    viewPlayer(2, { username: 'Yaw' }),
  ],
  hand: ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds', '6_clubs'],
  dealer: 2,
  turn: 1,
  legalCards: [],
});

/** The table with reactions kept on this device, and a way for the test to receive others'. */
let receiveFrom: ((seat: number, emote: EmoteId) => void) | null = null;
function Table({ view = game }: { view?: GameView }) {
  const bubbles = useEmoteBubbles(view.id, view.you?.seat ?? null);
  const { receive } = bubbles;
  useEffect(() => {
    receiveFrom = receive;
  }, [receive]);
  const emotes: TableEmotes = {
    ...bubbles,
    canSend: view.you !== null,
    send: (emote) => receive(view.you!.seat, emote),
  };
  return <GameTable {...tableProps(view, { emotes })} />;
}

const bubbles = () => screen.queryAllByTestId('emote-bubble');

/** The switch named `name` in the reactions popover, opened afresh. */
async function muteSwitch(name: string) {
  const button = screen.getByRole('button', { name: 'Reactions' });
  if (button.getAttribute('aria-expanded') === 'true') fireEvent.click(button);
  fireEvent.click(button);
  return screen.findByRole('switch', { name });
}

describe('table reactions', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the player’s own reaction in a bubble by their seat, read out, gone after its time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderWithProviders(<Table />, { route: '/game/g' });
    fireEvent.click(screen.getByRole('button', { name: 'Reactions' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Nice trick' }));
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]!.dataset.seat).toBe('0');
    expect(bubbles()[0]!.textContent).toContain('🔥');
    expect(screen.getByText('You: Nice trick')).toBeTruthy();
    act(() => vi.advanceTimersByTime(EMOTE_BUBBLE_MS + 10));
    expect(bubbles()).toHaveLength(0);
  });

  it('mutes one player for this game only, at once and as their reactions arrive', async () => {
    const { unmount } = renderWithProviders(<Table />, { route: '/game/g' });
    act(() => receiveFrom!(1, 'wow'));
    expect(bubbles().map((b) => b.dataset.seat)).toEqual(['1']);

    fireEvent.click(await muteSwitch('Mute Kofi'));
    // Kofi's bubble on show goes at once; his next is dropped, Yaw's comes through.
    expect(bubbles()).toHaveLength(0);
    act(() => receiveFrom!(1, 'haha'));
    act(() => receiveFrom!(2, 'haha'));
    expect(bubbles().map((b) => b.dataset.seat)).toEqual(['2']);

    // Remembered for this game when the table comes back…
    unmount();
    renderWithProviders(<Table />, { route: '/game/g' });
    act(() => receiveFrom!(1, 'wow'));
    expect(bubbles()).toHaveLength(0);
    cleanup();
    // …and a new game starts with everyone heard.
    renderWithProviders(<Table view={{ ...game, id: 'g-next' }} />, { route: '/game/g' });
    act(() => receiveFrom!(1, 'wow'));
    await waitFor(() => expect(bubbles().map((b) => b.dataset.seat)).toEqual(['1']));
  });

  it('mutes everyone but the player themself', async () => {
    renderWithProviders(<Table />, { route: '/game/g' });
    fireEvent.click(await muteSwitch('Mute everyone'));
    act(() => receiveFrom!(2, 'wow'));
    act(() => receiveFrom!(1, 'wow'));
    act(() => receiveFrom!(0, 'wow'));
    expect(bubbles().map((b) => b.dataset.seat)).toEqual(['0']);
  });

  it('offers a spectator mutes but no reactions to send', async () => {
    renderWithProviders(<Table view={{ ...game, you: null, hand: [] }} />, { route: '/game/g' });
    fireEvent.click(screen.getByRole('button', { name: 'Reactions' }));
    expect(await screen.findByRole('switch', { name: 'Mute everyone' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nice trick' })).toBeNull();
  });
});

describe('where a side seat’s bubble goes', () => {
  /** About the widest bubble: "🤔 Thinking…" in its padding. */
  const BUBBLE_PX = 140;
  it.each([
    [360, 640],
    [390, 844],
    [1440, 900],
  ])('it grows from the seat over the felt and stays on a %i px screen', (width, height) => {
    for (const players of [3, 4]) {
      const layout = tableLayout(width, height, players, 5);
      for (const seat of layout.seats.filter((s) => s.side !== 'top')) {
        const { x, place } = bubblePlace(layout, seat.relative);
        const left = place === 'fromLeft' ? x : x - BUBBLE_PX;
        expect(place).toBe(seat.side === 'left' ? 'fromLeft' : 'fromRight');
        expect(left).toBeGreaterThanOrEqual(0);
        expect(left + BUBBLE_PX).toBeLessThanOrEqual(layout.width);
      }
    }
  });
});

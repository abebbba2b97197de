// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyPlay, legalCards, newGame, type Card } from '@shared/game';
import type { GameReplay } from '@shared/protocol';
import { renderWithProviders } from '../../../../lib/testing/render';
import { replaySteps } from '../../hooks/replaySteps';
import { REPLAY_STEP_MS, ReplayTable } from './ReplayPage';

function finishedGame(): GameReplay {
  const seed = 'component-replay';
  let state = newGame({ players: 2, seed, targetScore: 10 });
  const moves: GameReplay['replay']['moves'] = [];
  while (state.status === 'active') {
    const seat = state.turn!;
    const card = legalCards(state, seat)[0]! as Card;
    moves.push({ seq: moves.length + 1, seat, card, auto: false });
    state = applyPlay(state, seat, card).state;
  }
  const winnerSeat = state.winnerSeat!;
  return {
    id: 'g1',
    mode: 'ranked',
    status: 'finished',
    targetScore: 10,
    handNumber: state.handNumber,
    players: [0, 1].map((seat) => ({
      seat,
      userId: seat + 1,
      username: seat === 0 ? 'ama' : 'kofi',
      avatarUrl: null,
      isBot: false,
      score: state.scores[seat]!,
      ratingBefore: 1500,
      ratingAfter: 1500,
    })),
    winnerUserId: winnerSeat + 1,
    reason: 'score',
    createdAt: 0,
    finishedAt: 1,
    replay: { seed, players: 2, targetScore: 10, moves },
  };
}

function renderReplay(game = finishedGame()) {
  renderWithProviders(<ReplayTable game={game} steps={replaySteps(game.replay)} />, { route: '/' });
  return game;
}

const table = () => screen.getByLabelText('Cards on the table');

describe('replay table', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('starts on the first deal with both hands face up, and steps card by card', () => {
    renderReplay();
    for (const name of ['ama', 'kofi'])
      expect(within(screen.getByRole('group', { name: `${name}'s hand` })).getAllByRole('img')).toHaveLength(
        5,
      );
    expect(screen.getByRole('button', { name: 'Previous card' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(within(table()).getAllByRole('img')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(within(table()).getAllByRole('img')).toHaveLength(2);
    expect(screen.getByRole('status').textContent).toMatch(/took trick 1/);
    fireEvent.click(screen.getByRole('button', { name: 'Previous card' }));
    expect(within(table()).getAllByRole('img')).toHaveLength(1);
  });

  it('ends on the final score and its winner, and plays by itself until paused', () => {
    vi.useFakeTimers();
    const game = renderReplay();
    fireEvent.click(screen.getByRole('button', { name: 'Last card' }));
    const winner = game.players.find((p) => p.userId === game.winnerUserId)!;
    expect(screen.getByTestId('replay-final').textContent).toBe(
      `Final score ${game.players.map((p) => p.score).join('–')} · ${winner.username} won`,
    );
    expect(screen.getByTestId('hand-result').textContent).toMatch(/won hand \d+/);
    expect(screen.getByRole('button', { name: 'Next card' })).toHaveProperty('disabled', true);

    // Play from the end starts again from the first deal and advances one card per tick.
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(screen.queryByTestId('replay-final')).toBeNull();
    for (let i = 0; i < 3; i++) act(() => vi.advanceTimersByTime(REPLAY_STEP_MS));
    expect(screen.getByText(/^Card 3 of/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    for (let i = 0; i < 3; i++) act(() => vi.advanceTimersByTime(REPLAY_STEP_MS));
    expect(screen.getByText(/^Card 3 of/)).toBeTruthy();
  });

  it('counts the cards played and the tricks, not the deals between hands', () => {
    const game = renderReplay();
    const cards = game.replay.moves.length;
    // More than one hand: the deals between them are steps too, and must not be counted as cards.
    expect(game.handNumber).toBeGreaterThan(1);
    expect(screen.getByTestId('replay-position').textContent).toBe(
      `Card 0 of ${cards} · trick 1 of ${cards / 2}`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Last card' }));
    expect(screen.getByTestId('replay-position').textContent).toBe(
      `Card ${cards} of ${cards} · trick ${cards / 2} of ${cards / 2}`,
    );
  });

  it('is drawn on the live table: its felt, seats and trick, the finished trick held with its taker', () => {
    renderReplay();
    expect(screen.getByTestId('felt')).toBeTruthy();
    expect(screen.getAllByTestId('seat-name').map((n) => n.textContent)).toEqual(
      expect.arrayContaining(['ama', 'kofi']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getAllByTestId('trick-card')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Next card' }));
    expect(screen.getAllByTestId('trick-card')).toHaveLength(2);
    expect(screen.getByTestId('status-words').textContent).toMatch(/takes the trick/);
  });
});

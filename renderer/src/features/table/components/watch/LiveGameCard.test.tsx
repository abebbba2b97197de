// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameListItem } from '@shared/protocol';
import { renderWithProviders } from '../../../../lib/testing/render';
import { LiveGameCard } from './LiveGameCard';

const game: GameListItem = {
  id: 'g1',
  mode: 'ranked',
  status: 'active',
  players: [
    {
      seat: 0,
      userId: 1,
      username: 'ama',
      avatarUrl: '/assets/shop/avatars/lion.svg',
      isBot: false,
      score: 4,
      rating: 1720,
      avatarId: 7,
    },
    {
      seat: 1,
      userId: 2,
      username: 'kofi',
      avatarUrl: null,
      isBot: false,
      score: 6,
      rating: 1650,
      avatarId: null,
    },
  ],
  targetScore: 10,
  spectators: 3,
  reason: null,
  createdAt: 0,
  finishedAt: null,
};

afterEach(cleanup);

describe('a live game on the watch page', () => {
  it("shows each player's chosen avatar (initials without one), rating and score, the target and the watchers", () => {
    renderWithProviders(<LiveGameCard game={game} />, { route: '/watch' });
    const card = screen.getByLabelText('Live game');
    expect(within(card).getByRole('img', { name: "ama's avatar" }).getAttribute('src')).toBe(
      '/assets/shop/avatars/lion.svg',
    );
    expect(within(card).queryByRole('img', { name: "kofi's avatar" })).toBeNull();
    expect(within(card).getByText('KO')).toBeTruthy();
    for (const text of ['1720', '1650', '4', '6', 'to 10']) expect(within(card).getByText(text)).toBeTruthy();
    expect(within(card).getByLabelText('3 watching')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Watch' }).getAttribute('href')).toBe('/game/g1');
  });
});

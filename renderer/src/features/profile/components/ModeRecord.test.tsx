// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../lib/testing/render';
import { ModeRecordList } from './ModeRecord';

describe('record by mode', () => {
  afterEach(cleanup);

  it('names each mode with its wins, losses and games', () => {
    renderWithProviders(
      <ModeRecordList
        record={[
          { mode: 'quick', games: 3, wins: 2, losses: 1 },
          { mode: 'practice', games: 1, wins: 1, losses: 0 },
        ]}
      />,
    );
    const cards = within(screen.getByRole('region', { name: 'Record by mode' })).getAllByTestId(
      'mode-record',
    );
    expect(cards.map((card) => card.textContent)).toEqual([
      'Quick2 wins · 1 loss3 games',
      'Practice1 win · 0 losses1 game',
    ]);
  });

  it('says so when no game is finished yet', () => {
    renderWithProviders(<ModeRecordList record={[]} />);
    expect(screen.getByText('No finished games yet.')).toBeTruthy();
  });
});

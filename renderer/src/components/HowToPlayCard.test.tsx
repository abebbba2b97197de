// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/testing/render';
import { CardView, cardLabel } from './CardView';
import { HowToPlayCard } from './HowToPlayCard';

afterEach(cleanup);

describe('HowToPlayCard', () => {
  it('shows the three tabs and the basics first', () => {
    renderWithProviders(<HowToPlayCard />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Basics',
      'Scoring',
      'Advanced Rules',
    ]);
    expect(screen.getByText(/The deck has 32 cards/)).toBeTruthy();
  });

  it('shows the scoring table and replayable examples on the Scoring tab', () => {
    renderWithProviders(<HowToPlayCard />);
    fireEvent.click(screen.getByRole('tab', { name: 'Scoring' }));
    expect(screen.getByText('+3')).toBeTruthy();
    expect(screen.getByText('+2')).toBeTruthy();
    expect(screen.getAllByText('+1')).toHaveLength(2);
    expect(screen.getByText(/capture it with the 7♥/)).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '6 of spades' }).length).toBeGreaterThan(0);
  });
});

describe('CardView', () => {
  it('labels cards for screen readers and hides face-down cards', () => {
    expect(cardLabel('K_spades')).toBe('King of spades');
    expect(cardLabel('10_hearts')).toBe('10 of hearts');
    renderWithProviders(
      <>
        <CardView card="Q_diamonds" />
        <CardView />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Queen of diamonds' }).textContent).toContain('♦');
    expect(screen.getByRole('img', { name: 'Face-down card' }).textContent).toBe('');
  });
});

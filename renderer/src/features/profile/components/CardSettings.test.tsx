// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storage';
import { renderWithProviders } from '../../../lib/testing/render';
import { CardSettings } from './CardSettings';

function show() {
  renderWithProviders(
    <Provider store={createStore()}>
      <CardSettings />
    </Provider>,
  );
}

const sources = () =>
  Object.fromEntries(
    screen.getAllByRole('img').map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
  );

describe('card settings', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('the four-colour switch turns diamonds and clubs to their own art and is remembered', () => {
    show();
    const toggle = screen.getByRole('switch', { name: /Four-colour suits/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(sources()).toEqual({
      'King of hearts': '/assets/decks/default/K_hearts.svg',
      'Queen of diamonds': '/assets/decks/default/Q_diamonds.svg',
      '10 of clubs': '/assets/decks/default/10_clubs.svg',
      'Jack of spades': '/assets/decks/default/J_spades.svg',
    });

    fireEvent.click(toggle);
    expect(sources()).toEqual({
      'King of hearts': '/assets/decks/default/K_hearts.svg',
      'Queen of diamonds': '/assets/decks/default/four-colour/Q_diamonds.svg',
      '10 of clubs': '/assets/decks/default/four-colour/10_clubs.svg',
      'Jack of spades': '/assets/decks/default/J_spades.svg',
    });
    expect(localStorage.getItem(STORAGE_KEYS.fourColourSuits)).toBe('true');

    cleanup();
    show();
    expect((screen.getByRole('switch', { name: /Four-colour suits/ }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(sources()['10 of clubs']).toBe('/assets/decks/default/four-colour/10_clubs.svg');
  });
});

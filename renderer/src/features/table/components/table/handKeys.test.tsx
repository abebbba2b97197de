// @vitest-environment happy-dom
import { Modal } from '@mantine/core';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Card } from '@shared/game';
import { renderWithProviders } from '../../../../lib/testing/render';
import { PlayerHand } from './Hand';
import { handKeyAction, refocusIndex } from './handKeys';

const HAND: Card[] = ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds', '6_hearts'];

describe('handKeyAction', () => {
  const legal: Card[] = ['K_spades', '10_diamonds', '6_hearts'];

  it('1–5 play the n-th playable card in hand order; a number past them does nothing', () => {
    // Given out of order: the hand's order counts.
    const shuffled: Card[] = ['6_hearts', 'K_spades', '10_diamonds'];
    expect(handKeyAction('1', HAND, shuffled, null)).toEqual({ play: 'K_spades' });
    expect(handKeyAction('2', HAND, shuffled, null)).toEqual({ play: '10_diamonds' });
    expect(handKeyAction('3', HAND, shuffled, 0)).toEqual({ play: '6_hearts' });
    expect(handKeyAction('4', HAND, legal, null)).toBeNull();
    expect(handKeyAction('5', HAND, HAND, null)).toEqual({ play: '6_hearts' });
  });

  it('nothing is played when no card may be (not your turn)', () => {
    for (const key of ['1', '2', 'ArrowRight', 'ArrowLeft', 'Home', 'End'])
      expect(handKeyAction(key, HAND, [], null)).toBeNull();
  });

  it('the arrows go from playable card to playable card, round the ends; Home and End to the ends', () => {
    expect(handKeyAction('ArrowRight', HAND, legal, null)).toEqual({ focus: 1 });
    expect(handKeyAction('ArrowLeft', HAND, legal, null)).toEqual({ focus: 4 });
    expect(handKeyAction('ArrowRight', HAND, legal, 1)).toEqual({ focus: 3 });
    expect(handKeyAction('ArrowRight', HAND, legal, 4)).toEqual({ focus: 1 });
    expect(handKeyAction('ArrowLeft', HAND, legal, 1)).toEqual({ focus: 4 });
    expect(handKeyAction('ArrowLeft', HAND, legal, 3)).toEqual({ focus: 1 });
    expect(handKeyAction('Home', HAND, legal, 4)).toEqual({ focus: 1 });
    expect(handKeyAction('End', HAND, legal, 1)).toEqual({ focus: 4 });
    expect(handKeyAction('a', HAND, legal, 1)).toBeNull();
  });
});

describe('refocusIndex', () => {
  it('the card now where the played one was, else the nearest playable after it, else before it', () => {
    const hand: Card[] = ['7_hearts', 'K_spades', 'Q_clubs', '10_diamonds'];
    expect(refocusIndex(hand, hand, 1)).toBe(1);
    expect(refocusIndex(hand, hand, 4)).toBe(3);
    expect(refocusIndex(hand, ['10_diamonds'], 1)).toBe(3);
    expect(refocusIndex(hand, ['7_hearts'], 2)).toBe(0);
    expect(refocusIndex(hand, [], 2)).toBeNull();
  });
});

function hand(props: Partial<Parameters<typeof PlayerHand>[0]> = {}) {
  return (
    <PlayerHand
      hand={HAND}
      legalCards={HAND}
      width={60}
      places={HAND.map((_, i) => ({ cx: 40 + i * 40, cy: 100, rot: 0 }))}
      handStyle="row"
      onPlay={() => undefined}
      {...props}
    />
  );
}

const press = (key: string, target: Element = document.activeElement ?? document.body) =>
  fireEvent.keyDown(target, { key });

const cardButton = (name: string) => screen.getByRole('button', { name });

afterEach(cleanup);

describe('the hand from the keyboard', () => {
  it('"1" plays the first playable card and "3" the third, wherever the focus is', () => {
    const onPlay = vi.fn();
    renderWithProviders(hand({ legalCards: ['K_spades', '10_diamonds', '6_hearts'], onPlay }), {
      route: '/',
    });
    press('1', document.body);
    expect(onPlay).toHaveBeenLastCalledWith('K_spades');
    press('3', document.body);
    expect(onPlay).toHaveBeenLastCalledWith('6_hearts');
    press('4', document.body);
    expect(onPlay).toHaveBeenCalledTimes(2);
  });

  it('keys do nothing when it is not your turn, in a text field, or with a dialog open', () => {
    const onPlay = vi.fn();
    const view = renderWithProviders(
      <>
        {hand({ legalCards: [], onPlay })}
        <input aria-label="Message" />
      </>,
      { route: '/' },
    );
    press('1', document.body);
    expect(onPlay).not.toHaveBeenCalled();

    view.rerender(
      <>
        {hand({ onPlay })}
        <input aria-label="Message" />
      </>,
    );
    const field = screen.getByLabelText('Message');
    field.focus();
    press('1', field);
    expect(onPlay).not.toHaveBeenCalled();

    view.rerender(
      <>
        {hand({ onPlay })}
        <Modal opened onClose={() => undefined} title="How to Play">
          rules
        </Modal>
      </>,
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    press('1', document.body);
    press('ArrowRight', document.body);
    expect(onPlay).not.toHaveBeenCalled();
    expect(screen.getByRole('group', { name: 'Your hand' }).contains(document.activeElement)).toBe(false);

    // With the dialog gone the same key plays.
    view.rerender(hand({ onPlay }));
    press('1', document.body);
    expect(onPlay).toHaveBeenCalledWith('7_hearts');
  });

  it('a held card (waiting to send) stops the keys as it stops the taps', () => {
    const onPlay = vi.fn();
    renderWithProviders(hand({ held: 'K_spades', onPlay }), { route: '/' });
    press('1', document.body);
    expect(onPlay).not.toHaveBeenCalled();
  });

  it('the arrows move the focus along the playable cards', () => {
    renderWithProviders(hand({ legalCards: ['7_hearts', 'Q_clubs', '6_hearts'] }), { route: '/' });
    press('ArrowRight', document.body);
    expect(document.activeElement).toBe(cardButton('7 of hearts'));
    press('ArrowRight');
    expect(document.activeElement).toBe(cardButton('Queen of clubs'));
    press('ArrowRight');
    expect(document.activeElement).toBe(cardButton('6 of hearts'));
    press('ArrowRight');
    expect(document.activeElement).toBe(cardButton('7 of hearts'));
    press('ArrowLeft');
    expect(document.activeElement).toBe(cardButton('6 of hearts'));
    press('Home');
    expect(document.activeElement).toBe(cardButton('7 of hearts'));
  });

  it('after a card is played the focus lands on the card now in its place, not on the page', () => {
    let cards = [...HAND];
    const view = renderWithProviders(hand({ hand: cards }), { route: '/' });
    // Played by key: the focus goes to the card that takes its place.
    press('ArrowRight', document.body);
    press('ArrowRight');
    expect(document.activeElement).toBe(cardButton('King of spades'));
    view.rerender(hand({ hand: cards, onPlay: (card) => (cards = cards.filter((c) => c !== card)) }));
    press('2');
    expect(cards).toEqual(['7_hearts', 'Q_clubs', '10_diamonds', '6_hearts']);
    // The server's update: the card has gone, and nothing else may be played while others play.
    view.rerender(hand({ hand: cards, legalCards: [] }));
    expect(document.activeElement).not.toBe(document.body);
    expect(document.activeElement).toBe(screen.getByRole('group', { name: 'Your hand' }));
    // The turn comes back: the focus goes to the playable card nearest where the played one was.
    view.rerender(hand({ hand: cards, legalCards: ['7_hearts', '10_diamonds'] }));
    expect(document.activeElement).toBe(cardButton('10 of diamonds'));
  });

  it('"1" pressed with the focus on the page still leaves the focus on a card of the hand', () => {
    let cards = [...HAND];
    const view = renderWithProviders(hand({ hand: cards }), { route: '/' });
    expect(document.activeElement).toBe(document.body);
    view.rerender(hand({ hand: cards, onPlay: (card) => (cards = cards.filter((c) => c !== card)) }));
    press('1', document.body);
    view.rerender(hand({ hand: cards }));
    expect(document.activeElement).toBe(cardButton('King of spades'));
  });

  it('focus moved elsewhere on purpose is left there', () => {
    let cards = [...HAND];
    const view = renderWithProviders(
      <>
        {hand({ hand: cards })}
        <button type="button">Rules</button>
      </>,
      { route: '/' },
    );
    press('ArrowRight', document.body);
    const rules = screen.getByRole('button', { name: 'Rules' });
    act(() => rules.focus());
    cards = cards.slice(1);
    view.rerender(
      <>
        {hand({ hand: cards })}
        <button type="button">Rules</button>
      </>,
    );
    expect(document.activeElement).toBe(rules);
  });

  it('shows each playable card its number once the keyboard is used, and hides them at a tap', () => {
    renderWithProviders(hand({ legalCards: ['K_spades', '10_diamonds'] }), { route: '/' });
    const group = screen.getByRole('group', { name: 'Your hand' });
    expect(within(group).queryAllByTestId('key-hint')).toHaveLength(0);
    // The shortcut is always announced to assistive technology.
    expect(cardButton('King of spades').getAttribute('aria-keyshortcuts')).toBe('1');
    expect(cardButton('10 of diamonds').getAttribute('aria-keyshortcuts')).toBe('2');
    expect(cardButton('7 of hearts').hasAttribute('aria-keyshortcuts')).toBe(false);
    press('Tab', document.body);
    const hints = within(group).getAllByTestId('key-hint');
    expect(hints.map((h) => [h.closest('button')!.getAttribute('aria-label'), h.textContent])).toEqual([
      ['King of spades', '1'],
      ['10 of diamonds', '2'],
    ]);
    fireEvent.pointerDown(window);
    expect(within(group).queryAllByTestId('key-hint')).toHaveLength(0);
  });
});

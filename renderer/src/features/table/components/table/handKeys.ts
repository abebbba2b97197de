import {
  useCallback,
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import type { Card } from '@shared/game';

/**
 * Playing from the keyboard (docs/design.md, "Renderer: the table layout"): keys 1–5 play the
 * n-th playable card in hand order, the arrows (and Home, End) move the focus along the hand, and
 * after a card is played the focus stays in the hand rather than dropping to the page.
 */

/** How many playable cards have a number key. */
export const KEY_PLAYS = 5;

export type HandKeyAction = { play: Card } | { focus: number } | null;

/**
 * What a key does to the hand. `hand` is in its drawn order, `playable` the cards that may be
 * played now (empty when it is not the viewer's turn), `focused` the index in `hand` of the card
 * that has the focus (null when none has). Arrows go from playable card to playable card, round
 * the ends; only playable cards can take the focus.
 */
export function handKeyAction(
  key: string,
  hand: readonly Card[],
  playable: readonly Card[],
  focused: number | null,
): HandKeyAction {
  const inOrder = hand.filter((card) => playable.includes(card));
  if (/^[1-9]$/.test(key)) {
    const card = Number(key) <= KEY_PLAYS ? inOrder[Number(key) - 1] : undefined;
    return card ? { play: card } : null;
  }
  if (inOrder.length === 0) return null;
  const indexOf = (card: Card) => hand.indexOf(card);
  const current = focused === null ? -1 : inOrder.indexOf(hand[focused]!);
  switch (key) {
    case 'ArrowRight':
      return { focus: indexOf(inOrder[current < 0 ? 0 : (current + 1) % inOrder.length]!) };
    case 'ArrowLeft':
      return {
        focus: indexOf(
          inOrder[current < 0 ? inOrder.length - 1 : (current - 1 + inOrder.length) % inOrder.length]!,
        ),
      };
    case 'Home':
      return { focus: indexOf(inOrder[0]!) };
    case 'End':
      return { focus: indexOf(inOrder.at(-1)!) };
    default:
      return null;
  }
}

/**
 * The playable card to give the focus to after the hand changed: the one now at `index` (where
 * the played card was), else the nearest after it, else before it; null when none is playable.
 */
export function refocusIndex(hand: readonly Card[], playable: readonly Card[], index: number): number | null {
  const ok = (i: number) => i >= 0 && i < hand.length && playable.includes(hand[i]!);
  const start = Math.min(Math.max(index, 0), hand.length - 1);
  for (let i = start; i < hand.length; i++) if (ok(i)) return i;
  for (let i = start - 1; i >= 0; i--) if (ok(i)) return i;
  return null;
}

/**
 * Whether a key is the table's: pressed alone (Ctrl+1 and the like belong to the browser), not
 * typed into a field, and not while a dialog, a menu or a popover is open (the key is theirs).
 */
function keyIsTheTables(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.shiftKey)
    return false;
  const target = event.target;
  if (target instanceof HTMLElement) {
    if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return false;
    if (target.closest('[role="listbox"], [role="dialog"]')) return false;
  }
  return !document.querySelector('[role="dialog"], [role="alertdialog"], [role="menu"]');
}

const ARROWS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
const KEYS = ['1', '2', '3', '4', '5', ...ARROWS];

/**
 * The hand's keys and focus, for the group `groupRef` whose buttons are the cards of `hand` in
 * order. Returns whether the player has been using the keyboard (the key hints show then, and
 * hide at the next pointer press).
 */
export function useHandKeys({
  groupRef,
  hand,
  playable,
  onPlay,
}: {
  groupRef: RefObject<HTMLElement | null>;
  hand: readonly Card[];
  playable: readonly Card[];
  onPlay(card: Card): void;
}): { keyboard: boolean } {
  const [keyboard, setKeyboard] = useState(false);
  // Whether the focus belongs in the hand, and where in it it last was: after a card is played
  // (and its button goes) it comes back to the card now at that place, not the page's body.
  const keep = useRef<{ index: number } | null>(null);

  const buttons = useCallback(
    () => Array.from(groupRef.current?.querySelectorAll<HTMLButtonElement>('button[data-card]') ?? []),
    [groupRef],
  );
  const focusedIndex = useCallback(() => {
    const index = buttons().findIndex((b) => b === document.activeElement);
    return index < 0 ? null : index;
  }, [buttons]);

  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (!KEYS.includes(event.key) || !keyIsTheTables(event)) return;
    const focused = focusedIndex();
    // The arrows are the hand's only while its focus is there or nowhere in particular.
    const active = document.activeElement;
    const free = !active || active === document.body || groupRef.current?.contains(active);
    if (ARROWS.includes(event.key) && !free) return;
    const action = handKeyAction(event.key, hand, playable, focused);
    setKeyboard(true);
    if (!action) return;
    event.preventDefault();
    if ('play' in action) {
      keep.current = { index: hand.indexOf(action.play) };
      onPlay(action.play);
    } else {
      buttons()[action.focus]?.focus();
    }
  });
  useEffect(() => {
    document.documentElement.addEventListener('keydown', onKey);
    return () => document.documentElement.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    const group = groupRef.current;
    if (!group) return;
    const onFocusIn = (event: FocusEvent) => {
      const index = buttons().findIndex((b) => b === event.target);
      keep.current = { index: index < 0 ? (keep.current?.index ?? 0) : index };
    };
    // Focus taken elsewhere on purpose (a toolbar button, a dialog) is left there.
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !group.contains(event.relatedTarget)) keep.current = null;
    };
    const onPointer = () => setKeyboard(false);
    const onTab = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setKeyboard(true);
    };
    group.addEventListener('focusin', onFocusIn);
    group.addEventListener('focusout', onFocusOut);
    window.addEventListener('pointerdown', onPointer);
    window.addEventListener('keydown', onTab);
    return () => {
      group.removeEventListener('focusin', onFocusIn);
      group.removeEventListener('focusout', onFocusOut);
      window.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('keydown', onTab);
    };
  }, [groupRef, buttons]);

  // After each change of the hand or of what may be played: a focus that belonged in the hand
  // and was lost (its card played, or every card disabled while others play) comes back to the
  // nearest playable card, or waits on the hand itself until one is playable again.
  const playableKey = playable.join(',');
  useLayoutEffect(() => {
    const group = groupRef.current;
    if (!group || !keep.current) return;
    const active = document.activeElement;
    const lost = !active || active === document.body || active === group;
    if (!lost) return;
    const index = refocusIndex(hand, playable, keep.current.index);
    const target = index === null ? group : buttons()[index];
    target?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `playable` is followed by its contents
  }, [hand, playableKey, groupRef, buttons]);

  return { keyboard };
}

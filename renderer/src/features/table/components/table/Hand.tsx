import { useLayoutEffect, useRef } from 'react';
import type { DeckFolder } from '@shared/decks';
import type { Card } from '@shared/game';
import { cardLabel } from '../../../../components/CardView';
import { DeckCard } from '../../../../components/DeckCard';
import classes from '../GameTable.module.css';
import { KEY_PLAYS, useHandKeys } from './handKeys';
import { animate, LIFT_PX, type CardPlace } from './layout';

export interface PlayerHandProps {
  hand: readonly Card[];
  /** The cards the rules allow now; the others are shown but cannot be played. */
  legalCards: readonly Card[];
  /** Card width and where each card lies (see tableLayout). */
  width: number;
  places: readonly CardPlace[];
  /** 'fan' on phones, 'row' on wider screens. */
  handStyle: 'fan' | 'row';
  /** Changes with each deal; the cards are dealt in again when it does. */
  dealKey?: number;
  /** The point the cards are dealt from (the middle of the felt). */
  dealFrom?: { x: number; y: number };
  motion?: boolean;
  /** The viewer's default deck, whose art the cards are drawn with. */
  deck?: DeckFolder;
  /** A card tapped while the socket was down: it stays raised, marked as waiting to send. */
  held?: Card | null;
  onPlay(card: Card): void;
}

/**
 * The viewer's hand: one button per card, enabled only for the legal ones, fanned or in a row.
 * While a card is held (waiting to send) it stays raised and marked, and the others wait with it.
 * Keys 1–5 play the n-th playable card and the arrows move along the hand (useHandKeys); once the
 * keyboard is in use each of those cards shows its number.
 */
export function PlayerHand({
  hand,
  legalCards,
  width,
  places,
  handStyle,
  dealKey,
  dealFrom,
  motion = false,
  deck,
  held = null,
  onPlay,
}: PlayerHandProps) {
  const legal = new Set(legalCards);
  const ref = useRef<HTMLDivElement>(null);
  const height = Math.round(width * 1.4);
  const playable = held === null ? hand.filter((card) => legal.has(card)) : [];
  const { keyboard } = useHandKeys({ groupRef: ref, hand, playable, onPlay });

  // Dealing: each card slides in from the felt, one after another.
  useLayoutEffect(() => {
    if (!motion || !ref.current || !dealFrom) return;
    const faces = ref.current.querySelectorAll<HTMLElement>('[data-face]');
    faces.forEach((face, i) => {
      const place = places[i];
      if (!place) return;
      animate(
        face,
        [
          {
            transform: `translate(${dealFrom.x - place.cx}px, ${dealFrom.y - place.cy}px) rotate(${-place.rot}deg) scale(0.6)`,
            opacity: 0,
          },
          { transform: 'none', opacity: 1 },
        ],
        { duration: 420, delay: i * 80, easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)', fill: 'backwards' },
      );
    });
    // Only a new deal (or the first sight of the table) deals the cards in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dealKey, motion]);

  return (
    // The hand itself takes the focus while no card can (others are playing), so it is not lost.
    <div
      ref={ref}
      role="group"
      aria-label="Your hand"
      data-hand-style={handStyle}
      tabIndex={-1}
      className={classes.hand}
    >
      {hand.map((card, i) => {
        const waiting = card === held;
        const keyNumber = playable.indexOf(card) + 1;
        const canPlay = keyNumber > 0;
        const key = keyNumber > 0 && keyNumber <= KEY_PLAYS ? String(keyNumber) : undefined;
        const place = places[i] ?? { cx: 0, cy: 0, rot: 0 };
        return (
          <button
            key={card}
            type="button"
            className={`${classes.handCard} ${waiting ? classes.waiting : canPlay ? classes.legal : classes.illegal}`}
            aria-label={waiting ? `${cardLabel(card)}, waiting to send` : cardLabel(card)}
            disabled={!canPlay}
            data-card={card}
            aria-keyshortcuts={key}
            data-waiting={waiting || undefined}
            onClick={() => onPlay(card)}
            style={
              {
                left: place.cx - width / 2,
                top: place.cy - height / 2,
                width,
                height,
                '--rot': `${place.rot}deg`,
                '--lift': `${-LIFT_PX}px`,
              } as React.CSSProperties
            }
          >
            <span data-face className={classes.face}>
              <DeckCard card={card} width={width} deck={deck} />
            </span>
            {key && keyboard && (
              <span className={classes.keyHint} aria-hidden data-testid="key-hint">
                {key}
              </span>
            )}
            {waiting && (
              <span className={classes.waitingTag} aria-hidden>
                Waiting to send
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

import type { DeckFolder } from '@shared/decks';
import type { Card } from '@shared/game';
import { cardLabel } from '../../../../components/CardView';
import { DeckCard } from '../../../../components/DeckCard';
import classes from '../GameTable.module.css';

export interface PlayerHandProps {
  hand: readonly Card[];
  /** The cards the rules allow now; the others are shown but cannot be played. */
  legalCards: readonly Card[];
  width: number;
  wide: boolean;
  /** The viewer's default deck, whose art the cards are drawn with. */
  deck?: DeckFolder;
  onPlay(card: Card): void;
}

/** The viewer's hand: one button per card, enabled only for the legal ones. */
export function PlayerHand({ hand, legalCards, width, wide, deck, onPlay }: PlayerHandProps) {
  const legal = new Set(legalCards);
  // A full hand overlaps more so it fits a phone; wide screens need less overlap.
  const overlap = Math.round((hand.length > 4 ? 34 : 20) * (wide ? 0.6 : 1));
  return (
    <div
      className={classes.hand}
      role="group"
      aria-label="Your hand"
      style={{ '--overlap': `${overlap}px` } as React.CSSProperties}
    >
      {hand.map((card) => {
        const playable = legal.has(card);
        return (
          <button
            key={card}
            type="button"
            className={`${classes.handCard} ${playable ? classes.legal : classes.illegal}`}
            aria-label={cardLabel(card)}
            disabled={!playable}
            onClick={() => onPlay(card)}
          >
            <DeckCard card={card} width={width} deck={deck} />
          </button>
        );
      })}
    </div>
  );
}

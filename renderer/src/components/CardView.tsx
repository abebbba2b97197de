import { rankOf, suitOf, type Card, type Suit } from '@shared/game';
import classes from './CardView.module.css';

export const SUIT_SYMBOLS: Record<Suit, string> = {
  hearts: '♥',
  diamonds: '♦',
  clubs: '♣',
  spades: '♠',
};

const RANK_NAMES: Record<string, string> = { J: 'Jack', Q: 'Queen', K: 'King', A: 'Ace' };

/** The accessible name of a card: '7 of hearts', 'Queen of clubs'. */
export function cardLabel(card: Card): string {
  return `${RANK_NAMES[rankOf(card)] ?? rankOf(card)} of ${suitOf(card)}`;
}

interface CardViewProps {
  /** The card to show face up; omit for a face-down card. */
  card?: Card;
  /** Width in pixels; the height follows the 1.4 ratio of a playing card. */
  width?: number;
  interactive?: boolean;
  className?: string;
  style?: React.CSSProperties;
}

/** A playing card drawn in CSS, so it stays sharp at every size and needs no image. */
export function CardView({ card, width = 72, interactive = false, className, style }: CardViewProps) {
  const size = { '--card-w': `${width}px`, ...style } as React.CSSProperties;
  if (!card) {
    return (
      <div
        role="img"
        aria-label="Face-down card"
        className={`${classes.card} ${classes.back} ${className ?? ''}`}
        style={size}
      />
    );
  }
  const suit = suitOf(card);
  const rank = rankOf(card);
  const symbol = SUIT_SYMBOLS[suit];
  const red = suit === 'hearts' || suit === 'diamonds';
  const isFace = rank === 'J' || rank === 'Q' || rank === 'K';
  const classNames = [classes.card, red && classes.red, interactive && classes.interactive, className]
    .filter(Boolean)
    .join(' ');
  return (
    <div role="img" aria-label={cardLabel(card)} className={classNames} style={size}>
      <div className={`${classes.corner} ${classes.top}`}>
        <span>{rank}</span>
        <span>{symbol}</span>
      </div>
      {isFace ? <div className={classes.face}>{rank}</div> : <div className={classes.pip}>{symbol}</div>}
      <div className={`${classes.corner} ${classes.bottom}`}>
        <span>{rank}</span>
        <span>{symbol}</span>
      </div>
    </div>
  );
}

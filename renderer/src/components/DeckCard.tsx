import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { DEFAULT_DECK_FOLDER, cardArtUrl, cardBackUrl, type DeckFolder } from '@shared/decks';
import type { Card } from '@shared/game';
import { fourColourSuitsAtom } from './card-style';
import { cardLabel } from './CardView';

interface DeckCardProps {
  card?: Card;
  deck?: DeckFolder;
  width: number;
  className?: string;
  style?: React.CSSProperties;
}

/**
 * A card drawn with a deck's art, in the four-colour set when the player chose it; a face that
 * fails to load shows the deck's back instead.
 */
export function DeckCard({ card, deck = DEFAULT_DECK_FOLDER, width, className, style }: DeckCardProps) {
  const fourColour = useAtomValue(fourColourSuitsAtom);
  const face = card ? cardArtUrl(deck, card, fourColour) : null;
  const [failed, setFailed] = useState<string | null>(null);
  const src = face && failed !== face ? face : cardBackUrl(deck);
  return (
    <img
      src={src}
      alt={card ? cardLabel(card) : 'Face-down card'}
      width={width}
      height={Math.round(width * 1.4)}
      draggable={false}
      onError={() => setFailed(face)}
      className={className}
      style={{
        display: 'block',
        borderRadius: width * 0.07,
        boxShadow: '0 6px 14px rgba(0,0,0,0.45)',
        ...style,
      }}
    />
  );
}

import { useState } from 'react';
import { cardArtUrl, cardBackUrl, deckFolder, type DeckFolder } from '@shared/decks';

/** The four preview cards every deck folder has, drawn fanned out. */
export const PREVIEW_CARDS = ['A13', 'B13', 'C13', 'D13'] as const;

const FAN = [-12, -4, 4, 12];

function PreviewCard({ folder, card, width }: { folder: DeckFolder; card: string; width: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? cardBackUrl(folder) : cardArtUrl(folder, card)}
      alt=""
      data-testid="deck-preview-card"
      width={width}
      height={Math.round(width * 1.4)}
      loading="lazy"
      draggable={false}
      // A missing preview shows the deck's back instead.
      onError={() => setFailed(true)}
      style={{
        display: 'block',
        borderRadius: width * 0.08,
        boxShadow: '0 4px 10px rgba(0,0,0,0.45)',
        background: 'var(--mantine-color-dark-5)',
      }}
    />
  );
}

/** A deck's preview cards A13, B13, C13 and D13 fanned out, each falling back to the back. */
export function DeckPreview({ deckUrl, width }: { deckUrl: string; width: number }) {
  const folder = deckFolder(deckUrl);
  const step = Math.round(width * 0.55);
  return (
    <div
      aria-hidden
      style={{
        position: 'relative',
        width: width + step * (PREVIEW_CARDS.length - 1),
        height: Math.round(width * 1.4) + Math.round(width * 0.2),
        flexShrink: 0,
      }}
    >
      {PREVIEW_CARDS.map((card, i) => (
        <div
          key={card}
          style={{
            position: 'absolute',
            left: i * step,
            top: Math.abs(FAN[i]!) * width * 0.012,
            transform: `rotate(${FAN[i]}deg)`,
            transformOrigin: '50% 100%',
          }}
        >
          <PreviewCard folder={folder} card={card} width={width} />
        </div>
      ))}
    </div>
  );
}

import { SimpleGrid, Stack, Text } from '@mantine/core';
import { deckFolder } from '@shared/decks';
import { RANKS, SUITS, type Card } from '@shared/game';
import { DeckCard } from '../../../../components/DeckCard';

/**
 * Every card a game is played with (6 to king in four suits), as the table will draw them: a deck
 * is seen whole before it is bought, not only by its preview's four kings.
 */
export function DeckSpread({ deckUrl, name }: { deckUrl: string; name: string }) {
  const folder = deckFolder(deckUrl);
  return (
    <Stack gap={6}>
      <Text size="xs" c="dark.1">
        The cards you play with
      </Text>
      {/* The grid's cells size the cards: eight to a row fits a 360 px phone's dialog. */}
      <SimpleGrid
        cols={RANKS.length}
        spacing={4}
        verticalSpacing={4}
        role="group"
        aria-label={`${name} cards`}
      >
        {SUITS.flatMap((suit) =>
          RANKS.map((rank) => {
            const card: Card = `${rank}_${suit}`;
            return <DeckCard key={card} card={card} deck={folder} width={40} style={cardStyle} />;
          }),
        )}
      </SimpleGrid>
    </Stack>
  );
}

// Each card takes its cell's width; the drawn shadow is the table's, too heavy at this size.
const cardStyle: React.CSSProperties = {
  width: '100%',
  height: 'auto',
  boxShadow: '0 2px 4px rgba(0,0,0,0.4)',
};

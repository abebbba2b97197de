import { Box, Button, Group, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { DeckFolder } from '@shared/decks';
import type { GameView } from '@shared/protocol';
import { DeckCard } from '../../../../components/DeckCard';
import type { HandResult } from '../../hooks/handResult';
import classes from '../GameTable.module.css';
import { seatName, statusLine, trickSpot, type TableSizes } from './layout';

export interface TrickAreaProps {
  game: GameView;
  /** The result of the hand just won, shown over the felt until the next deal. */
  handResult: HandResult | null;
  sizes: TableSizes;
  /** The viewer's default deck: the table is drawn from it. */
  deck?: DeckFolder;
  onShowLastTrick(): void;
}

/** The felt: whose turn it is, the cards of the current trick flying in, and the hand's result. */
export function TrickArea({ game, handResult, sizes, deck, onShowLastTrick }: TrickAreaProps) {
  const viewerSeat = game.you?.seat ?? 0;
  const spread = sizes.wide ? 1.4 : 1;
  const winner = handResult ? seatName(game, handResult.seat) : '';
  return (
    <div className={classes.felt}>
      <Text size="sm" fw={700} c="spar.3" mb="md" aria-hidden>
        {statusLine(game)}
      </Text>
      <div className={classes.trick} aria-label="Cards on the table">
        {game.currentTrick.map((play) => {
          const spot = trickSpot(play.seat, viewerSeat, game.players.length);
          return (
            <div
              key={`${game.handNumber}-${game.trickNumber}-${play.seat}`}
              className={classes.trickCard}
              style={
                {
                  '--to-x': `calc(-50% + ${spot.x * spread}px)`,
                  '--to-y': `calc(-50% + ${spot.y * spread}px)`,
                  '--from-x': `calc(-50% + ${spot.x * 4}px)`,
                  '--from-y': `calc(-50% + ${spot.y * 6}px)`,
                  '--rot': `${spot.rot}deg`,
                } as React.CSSProperties
              }
            >
              <DeckCard card={play.card} width={sizes.trick} deck={deck} />
            </div>
          );
        })}
      </div>
      {handResult && (
        <Box
          className={classes.result}
          bg="rgba(0,0,0,0.55)"
          px="md"
          py="xs"
          style={{ borderRadius: 12 }}
          role="status"
        >
          <Text fw={800} c="spar.4" ta="center">
            {winner === 'You' ? 'You win the hand' : `${winner} wins the hand`}
          </Text>
          <Group gap={6} justify="center" wrap="nowrap">
            <DeckCard card={handResult.card} width={26} deck={deck} />
            <Text size="sm">{handResult.reason}</Text>
          </Group>
        </Box>
      )}
      {game.lastTrick && !handResult && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          leftSection={<IconHistory size={14} />}
          onClick={onShowLastTrick}
          mt={6}
        >
          Last trick
        </Button>
      )}
    </div>
  );
}

import { Card, Group, Stack, Switch, Text } from '@mantine/core';
import { useAtom } from 'jotai';
import type { Card as PlayingCard } from '@shared/game';
import { DeckCard } from '../../../components/DeckCard';
import { fourColourSuitsAtom } from '../../../components/card-style';

const SAMPLE: PlayingCard[] = ['K_hearts', 'Q_diamonds', '10_clubs', 'J_spades'];

/** The player's settings for how cards look, kept on this device. */
export function CardSettings() {
  const [fourColour, setFourColour] = useAtom(fourColourSuitsAtom);
  return (
    <Card withBorder radius="md" bg="dark.7" padding="md">
      <Stack gap="sm">
        <Text size="xs" tt="uppercase" c="dark.2" fw={700}>
          Settings
        </Text>
        <Switch
          label="Four-colour suits"
          description="Hearts red, diamonds blue, clubs green and spades black."
          checked={fourColour}
          onChange={(event) => setFourColour(event.currentTarget.checked)}
        />
        <Group gap="xs" role="group" aria-label="Sample cards">
          {SAMPLE.map((card) => (
            <DeckCard key={card} card={card} width={48} />
          ))}
        </Group>
      </Stack>
    </Card>
  );
}

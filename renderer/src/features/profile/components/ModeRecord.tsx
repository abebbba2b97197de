import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { GameMode, ModeRecord } from '@shared/protocol';

const MODE_NAMES: Record<GameMode, string> = {
  ranked: 'Ranked',
  quick: 'Quick',
  private: 'Private',
  practice: 'Practice',
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * The player's finished games by mode, each named: the rating's figures above count ranked games
 * only, so a quick win would otherwise show nowhere.
 */
export function ModeRecordList({ record }: { record: ModeRecord[] }) {
  return (
    <Stack gap="xs" component="section" aria-label="Record by mode">
      <Title order={2} size="h5">
        Record by mode
      </Title>
      {record.length === 0 ? (
        <Text size="sm" c="dark.1">
          No finished games yet.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {record.map((r) => (
            <Card key={r.mode} withBorder radius="md" bg="dark.7" padding="sm" data-testid="mode-record">
              <Text size="xs" tt="uppercase" c="dark.2" fw={700}>
                {MODE_NAMES[r.mode]}
              </Text>
              <Text fw={800} c="spar.4">
                {count(r.wins, 'win', 'wins')} · {count(r.losses, 'loss', 'losses')}
              </Text>
              <Text size="xs" c="dark.2">
                {count(r.games, 'game', 'games')}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

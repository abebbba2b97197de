import { Badge, Drawer, Group, Paper, Stack, Text } from '@mantine/core';
import type { GameView } from '@shared/protocol';
import { nameOf } from '../../hooks/announce';
import type { HandLogEntry } from '../../hooks/handLog';

/** Everyone's score, by seat, as "You 5 · Kofi 3". */
function totalsLine(game: GameView, totals: readonly number[]): string {
  return game.players
    .slice()
    .sort((a, b) => a.seat - b.seat)
    .map((p) => `${nameOf(game, p.seat)} ${totals[p.seat] ?? 0}`)
    .join(' · ');
}

/**
 * The score log, one tap from the table ("Scores" on the felt): each finished hand with who won
 * it, its points and everyone's totals after it, newest first, under the scores as they stand.
 * Built from the hands this table has seen (useGameRoom's `handLog`); earlier ones are said to be
 * missing rather than guessed. See docs/design.md, "Pacing the table".
 */
export function ScoreLogDrawer({
  opened,
  onClose,
  game,
  log,
}: {
  opened: boolean;
  onClose(): void;
  game: GameView;
  log: readonly HandLogEntry[];
}) {
  const finishedHands = game.status === 'finished' ? game.handNumber : game.handNumber - 1;
  const missing = Math.max(0, finishedHands - log.length);
  const now: number[] = [];
  for (const p of game.players) now[p.seat] = p.score;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={`Scores · first to ${game.targetScore}`}
      position="right"
      size="sm"
    >
      <Stack gap="sm">
        <Paper withBorder p="sm" radius="md" bg="dark.6">
          <Text size="xs" c="dark.1" tt="uppercase" fw={700}>
            Now
          </Text>
          <Text fw={700} data-testid="score-log-now">
            {totalsLine(game, now)}
          </Text>
        </Paper>
        {log.length === 0 && missing === 0 && (
          <Text size="sm" c="dark.1">
            No hand has finished yet.
          </Text>
        )}
        {[...log].reverse().map((entry) => {
          const name = nameOf(game, entry.seat);
          return (
            <Paper key={entry.handNumber} withBorder p="sm" radius="md" data-testid="score-log-hand">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text fw={700} truncate>
                  Hand {entry.handNumber}: {name === 'You' ? 'you won' : `${name} won`}
                </Text>
                <Badge color="spar" variant="light" style={{ flex: 'none' }}>
                  +{entry.points} {entry.points === 1 ? 'point' : 'points'}
                </Badge>
              </Group>
              <Text size="sm" c="dark.1">
                {totalsLine(game, entry.totals)}
              </Text>
            </Paper>
          );
        })}
        {missing > 0 && (
          <Text size="sm" c="dark.1">
            {missing === 1 ? 'One earlier hand' : `${missing} earlier hands`} finished while this table was
            not open here.
          </Text>
        )}
      </Stack>
    </Drawer>
  );
}

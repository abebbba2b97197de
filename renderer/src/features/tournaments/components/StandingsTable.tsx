import { Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconFlame, IconPlayerPause } from '@tabler/icons-react';
import type { Standing } from '@shared/protocol';
import { PlayerAvatar } from '../../../components/PlayerAvatar';
import { streakLabel } from '../standings';
import { ordinal, prizeText, useItemName } from '../../../domain/tournaments';

/** How many lines the page shows; the player's own line is added below when it falls further down. */
export const STANDINGS_SHOWN = 50;

/** The lines to show: the top `STANDINGS_SHOWN`, and the player's own wherever it is. */
export function shownStandings(standings: readonly Standing[], myId: number | null): Standing[] {
  const top = standings.slice(0, STANDINGS_SHOWN);
  const mine = standings.find((s) => s.userId === myId);
  return mine && !top.includes(mine) ? [...top, mine] : top;
}

/**
 * The live standings: place, player (with their win streak and whether they paused), games won of
 * played, and points. Once the tournament is over, each paid place shows its prize.
 */
export function StandingsTable({
  standings,
  myId,
  withPrizes,
}: {
  standings: readonly Standing[];
  myId: number | null;
  withPrizes: boolean;
}) {
  const itemName = useItemName();
  return (
    // A fixed layout: the player's column takes what the numbers leave and cuts a long name short,
    // so the table fits a 360 px phone without scrolling sideways.
    <Table.ScrollContainer minWidth={260}>
      <Table verticalSpacing={6} highlightOnHover aria-label="Standings" layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} px={6}>
              #
            </Table.Th>
            <Table.Th px={6}>Player</Table.Th>
            <Table.Th ta="right" w={52} px={6}>
              Wins
            </Table.Th>
            <Table.Th ta="right" w={56} px={6}>
              Points
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shownStandings(standings, myId).map((s) => {
            const mine = s.userId === myId;
            const streak = streakLabel(s);
            return (
              <Table.Tr
                key={s.userId}
                data-testid="standing"
                data-user={s.username}
                aria-current={mine ? 'true' : undefined}
                bg={mine ? 'rgba(47, 158, 68, 0.12)' : undefined}
              >
                <Table.Td
                  fw={800}
                  px={6}
                  c={s.place === 1 ? 'spar.5' : s.place <= 3 ? 'accent.4' : undefined}
                >
                  {s.place}
                </Table.Td>
                <Table.Td px={6}>
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <PlayerAvatar size="sm" color="spar" username={s.username} avatarUrl={s.avatarUrl} />
                    <Stack gap={0} miw={0} style={{ flex: 1 }}>
                      <Group gap={4} wrap="nowrap" miw={0}>
                        <Text size="sm" fw={mine ? 800 : 600} truncate>
                          {s.username}
                        </Text>
                        {streak && (
                          <Tooltip label={streak}>
                            <Badge
                              size="sm"
                              color="orange"
                              variant="light"
                              leftSection={<IconFlame size={12} />}
                              aria-label={streak}
                              miw="max-content"
                            >
                              {s.streak}
                            </Badge>
                          </Tooltip>
                        )}
                        {s.paused && (
                          <Badge
                            size="sm"
                            color="gray"
                            variant="light"
                            leftSection={<IconPlayerPause size={12} />}
                            miw="max-content"
                          >
                            Paused
                          </Badge>
                        )}
                      </Group>
                      {withPrizes && s.prize && (
                        <Text size="xs" c="accent.4" truncate>
                          {ordinal(s.place)} prize: {prizeText(s.prize, itemName)}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td ta="right" px={6}>
                  <Text size="sm" c="dark.1" style={{ whiteSpace: 'nowrap' }}>
                    {s.wins}/{s.games}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" px={6} fw={800} data-testid="standing-score">
                  {s.score}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import {
  Badge,
  Box,
  Card as MantineCard,
  Group,
  List,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBook2, IconCrown, IconSparkles } from '@tabler/icons-react';
import { HOW_TO_PLAY, type HowToPlayTab } from '@shared/how-to-play';
import { CardView } from './CardView';

const ICONS = { basics: IconBook2, scoring: IconCrown, advanced: IconSparkles } as const;

function Rules({ tab }: { tab: HowToPlayTab }) {
  return (
    <List spacing="xs" size="sm" c="dark.0" icon={<ThemeIcon size={8} radius="xl" color="accent" />}>
      {tab.rules.map((rule) => (
        <List.Item key={rule}>{rule}</List.Item>
      ))}
    </List>
  );
}

const BADGE_WHOLE = {
  root: { overflow: 'visible', minWidth: 'max-content' },
  label: { overflow: 'visible' },
} as const;

function ScoringTable({ tab }: { tab: HowToPlayTab }) {
  if (!tab.scoring) return null;
  return (
    <Table withTableBorder verticalSpacing="xs" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Winning card</Table.Th>
          <Table.Th>Points</Table.Th>
          <Table.Th>When</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tab.scoring.map((row) => (
          <Table.Tr key={`${row.card}-${row.points}`}>
            <Table.Td fw={700}>{row.card}</Table.Td>
            {/* Never narrower than its text: a squeezed table cut "+3" down to "+.." on phones. */}
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Badge
                color={row.points === 3 ? 'spar' : row.points === 2 ? 'accent' : 'gray'}
                variant="light"
                size="lg"
                styles={BADGE_WHOLE}
              >
                +{row.points}
              </Badge>
            </Table.Td>
            <Table.Td c="dark.1">{row.note}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Examples({ tab }: { tab: HowToPlayTab }) {
  if (!tab.examples) return null;
  return (
    <Stack gap="sm">
      <Title order={4} size="h5" c="accent.3">
        Last-trick examples
      </Title>
      {tab.examples.map((example) => (
        <Group key={example.caption} gap="md" wrap="nowrap" align="center">
          <Group gap={6} wrap="nowrap">
            {example.plays.map((card, i) => (
              <CardView
                key={card}
                card={card}
                width={38}
                style={{
                  outline: i === example.winner ? '2px solid var(--mantine-color-spar-5)' : undefined,
                }}
              />
            ))}
          </Group>
          <Text size="sm" style={{ flex: 1 }}>
            {example.caption}:{' '}
            <Text span fw={700} c="spar.4">
              {example.winner === 0 ? 'the leader' : 'the follower'} scores {example.points}
            </Text>
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** The How to Play card with tabs Basics, Scoring and Advanced Rules (content from shared/). */
export function HowToPlayCard() {
  return (
    <MantineCard withBorder radius="lg" padding="lg" bg="dark.7" id="how-to-play">
      <Title order={2} size="h3" mb="md">
        <Text span inherit c="spar.5">
          How
        </Text>{' '}
        <Text span inherit c="accent.4">
          to Play
        </Text>
      </Title>
      <Tabs defaultValue={HOW_TO_PLAY[0]!.id} color="spar" keepMounted={false}>
        <Tabs.List grow>
          {HOW_TO_PLAY.map((tab) => {
            const Icon = ICONS[tab.id];
            return (
              <Tabs.Tab key={tab.id} value={tab.id} px="xs">
                <Group gap={6} wrap="nowrap" justify="center">
                  <Box visibleFrom="sm" component={Icon} size={16} />
                  {tab.title}
                </Group>
              </Tabs.Tab>
            );
          })}
        </Tabs.List>
        {HOW_TO_PLAY.map((tab) => (
          <Tabs.Panel key={tab.id} value={tab.id} pt="md">
            <Stack gap="md">
              <Text>{tab.intro}</Text>
              <ScoringTable tab={tab} />
              <Rules tab={tab} />
              <Examples tab={tab} />
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </MantineCard>
  );
}

import { ActionIcon, Badge, Box, Button, Card, Group, Paper, Stack, Text, useMatches } from '@mantine/core';
import { IconCheck, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { SYSTEM_DECK_ID, type Deck, type DeckMembership } from '@shared/protocol';
import { CurrencyAmount } from '../../../../components/Currency';
import type { DeckView } from '../../../../lib/storage';
import { DeckPreview } from './DeckPreview';
import { isPricedDeck } from './filters';

export type DeckAction = 'acquire' | 'default' | 'remove';

export interface DeckItemProps {
  deck: Deck;
  view: DeckView;
  /** The action running on this deck, if any. */
  busy: DeckAction | null;
  /** Another deck's action is running: this one waits. */
  disabled: boolean;
  onAcquire(deck: Deck): void;
  onSetDefault(deck: Deck): void;
  onRemove(deck: Deck): void;
}

const MEMBERSHIP_COLOR: Record<DeckMembership, string> = { free: 'teal', premium: 'spar', exclusive: 'cyan' };

function Badges({ deck }: { deck: Deck }) {
  return (
    // On a phone's half-width card, with a wide system font, the second badge takes a line of its own.
    <Group gap={4} wrap="wrap">
      <Badge size="xs" variant="light" color={MEMBERSHIP_COLOR[deck.membership]}>
        {deck.membership}
      </Badge>
      <Badge size="xs" variant="outline" color="gray">
        {deck.deckType}
      </Badge>
    </Group>
  );
}

/** Owned and Default, over the preview in the grid and after the name in the list. */
function StateBadges({ deck }: { deck: Deck }) {
  if (!deck.owned) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {deck.isDefault ? (
        <Badge size="sm" color="spar" c="dark.9" variant="filled" leftSection={<IconStarFilled size={10} />}>
          Default
        </Badge>
      ) : (
        <Badge size="sm" color="teal" variant="filled" leftSection={<IconCheck size={11} />}>
          Owned
        </Badge>
      )}
    </Group>
  );
}

function Price({ deck }: { deck: Deck }) {
  return (
    <span data-testid="deck-price">
      {isPricedDeck(deck) ? (
        <CurrencyAmount type={deck.currencyType} amount={deck.price} />
      ) : (
        <Text span size="sm" fw={700} c="teal.4">
          Free
        </Text>
      )}
    </span>
  );
}

/** Buy or Add for a deck not owned; Set default and Remove for an owned one. */
function Actions({
  deck,
  busy,
  disabled,
  onAcquire,
  onSetDefault,
  onRemove,
  grow,
  compact,
}: DeckItemProps & { grow: boolean; compact: boolean }) {
  // The running action spins; while one runs, every other button of the page waits.
  const state = (action: DeckAction) => ({
    loading: busy === action,
    disabled: (disabled || busy !== null) && busy !== action,
  });
  if (!deck.owned) {
    const priced = isPricedDeck(deck);
    return (
      <Button
        size="xs"
        color="spar"
        c="dark.9"
        fullWidth={grow}
        {...state('acquire')}
        onClick={() => onAcquire(deck)}
        aria-label={`${priced ? 'Buy' : 'Add'} ${deck.name}`}
      >
        {priced ? 'Buy' : 'Add'}
      </Button>
    );
  }
  const removable = deck.id !== SYSTEM_DECK_ID;
  return (
    <Group gap={6} wrap="nowrap" style={grow ? { flex: 1 } : undefined} justify="flex-end">
      {deck.isDefault ? (
        <Text size="xs" c="dark.1" ta="center" style={grow ? { flex: 1 } : undefined}>
          In use
        </Text>
      ) : compact ? (
        <ActionIcon
          size={30}
          variant="light"
          color="spar"
          {...state('default')}
          onClick={() => onSetDefault(deck)}
          aria-label={`Set ${deck.name} as default`}
          title="Set as default"
        >
          <IconStar size={16} />
        </ActionIcon>
      ) : (
        <Button
          size="xs"
          variant="light"
          color="spar"
          fullWidth={grow}
          style={grow ? { flex: 1 } : undefined}
          {...state('default')}
          onClick={() => onSetDefault(deck)}
          aria-label={`Set ${deck.name} as default`}
        >
          Set default
        </Button>
      )}
      {removable && (
        <ActionIcon
          size={30}
          variant="subtle"
          color="red"
          {...state('remove')}
          onClick={() => onRemove(deck)}
          aria-label={`Remove ${deck.name}`}
          title="Remove from my decks"
        >
          <IconTrash size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** What a deck's card and its row share: the frame, the name it is found by, the default's border. */
function frameOf(deck: Deck) {
  return {
    withBorder: true,
    radius: 'lg',
    bg: 'dark.7',
    'data-testid': 'deck-item',
    'aria-label': deck.name,
    role: 'article',
    style: deck.isDefault ? { borderColor: 'var(--mantine-color-spar-6)' } : undefined,
  } as const;
}

/** One deck of the catalogue, as a card (grid) or a row (list). */
export function DeckItem(props: DeckItemProps) {
  const { deck, view } = props;
  // Larger previews where the grid's cards are wider than a phone's half.
  const previewWidth = useMatches({ base: 44, md: 58 });
  // A phone's list row keeps the name readable: icon actions and fewer badges.
  const compact = useMatches({ base: true, sm: false });
  if (view === 'list') {
    return (
      <Paper {...frameOf(deck)} p="xs" pl="sm">
        <Group wrap="nowrap" gap="sm">
          <DeckPreview deckUrl={deck.deckUrl} width={compact ? 22 : 26} />
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} size="sm" truncate title={deck.name}>
              {deck.name}
            </Text>
            <Group gap={6} wrap="nowrap">
              <StateBadges deck={deck} />
              {compact ? (
                !deck.owned && (
                  <Badge size="xs" variant="light" color={MEMBERSHIP_COLOR[deck.membership]}>
                    {deck.membership}
                  </Badge>
                )
              ) : (
                <Badges deck={deck} />
              )}
              {!deck.owned && <Price deck={deck} />}
            </Group>
          </Stack>
          <Actions {...props} grow={false} compact={compact} />
        </Group>
      </Paper>
    );
  }
  return (
    <Card {...frameOf(deck)} padding="sm">
      <Card.Section
        pos="relative"
        py="md"
        style={{
          display: 'flex',
          justifyContent: 'center',
          background:
            'radial-gradient(ellipse at 50% 40%, var(--mantine-color-dark-5) 0%, var(--mantine-color-dark-8) 75%)',
        }}
      >
        <DeckPreview deckUrl={deck.deckUrl} width={previewWidth} />
        <Box pos="absolute" top={8} left={8}>
          <StateBadges deck={deck} />
        </Box>
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        {/* Up to three lines: on a phone's half-width card a four-word name ("Twilight Deeps of
            Obuasi") takes three in a wide system font. */}
        <Text fw={700} lineClamp={3} title={deck.name}>
          {deck.name}
        </Text>
        <Badges deck={deck} />
        <Group justify="space-between" wrap="nowrap" mt="auto" pt={4} gap={6}>
          {!deck.owned && <Price deck={deck} />}
          <Actions {...props} grow={deck.owned} compact={false} />
        </Group>
      </Stack>
    </Card>
  );
}

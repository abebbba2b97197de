import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconLayoutGrid, IconList, IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { DECK_MEMBERSHIPS, DECK_TYPES, type Deck } from '@shared/protocol';
import { failureText } from '../../../../lib/http';
import { getDeckView, setDeckView, type DeckView } from '../../../../lib/storage';
import { deckCatalogQueryOptions } from '../../api/decks';
import { useDeckActions } from '../../hooks/useDeckActions';
import { DeckItem } from './DeckItem';
import { DeckPurchaseDialog } from './DeckPurchaseDialog';
import { DECK_TABS, NO_FILTERS, filterDecks, type DeckFilters, type DeckTab } from './filters';

const ALL = 'all';
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const TYPE_OPTIONS = [
  { value: ALL, label: 'All types' },
  ...DECK_TYPES.map((t) => ({ value: t, label: capitalised(t) })),
];
const MEMBERSHIP_OPTIONS = [
  { value: ALL, label: 'All memberships' },
  ...DECK_MEMBERSHIPS.map((m) => ({ value: m, label: capitalised(m) })),
];

function ViewToggle({ view, onChange }: { view: DeckView; onChange(view: DeckView): void }) {
  return (
    <ActionIcon.Group>
      {(
        [
          ['grid', 'Grid view', IconLayoutGrid],
          ['list', 'List view', IconList],
        ] as const
      ).map(([value, label, Icon]) => (
        <ActionIcon
          key={value}
          size={34}
          variant={view === value ? 'filled' : 'default'}
          color="spar"
          c={view === value ? 'dark.9' : undefined}
          aria-label={label}
          aria-pressed={view === value}
          onClick={() => onChange(value)}
        >
          <Icon size={18} />
        </ActionIcon>
      ))}
    </ActionIcon.Group>
  );
}

/** One of the catalogue's filters, "All …" first: a choice of `options`, or null for all. */
function FilterSelect<T extends string>({
  label,
  options,
  value,
  onPick,
}: {
  label: string;
  options: { value: string; label: string }[];
  value: T | null;
  onPick(value: T | null): void;
}) {
  return (
    <NativeSelect
      aria-label={label}
      data={options}
      value={value ?? ALL}
      onChange={(event) => {
        const picked = event.currentTarget.value;
        onPick(picked === ALL ? null : (picked as T));
      }}
    />
  );
}

function FilterBar({ filters, onChange }: { filters: DeckFilters; onChange(filters: DeckFilters): void }) {
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <TextInput
        style={{ flex: '1 1 240px' }}
        aria-label="Search decks"
        placeholder="Search decks"
        leftSection={<IconSearch size={16} />}
        value={filters.search}
        onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        rightSection={
          filters.search ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label="Clear search"
              onClick={() => onChange({ ...filters, search: '' })}
            >
              <IconX size={14} />
            </ActionIcon>
          ) : null
        }
      />
      <SimpleGrid cols={2} spacing="xs" style={{ flex: '1 1 300px' }}>
        <FilterSelect
          label="Deck type"
          options={TYPE_OPTIONS}
          value={filters.deckType}
          onPick={(deckType) => onChange({ ...filters, deckType })}
        />
        <FilterSelect
          label="Membership"
          options={MEMBERSHIP_OPTIONS}
          value={filters.membership}
          onPick={(membership) => onChange({ ...filters, membership })}
        />
      </SimpleGrid>
    </Group>
  );
}

function DeckList({
  decks,
  view,
  actions,
  onClear,
}: {
  decks: Deck[];
  view: DeckView;
  actions: ReturnType<typeof useDeckActions>;
  onClear(): void;
}) {
  if (decks.length === 0) {
    return (
      <Stack align="center" gap="xs" py="xl">
        <Text size="sm" c="dark.1">
          No decks match these filters.
        </Text>
        <Button size="xs" variant="subtle" color="spar" onClick={onClear}>
          Clear filters
        </Button>
      </Stack>
    );
  }
  const cols = view === 'grid' ? { base: 2, sm: 3, md: 4 } : { base: 1, md: 2 };
  return (
    <SimpleGrid cols={cols} spacing={view === 'grid' ? 'md' : 'xs'} data-testid="deck-list" data-view={view}>
      {decks.map((deck) => (
        <DeckItem
          key={deck.id}
          deck={deck}
          view={view}
          busy={actions.running?.deckId === deck.id ? actions.running.action : null}
          disabled={actions.running !== null && actions.running.deckId !== deck.id}
          onAcquire={actions.request}
          onSetDefault={actions.setDefault}
          onRemove={actions.remove}
        />
      ))}
    </SimpleGrid>
  );
}

/**
 * The deck screen in the shop: every deck with its preview cards, filtered by name, type,
 * membership and tab, as a grid or a list (remembered on this device), with acquire, set default
 * and remove. See docs/design.md, "Decks".
 */
export function DecksPanel({ userId }: { userId: number }) {
  const catalog = useQuery(deckCatalogQueryOptions(userId));
  const actions = useDeckActions();
  const [filters, setFilters] = useState<DeckFilters>(NO_FILTERS);
  const [view, setView] = useState<DeckView>(getDeckView);
  const changeView = (next: DeckView) => {
    setView(next);
    setDeckView(next);
  };

  if (catalog.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader color="spar" />
      </Group>
    );
  }
  if (catalog.isError) {
    return (
      <Alert color="red" variant="light" title="Could not load the decks">
        {failureText(catalog.error)}
      </Alert>
    );
  }
  const shown = filterDecks(catalog.data, filters);
  const clear = () => setFilters(NO_FILTERS);
  return (
    <Stack gap="sm">
      <FilterBar filters={filters} onChange={setFilters} />
      <Tabs
        value={filters.tab}
        onChange={(tab) => tab && setFilters({ ...filters, tab: tab as DeckTab })}
        color="spar"
        keepMounted={false}
      >
        <Group justify="space-between" wrap="nowrap" gap="xs" mb="sm">
          <Tabs.List aria-label="Deck tabs" style={{ flexWrap: 'nowrap' }}>
            {DECK_TABS.map(({ value, label }) => (
              <Tabs.Tab key={value} value={value} px="sm">
                {label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <ViewToggle view={view} onChange={changeView} />
        </Group>
        <Text size="xs" c="dark.1" mb="xs" aria-live="polite">
          {shown.length === 1 ? '1 deck' : `${shown.length} decks`}
        </Text>
        {DECK_TABS.map(({ value }) => (
          <Tabs.Panel key={value} value={value}>
            <DeckList decks={shown} view={view} actions={actions} onClear={clear} />
          </Tabs.Panel>
        ))}
      </Tabs>
      <DeckPurchaseDialog
        deck={actions.buying}
        processing={actions.purchasing}
        onConfirm={actions.confirmPurchase}
        onClose={actions.closePurchase}
      />
    </Stack>
  );
}

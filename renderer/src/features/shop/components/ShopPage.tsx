import {
  Alert,
  Box,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  useMatches,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCards, IconCoin, IconMoodSmile, IconMusic } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ShopItem, ShopItemKind } from '@shared/protocol';
import { BalanceBar } from './BalanceBar';
import { PageHeader } from '../../../components/PageHeader';
import { SignInPrompt } from '../../../components/SignInPrompt';
import { failureText } from '../../../lib/http';
import { PATHS, SHOP_TABS, type ShopTab } from '../../../lib/paths';
import { useSession } from '../../../lib/session/useSession';
import { shopQueryOptions } from '../api/shop';
import { usePaymentReturn, usePendingPayments } from '../hooks/usePayments';
import { DecksPanel } from './decks/DecksPanel';
import { PackCard, isPack, type Pack } from './PackCard';
import { PackDialog } from './PackDialog';
import { PendingPayments } from './PendingPayments';
import { PurchaseHistory, TransactionHistory } from './Histories';
import { PurchaseDialog, isPriced, type PricedItem } from './PurchaseDialog';
import { ShopItemCard } from './ShopItemCard';

/** The item tabs after Packs; the Decks tab (its own catalogue, /api/deck/*) comes last. */
const ITEM_TABS: { value: ShopTab; label: string; kind: ShopItemKind; icon: typeof IconCoin }[] = [
  { value: 'avatars', label: 'Avatars', kind: 'avatar', icon: IconMoodSmile },
  { value: 'sounds', label: 'Sound packs', kind: 'sound_pack', icon: IconMusic },
];

const GRID = { base: 2, xs: 3, md: 4 } as const;

function PacksPanel({ packs }: { packs: Pack[] }) {
  const [buying, setBuying] = useState<Pack | null>(null);
  if (packs.length === 0) return <Empty />;
  return (
    <>
      <SimpleGrid cols={GRID}>
        {packs.map((pack) => (
          <PackCard key={pack.id} pack={pack} onBuy={setBuying} />
        ))}
      </SimpleGrid>
      <PackDialog pack={buying} onClose={() => setBuying(null)} />
    </>
  );
}

function Empty() {
  return (
    <Text size="sm" c="dark.1" ta="center" py="lg">
      Nothing here right now.
    </Text>
  );
}

function ItemsPanel({ items, onBuy }: { items: PricedItem[]; onBuy(item: PricedItem): void }) {
  if (items.length === 0) return <Empty />;
  return (
    <SimpleGrid cols={GRID}>
      {items.map((item) => (
        <ShopItemCard key={item.id} item={item} onBuy={onBuy} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The open tab, kept in the address (`?tab=`) so a link can open the shop at a tab and the back
 * button comes back to it; anything else there means Packs.
 */
function useShopTab(): [ShopTab, (tab: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = SHOP_TABS.find((t) => t === asked) ?? 'packs';
  const pick = (next: string | null) =>
    setParams(
      (current) => {
        // The other parameters (a payment's reference on the way back from checkout) stay.
        current.set('tab', next ?? 'packs');
        return current;
      },
      { replace: true },
    );
  return [tab, pick];
}

function Catalogue({ items, userId }: { items: ShopItem[]; userId: number }) {
  const [buying, setBuying] = useState<PricedItem | null>(null);
  const [tab, setTab] = useShopTab();
  const packs = items.filter(isPack);
  const withIcons = useMatches({ base: false, xs: true });
  const icon = (Icon: typeof IconCoin) => (withIcons ? <Icon size={16} /> : undefined);
  return (
    <>
      <Tabs value={tab} onChange={setTab} variant="pills" radius="xl" color="spar" keepMounted={false}>
        {/*
          One row: on a phone the tabs drop their icons, which is what lets all four fit at 360 px
          (with icons the last tab was out of sight). Sideways scrolling is only a fallback for a
          large system font.
        */}
        <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          <Tabs.Tab value="packs" px="xs" leftSection={icon(IconCoin)}>
            Packs
          </Tabs.Tab>
          {ITEM_TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab key={value} value={value} px="xs" leftSection={icon(Icon)}>
              {label}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="decks" px="xs" leftSection={icon(IconCards)}>
            Decks
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="packs">
          <PacksPanel packs={packs} />
        </Tabs.Panel>
        {ITEM_TABS.map(({ value, kind }) => (
          <Tabs.Panel key={value} value={value}>
            <ItemsPanel
              items={items.filter((item) => item.kind === kind).filter(isPriced)}
              onBuy={setBuying}
            />
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="decks">
          <DecksPanel userId={userId} />
        </Tabs.Panel>
      </Tabs>
      <PurchaseDialog item={buying} onClose={() => setBuying(null)} />
    </>
  );
}

function SignedInShop({ userId }: { userId: number }) {
  const shop = useQuery(shopQueryOptions);
  const confirming = usePaymentReturn(true);
  const pending = usePendingPayments(true);
  return (
    <Container size="lg" pb="xl">
      <Stack gap="lg">
        <PendingPayments pending={pending} confirming={confirming} />
        {shop.isPending ? (
          <Group justify="center" py="xl">
            <Loader color="spar" />
          </Group>
        ) : shop.isError ? (
          <Alert color="red" variant="light" title="Could not load the shop">
            {failureText(shop.error)}
          </Alert>
        ) : (
          <Catalogue items={shop.data} userId={userId} />
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <PurchaseHistory />
          <TransactionHistory />
        </SimpleGrid>
      </Stack>
    </Container>
  );
}

/** /shop: the balance, packs bought with money, items bought with coins or gems, and both histories. */
export function ShopPage() {
  const { user } = useSession();
  if (!user) {
    return (
      <SignInPrompt
        header={<PageHeader title="Shop" size="sm" />}
        reason="Sign in to see your coins and gems and spend them in the shop."
        returnTo={PATHS.shop}
      />
    );
  }
  return (
    <>
      <PageHeader
        title="Shop"
        size="lg"
        right={
          // Room on the right for the connection dot fixed in that corner.
          <Box mr={18}>
            <BalanceBar />
          </Box>
        }
      />
      <SignedInShop userId={user.id} />
    </>
  );
}

import { Box, Button, Card, Image, Stack, Text } from '@mantine/core';
import type { CurrencyType, ShopItem } from '@shared/protocol';
import { CurrencyAmount } from '../../../components/Currency';
import { formatMoney } from '../../../components/currency-format';

/** A coin or gem pack: bought with real money. */
export type Pack = ShopItem & {
  moneyPrice: number;
  moneyCurrency: string;
  grantAmount: number;
  grantCurrencyType: CurrencyType;
};

export function isPack(item: ShopItem): item is Pack {
  return (
    (item.kind === 'coin_pack' || item.kind === 'gem_pack') &&
    item.moneyPrice !== null &&
    item.moneyCurrency !== null &&
    item.grantAmount !== null &&
    item.grantCurrencyType !== null
  );
}

/** A pack's card; Buy opens the confirmation (PackDialog), never the payment itself. */
export function PackCard({ pack, onBuy }: { pack: Pack; onBuy(pack: Pack): void }) {
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="md" data-testid="pack">
      <Stack gap="xs" align="center" ta="center" style={{ flex: 1 }}>
        <Image src={pack.imageUrl} alt="" h={88} w={88} fit="contain" loading="lazy" />
        <Text fw={700}>{pack.name}</Text>
        <Box data-testid="pack-grant">
          <CurrencyAmount type={pack.grantCurrencyType} amount={pack.grantAmount} size="xl" iconSize={24} />
        </Box>
        {/*
          Read whole before paying (checkout does not repeat it): at 360 px two lines cut "20% more
          than the pouch" to "than the pouc…". Four lines still bound a long text staff write.
        */}
        <Text size="xs" c="dark.1" lineClamp={4} style={{ flex: 1 }}>
          {pack.description}
        </Text>
        {/* Tight padding: on a 360 px phone the default cut the price to "Buy · ₦2,00". */}
        <Button
          fullWidth
          px="xs"
          color="spar"
          c="dark.9"
          onClick={() => onBuy(pack)}
          aria-label={`Buy ${pack.name} for ${formatMoney(pack.moneyPrice, pack.moneyCurrency)}`}
        >
          Buy · {formatMoney(pack.moneyPrice, pack.moneyCurrency)}
        </Button>
      </Stack>
    </Card>
  );
}

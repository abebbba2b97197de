import { ActionIcon, AspectRatio, Badge, Button, Card, Group, Image, Stack, Text } from '@mantine/core';
import { IconCheck, IconPlayerPlay } from '@tabler/icons-react';
import { CurrencyAmount } from '../../../components/Currency';
import type { PricedItem } from './PurchaseDialog';

/** Plays a sound pack's preview; a failed load is tolerated silently. */
function playPreview(url: string) {
  void new Audio(url).play().catch(() => undefined);
}

/** An avatar or sound pack: its art, price and either Owned or Buy. */
export function ShopItemCard({ item, onBuy }: { item: PricedItem; onBuy(item: PricedItem): void }) {
  return (
    <Card withBorder radius="lg" bg="dark.7" padding="sm" data-testid="shop-item">
      <Card.Section pos="relative">
        <AspectRatio ratio={1}>
          <Image src={item.imageUrl} alt={item.name} fit="cover" bg="dark.6" loading="lazy" />
        </AspectRatio>
        {item.owned && (
          <Badge
            pos="absolute"
            top={8}
            left={8}
            color="teal"
            variant="filled"
            leftSection={<IconCheck size={12} />}
          >
            Owned
          </Badge>
        )}
        {item.kind === 'sound_pack' && item.assetUrl && (
          <ActionIcon
            pos="absolute"
            bottom={8}
            right={8}
            radius="xl"
            size="lg"
            color="accent"
            aria-label={`Preview ${item.name}`}
            onClick={() => playPreview(item.assetUrl!)}
          >
            <IconPlayerPlay size={18} />
          </ActionIcon>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={700} lineClamp={1}>
          {item.name}
        </Text>
        <Text size="xs" c="dark.1" lineClamp={2} style={{ flex: 1 }}>
          {item.description}
        </Text>
        <Group justify="space-between" wrap="nowrap" mt={4}>
          <span data-testid="item-price">
            <CurrencyAmount type={item.currencyType} amount={item.price} />
          </span>
          {item.owned ? (
            <Text size="sm" c="teal.4" fw={700}>
              Owned
            </Text>
          ) : (
            <Button
              size="xs"
              color="spar"
              c="dark.9"
              onClick={() => onBuy(item)}
              aria-label={`Buy ${item.name}`}
            >
              Buy
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

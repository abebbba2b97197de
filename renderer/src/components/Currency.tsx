import { Group, Text, type MantineSize } from '@mantine/core';
import { IconCoin, IconDiamond } from '@tabler/icons-react';
import type { CurrencyType } from '@shared/protocol';
import { currencyName } from './currency-format';

const COLORS: Record<CurrencyType, string> = {
  regular: 'var(--mantine-color-spar-4)',
  premium: 'var(--mantine-color-cyan-4)',
};

/** A gold coin or a cyan gem, labelled for screen readers. */
export function CurrencyIcon({ type, size = 18 }: { type: CurrencyType; size?: number }) {
  const Icon = type === 'premium' ? IconDiamond : IconCoin;
  return <Icon size={size} color={COLORS[type]} stroke={2} aria-label={currencyName(type)} role="img" />;
}

/** An amount with its currency icon: "🪙 1,000". */
export function CurrencyAmount({
  type,
  amount,
  size = 'sm',
  iconSize = 16,
}: {
  type: CurrencyType;
  amount: number;
  size?: MantineSize;
  iconSize?: number;
}) {
  return (
    <Group gap={4} wrap="nowrap" component="span" style={{ display: 'inline-flex' }}>
      <CurrencyIcon type={type} size={iconSize} />
      <Text span size={size} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {amount.toLocaleString('en')}
      </Text>
    </Group>
  );
}

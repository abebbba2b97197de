import { Button } from '@mantine/core';
import { IconCoin } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { CurrencyType } from '@shared/protocol';
import { currencyName } from '../../../components/currency-format';
import { PATHS } from '../../../lib/paths';

/**
 * The way out of "You need … more": 'Get coins' (or gems) opens the shop's packs, closing the
 * purchase dialog it sits in. See docs/design.md, "Decks".
 */
export function GetMoreButton({ currencyType, onClose }: { currencyType: CurrencyType; onClose(): void }) {
  return (
    <Button
      component={Link}
      to={PATHS.shopTab('packs')}
      variant="light"
      color="accent"
      leftSection={<IconCoin size={16} />}
      onClick={onClose}
    >
      Get {currencyName(currencyType)}
    </Button>
  );
}

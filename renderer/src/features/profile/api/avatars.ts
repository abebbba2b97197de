import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call, type CallResult } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export type AvatarChoice = CallResult<typeof ROUTES.customization.setAvatar>;

export interface OwnedAvatar {
  id: number;
  name: string;
  imageUrl: string;
}

/**
 * The avatars the player bought: their active avatar purchases, one entry per shop item (items
 * withdrawn from sale included). Shares the purchases query, so a purchase in the shop shows here.
 */
export const ownedAvatarsQueryOptions = queryOptions({
  queryKey: currencyKeys.purchases,
  queryFn: () => call(ROUTES.currency.purchases),
  select: (purchases): OwnedAvatar[] => {
    const seen = new Map<number, OwnedAvatar>();
    for (const p of purchases)
      if (p.kind === 'avatar' && p.isActive && !seen.has(p.shopItemId))
        seen.set(p.shopItemId, { id: p.shopItemId, name: p.name, imageUrl: p.imageUrl });
    return [...seen.values()];
  },
});

/** An avatar the player bought, or null for their initials. */
export function chooseAvatar(avatarId: number | null): Promise<AvatarChoice> {
  return call(ROUTES.customization.setAvatar, { body: { avatarId } });
}

import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { avatarChoiceResponseSchema, Purchase } from '@shared/protocol';
import { api } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export type AvatarChoice = z.infer<typeof avatarChoiceResponseSchema>;

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
  queryFn: () => api<Purchase[]>('/api/currency/purchases'),
  select: (purchases): OwnedAvatar[] => {
    const seen = new Map<number, OwnedAvatar>();
    for (const p of purchases)
      if (p.kind === 'avatar' && p.isActive && !seen.has(p.shopItemId))
        seen.set(p.shopItemId, { id: p.shopItemId, name: p.name, imageUrl: p.imageUrl });
    return [...seen.values()];
  },
});

/** PUT /api/users/me/avatar: an avatar the player bought, or null for their initials. */
export function chooseAvatar(avatarId: number | null): Promise<AvatarChoice> {
  return api<AvatarChoice>('/api/users/me/avatar', { method: 'PUT', body: { avatarId } });
}

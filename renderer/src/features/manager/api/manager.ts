import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdjustBalanceBody,
  CreateDailyRewardBody,
  CreateShopItemBody,
  UpdateDailyRewardBody,
  UpdateShopItemBody,
} from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/** The staff area's calls, one per endpoint of `ROUTES.manager`. See docs/api.md, "Staff area". */
export const managerKeys = {
  all: ['manager'],
  dailyRewards: ['manager', 'daily-rewards'],
  shopItems: ['manager', 'shop-items'],
  audit: ['manager', 'audit'],
} as const;

export const managerDailyRewardsQueryOptions = queryOptions({
  queryKey: managerKeys.dailyRewards,
  queryFn: () => call(ROUTES.manager.dailyRewards),
});

export const managerShopItemsQueryOptions = queryOptions({
  queryKey: managerKeys.shopItems,
  queryFn: () => call(ROUTES.manager.shopItems),
});

export const AUDIT_PAGE_SIZE = 50;

/** Newest first; each further page starts before the last one's `nextBefore`. */
export const auditQueryOptions = infiniteQueryOptions({
  queryKey: managerKeys.audit,
  queryFn: ({ pageParam }) =>
    call(ROUTES.manager.audit, { query: { limit: AUDIT_PAGE_SIZE, before: pageParam ?? undefined } }),
  initialPageParam: null as number | null,
  getNextPageParam: (last) => last.nextBefore,
  // Every staff change adds an entry: show the latest whenever the list is opened.
  staleTime: 0,
});

export const createDailyReward = (body: CreateDailyRewardBody) =>
  call(ROUTES.manager.createDailyReward, { body });

export const updateDailyReward = (id: number, body: UpdateDailyRewardBody) =>
  call(ROUTES.manager.updateDailyReward, { params: { id }, body });

export const deleteDailyReward = (id: number) => call(ROUTES.manager.deleteDailyReward, { params: { id } });

export const createShopItem = (body: CreateShopItemBody) => call(ROUTES.manager.createShopItem, { body });

export const updateShopItem = (id: number, body: UpdateShopItemBody) =>
  call(ROUTES.manager.updateShopItem, { params: { id }, body });

export const adjustBalance = (userId: number, body: AdjustBalanceBody) =>
  call(ROUTES.manager.adjustBalance, { params: { userId }, body });

/** Multipart with the one field `file`; answers the stored image's address. */
export function uploadImage(file: File) {
  const formData = new FormData();
  formData.append('file', file);
  return call(ROUTES.manager.uploadImage, { body: formData });
}

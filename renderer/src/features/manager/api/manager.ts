import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  AdjustBalanceBody,
  Balance,
  CreateDailyRewardBody,
  CreateShopItemBody,
  DailyReward,
  ManagerShopItem,
  StaffAction,
  UpdateDailyRewardBody,
  UpdateShopItemBody,
} from '@shared/protocol';
import { api } from '../../../lib/http';

/** The staff area's calls, one per route of `/api/manager/*`. See docs/api.md, "Staff area". */
export const managerKeys = {
  all: ['manager'],
  dailyRewards: ['manager', 'daily-rewards'],
  shopItems: ['manager', 'shop-items'],
  audit: ['manager', 'audit'],
} as const;

export const managerDailyRewardsQueryOptions = queryOptions({
  queryKey: managerKeys.dailyRewards,
  queryFn: () => api<DailyReward[]>('/api/manager/daily-rewards'),
});

export const managerShopItemsQueryOptions = queryOptions({
  queryKey: managerKeys.shopItems,
  queryFn: () => api<ManagerShopItem[]>('/api/manager/shop-items'),
});

export const AUDIT_PAGE_SIZE = 50;

/** Newest first; each further page starts before the last one's `nextBefore`. */
export const auditQueryOptions = infiniteQueryOptions({
  queryKey: managerKeys.audit,
  queryFn: ({ pageParam }) =>
    api<{ actions: StaffAction[]; nextBefore: number | null }>(
      `/api/manager/audit?limit=${AUDIT_PAGE_SIZE}${pageParam ? `&before=${pageParam}` : ''}`,
    ),
  initialPageParam: null as number | null,
  getNextPageParam: (last) => last.nextBefore,
  // Every staff change adds an entry: show the latest whenever the list is opened.
  staleTime: 0,
});

export const createDailyReward = (body: CreateDailyRewardBody) =>
  api<DailyReward>('/api/manager/daily-rewards', { method: 'POST', body });

export const updateDailyReward = (id: number, body: UpdateDailyRewardBody) =>
  api<DailyReward>(`/api/manager/daily-rewards/${id}`, { method: 'PUT', body });

export const deleteDailyReward = (id: number) =>
  api<null>(`/api/manager/daily-rewards/${id}`, { method: 'DELETE' });

export const createShopItem = (body: CreateShopItemBody) =>
  api<ManagerShopItem>('/api/manager/shop-items', { method: 'POST', body });

export const updateShopItem = (id: number, body: UpdateShopItemBody) =>
  api<ManagerShopItem>(`/api/manager/shop-items/${id}`, { method: 'PUT', body });

export const adjustBalance = (userId: number, body: AdjustBalanceBody) =>
  api<{ message: string; actionId: number; balance: Balance }>(`/api/manager/users/${userId}/adjust`, {
    method: 'POST',
    body,
  });

/** Multipart with the one field `file`; answers the stored image's address. */
export function uploadImage(file: File): Promise<{ imageUrl: string }> {
  const formData = new FormData();
  formData.append('file', file);
  return api<{ imageUrl: string }>('/api/manager/upload-image', { method: 'POST', formData });
}

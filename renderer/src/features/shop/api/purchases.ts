import { queryOptions } from '@tanstack/react-query';
import type { Purchase } from '@shared/protocol';
import { api } from '../../../lib/http';
import { currencyKeys } from '../../../domain/currency';

export const purchasesQueryOptions = queryOptions({
  queryKey: currencyKeys.purchases,
  queryFn: () => api<Purchase[]>('/api/currency/purchases'),
});

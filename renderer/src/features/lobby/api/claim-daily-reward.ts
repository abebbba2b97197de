import type { z } from 'zod';
import type { dailyClaimResponseSchema } from '@shared/protocol';
import { api } from '../../../lib/http';

export type DailyClaim = z.infer<typeof dailyClaimResponseSchema>;

export function claimDailyReward(): Promise<DailyClaim> {
  return api<DailyClaim>('/api/currency/daily-rewards/claim', { method: 'POST' });
}

import type { z } from 'zod';
import type { claimResponseSchema } from '@shared/protocol';
import { api } from '../../../lib/http';

export type ClaimResponse = z.infer<typeof claimResponseSchema>;

export function claimGameReward(gameId: string): Promise<ClaimResponse> {
  return api<ClaimResponse>('/api/currency/game-rewards/claim', { method: 'POST', body: { gameId } });
}

import type { BotLevel } from '@shared/game';
import { api } from '../../../lib/http';

/** A practice table against `opponents` bots (1, 2 or 3) of one level. */
export function startPractice({
  difficulty,
  opponents,
}: {
  difficulty: BotLevel;
  opponents: number;
}): Promise<{ id: string }> {
  return api<{ id: string }>('/api/games/practice', { method: 'POST', body: { difficulty, opponents } });
}

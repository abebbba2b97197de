import type { BotLevel } from '@shared/game';
import { api } from '../../../lib/http';

export function startPractice(difficulty: BotLevel): Promise<{ id: string }> {
  return api<{ id: string }>('/api/games/practice', { method: 'POST', body: { difficulty } });
}

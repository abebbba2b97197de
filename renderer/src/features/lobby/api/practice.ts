import type { BotLevel } from '@shared/game';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/** A practice table against `opponents` bots (1, 2 or 3) of one level. */
export function startPractice({ difficulty, opponents }: { difficulty: BotLevel; opponents: number }) {
  return call(ROUTES.games.practice, { body: { difficulty, opponents } });
}

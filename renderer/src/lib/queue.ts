/** Queue and match state (jotai) and the queue actions any screen may use. */
import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import { socket } from './realtime';
import type { QueueName } from '@shared/protocol';

export interface QueueState {
  inQueue: boolean;
  queue: QueueName | null;
  /** When this client saw the queue join confirmed (for the elapsed timer). */
  since?: number;
}

/** Match state: the match token, opponent (default 'Opponent'), deadline, accepted flag. */
export interface MatchState {
  token: string;
  opponent: string;
  /** The opponent's avatar image; absent or null shows their initials. */
  opponentAvatarUrl?: string | null;
  expiresAt: number;
  accepted: boolean;
}

export const queueAtom = atom<QueueState>({ inQueue: false, queue: null });
export const matchAtom = atom<MatchState | null>(null);
/** The queue last joined, for 'Want to try again?'. */
export const lastQueueAtom = atom<QueueName>('quick');

/** Queue actions, usable from any screen. */
export function useQueueActions() {
  const store = useStore();
  const join = useCallback(
    (queue: QueueName) => {
      store.set(lastQueueAtom, queue);
      socket.send({ type: queue === 'ranked' ? 'JOIN_RANKED_QUEUE' : 'JOIN_QUICK_QUEUE' });
    },
    [store],
  );
  const leave = useCallback(() => socket.send({ type: 'LEAVE_QUEUE' }), []);
  return { join, leave, queue: useAtomValue(queueAtom) };
}

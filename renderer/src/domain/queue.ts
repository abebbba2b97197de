/** Queue and match state (jotai) and the queue actions any screen may use. */
import { atom, useAtomValue, useStore } from 'jotai';
import { useCallback } from 'react';
import { socket } from '../lib/realtime';
import type { QueueName } from '@shared/protocol';

export interface QueueState {
  inQueue: boolean;
  queue: QueueName | null;
  /** Players wanted at the table (quick: 2, 3 or 4). */
  size?: number;
  /** When this client saw the queue join confirmed (for the elapsed timer). */
  since?: number;
}

/** Match state: the match token, every opponent (default 'Opponent'), deadline, accepted flag. */
export interface MatchState {
  token: string;
  /** Every opponent at the table; `avatarUrl` null shows their initials. */
  opponents: { username: string; avatarUrl: string | null }[];
  expiresAt: number;
  accepted: boolean;
}

export const queueAtom = atom<QueueState>({ inQueue: false, queue: null });
export const matchAtom = atom<MatchState | null>(null);
/** The queue last joined, for 'Want to try again?'. */
export const lastQueueAtom = atom<QueueName>('quick');
/** The quick table size last asked for (2, 3 or 4). */
export const lastSizeAtom = atom<number>(2);

/** Queue actions, usable from any screen. */
export function useQueueActions() {
  const store = useStore();
  const join = useCallback(
    (queue: QueueName, size = 2) => {
      store.set(lastQueueAtom, queue);
      if (queue === 'ranked') return socket.send({ type: 'JOIN_RANKED_QUEUE' });
      store.set(lastSizeAtom, size);
      // A 1 v 1 quick join stays the plain message; larger tables add their size.
      socket.send(size === 2 ? { type: 'JOIN_QUICK_QUEUE' } : { type: 'JOIN_QUICK_QUEUE', size });
    },
    [store],
  );
  const leave = useCallback(() => socket.send({ type: 'LEAVE_QUEUE' }), []);
  return { join, leave, queue: useAtomValue(queueAtom) };
}

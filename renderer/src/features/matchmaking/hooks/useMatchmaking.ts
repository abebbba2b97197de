import { useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { MATCH_ACCEPT_SECONDS } from '@shared/constants';
import { PATHS } from '../../../lib/paths';
import { socket } from '../../../lib/realtime';
import { playSound } from '../../../lib/sounds';
import { toast } from '../../../lib/toast';
import { lastQueueAtom, lastSizeAtom, matchAtom, queueAtom, useQueueActions } from '../../../domain/queue';

const IDLE = { inQueue: false, queue: null } as const;
/** When the notices after a rejection appear and how long they stay. */
export const REJECTED_NOTICE_MS = 5_000;
export const TRY_AGAIN_DELAY_MS = 1_000;
export const TRY_AGAIN_NOTICE_MS = 10_000;
export const NAVIGATE_DELAY_MS = 100;

/** Listens for the queue and match messages (mounted once, over every screen). */
export function useMatchmakingEvents(userId: number | null) {
  const store = useStore();
  const navigate = useNavigate();
  const setQueue = useSetAtom(queueAtom);
  const setMatch = useSetAtom(matchAtom);
  const { join } = useQueueActions();

  useEffect(() => {
    if (userId === null) return;
    const timers: ReturnType<typeof setTimeout>[] = [];
    const off = [
      socket.on('QUEUE_JOIN_SUCCESS', (m) =>
        setQueue({ inQueue: true, queue: m.queue, size: m.size ?? 2, since: Date.now() }),
      ),
      socket.on('QUEUE_LEAVE_SUCCESS', () => setQueue(IDLE)),
      socket.on('QUEUE_STATUS_RESPONSE', (m) =>
        setQueue(m.inQueue ? { inQueue: true, queue: m.queue ?? null, size: m.size ?? 2 } : IDLE),
      ),
      socket.on('MATCH_FOUND', (m) => {
        setQueue(IDLE);
        playSound('match-found');
        setMatch({
          token: m.token,
          opponents: (m.opponents?.length ? m.opponents : [m.opponent]).map((o) => ({
            username: o?.username || 'Opponent',
            avatarUrl: o?.avatarUrl ?? null,
          })),
          expiresAt: Date.now() + MATCH_ACCEPT_SECONDS * 1000,
          accepted: false,
        });
      }),
      socket.on('MATCH_REJECTED', (m) => {
        const table = store.get(matchAtom)?.opponents.length ?? 1;
        setMatch(null);
        setQueue(IDLE);
        const byMe = m.rejectedBy === userId;
        if (!byMe && table > 1) {
          // A table of 3 or 4: the server puts the others straight back in the queue.
          toast({
            title: 'Match Rejected',
            description: 'Another player rejected the match. You are back in the queue.',
            variant: 'warning',
            duration: REJECTED_NOTICE_MS,
          });
          return;
        }
        toast({
          title: 'Match Rejected',
          description: byMe ? 'You rejected the match' : 'Other player rejected the match.',
          variant: 'warning',
          duration: REJECTED_NOTICE_MS,
        });
        if (!byMe) {
          timers.push(
            setTimeout(() => {
              toast({
                title: 'Want to try again?',
                description: 'Click here to search for another match',
                variant: 'info',
                duration: TRY_AGAIN_NOTICE_MS,
                onClick: () => join(store.get(lastQueueAtom), store.get(lastSizeAtom)),
              });
            }, TRY_AGAIN_DELAY_MS),
          );
        }
      }),
      socket.on('GAME_CREATED', (m) => {
        setMatch(null);
        setQueue(IDLE);
        timers.push(setTimeout(() => navigate(PATHS.game(m.gameId)), NAVIGATE_DELAY_MS));
      }),
      socket.on('ERROR', (m) => {
        if (m.code === 'ALREADY_IN_GAME' || m.code === 'QUEUE_COOLDOWN') {
          toast({ title: 'Cannot join the queue', description: m.message ?? '', variant: 'warning' });
        }
      }),
    ];
    socket.send({ type: 'CHECK_QUEUE_STATUS' });
    return () => {
      for (const unsubscribe of off) unsubscribe();
      for (const timer of timers) clearTimeout(timer);
    };
  }, [userId, store, navigate, setQueue, setMatch, join]);
}

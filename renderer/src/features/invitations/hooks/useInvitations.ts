import { atom, useSetAtom, useStore } from 'jotai';
import { useEffect } from 'react';
import type { ServerMessageOf } from '@shared/protocol';
import { useLatestPath } from '../../../lib/latest-path';
import { PATHS } from '../../../lib/paths';
import { socket } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';

export type Invitation = ServerMessageOf<'GAME_INVITATION'>;

/** The private-game invitation waiting for an answer (a player has at most one at a time). */
export const invitationAtom = atom<Invitation | null>(null);

/**
 * Listens for private-game invitations over every screen (mounted once, in the layout): shows the
 * dialog for a new one and closes it, with a notice, when it is withdrawn or lapses. A challenger
 * whose friend declines is told here too, wherever they are.
 */
export function useInvitationEvents(userId: number | null) {
  const store = useStore();
  const setInvitation = useSetAtom(invitationAtom);
  // The table of a called-off game says so itself; a notice is for players elsewhere.
  const where = useLatestPath();

  useEffect(() => {
    if (userId === null) return;
    const off = [
      socket.on('GAME_INVITATION', (m) => setInvitation(m)),
      socket.on('GAME_INVITATION_CANCELLED', (m) => {
        const shown = store.get(invitationAtom);
        const mine = shown?.gameId === m.gameId ? shown : null;
        if (mine) setInvitation(null);
        if (m.by === userId || where.current === PATHS.game(m.gameId)) return;
        if (mine) {
          toast({
            title: 'Challenge called off',
            description:
              m.reason === 'expired'
                ? `The challenge from ${mine.from.username} has expired.`
                : `${mine.from.username} withdrew the challenge.`,
            variant: 'info',
          });
        } else if (m.reason === 'declined') {
          toast({
            title: 'Challenge declined',
            description: 'Your friend declined the game.',
            variant: 'warning',
          });
        } else if (m.reason === 'expired') {
          toast({
            title: 'Challenge expired',
            description: 'Your friend did not join in time.',
            variant: 'warning',
          });
        }
      }),
    ];
    return () => {
      for (const unsubscribe of off) unsubscribe();
    };
  }, [userId, store, setInvitation, where]);
}

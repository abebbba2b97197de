import { atom, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLatestPath } from '../../../lib/latest-path';
import { PATHS } from '../../../lib/paths';
import { socket } from '../../../lib/realtime';
import { toast } from '../../../lib/toast';

/** A tournament game the player was paired for and has not opened yet ("Your next game"). */
export interface NextTournamentGame {
  tournamentId: number;
  gameId: string;
}

export const nextTournamentGameAtom = atom<NextTournamentGame | null>(null);

/**
 * Arena tournaments' messages that matter wherever the player is (mounted once, in the layout):
 * a new pairing opens the table at once from the tournament's page, and anywhere else waits in
 * an in-app notice with Play; the five-minute warning is a notice that leads to the tournament.
 * See docs/design.md, "Arena tournaments". Kept to the socket and an atom: the layout is on the
 * first visit, the notice's own component loads only when a game is waiting.
 */
export function useTournamentEvents(userId: number | null) {
  const setNext = useSetAtom(nextTournamentGameAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useLatestPath();

  // The game's own table is where the notice leads: there it has done its work.
  useEffect(() => {
    setNext((next) => (next && pathname === PATHS.game(next.gameId) ? null : next));
  }, [pathname, setNext]);

  useEffect(() => {
    if (userId === null) return;
    const off = [
      socket.on('TOURNAMENT_GAME', ({ tournamentId, gameId }) => {
        if (where.current === PATHS.tournament(tournamentId)) {
          setNext(null);
          void navigate(PATHS.game(gameId));
        } else setNext({ tournamentId, gameId });
      }),
      socket.on('TOURNAMENT_STARTING', ({ tournamentId, name }) =>
        toast({
          title: `${name} starts in 5 minutes`,
          description: 'Tap to open the tournament.',
          variant: 'info',
          onClick: () => void navigate(PATHS.tournament(tournamentId)),
        }),
      ),
    ];
    return () => off.forEach((stop) => stop());
  }, [userId, navigate, setNext, where]);

  // Signed out: nothing waits for this device any more.
  useEffect(() => {
    if (userId === null) setNext(null);
  }, [userId, setNext]);
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClientMessage, TournamentDetail } from '@shared/protocol';
import { socket } from '../../../lib/realtime';
import { tournamentKeys } from '../api/tournaments';
import { applyStandings } from '../standings';

/**
 * Follows one tournament live while its page is open (docs/protocol.md, "Tournaments"): asks the
 * server with TOURNAMENT_WATCH (again after every reconnect, which the server forgets it over),
 * takes the standings from TOURNAMENT_STANDINGS into the page's data, and asks for the page again
 * when its status changes, when the player is paired, and when the player's own line shows a game
 * more (their games list changed). TOURNAMENT_UNWATCH on the way out.
 */
export function useTournamentLive(tournamentId: number, userId: number | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (userId === null || !Number.isInteger(tournamentId) || tournamentId <= 0) return;
    const key = tournamentKeys.detail(tournamentId);
    const refresh = () => void client.invalidateQueries({ queryKey: key });
    let watch: ClientMessage = { type: 'TOURNAMENT_WATCH', tournamentId };
    socket.send(watch);
    const off = [
      socket.on('TOURNAMENT_STANDINGS', (m) => {
        if (m.tournamentId !== tournamentId) return;
        const before = client.getQueryData<TournamentDetail>(key);
        client.setQueryData<TournamentDetail>(key, (detail) => applyStandings(detail, m));
        const gamesOf = (lines: TournamentDetail['standings'] | undefined) =>
          lines?.find((s) => s.userId === userId)?.games ?? 0;
        if (before && gamesOf(before.standings) !== gamesOf(m.standings)) refresh();
      }),
      socket.on('TOURNAMENT_STATUS', (m) => {
        if (m.tournamentId !== tournamentId) return;
        refresh();
        void client.invalidateQueries({ queryKey: ['tournaments', 'list'] });
      }),
      socket.on('TOURNAMENT_GAME', (m) => {
        if (m.tournamentId === tournamentId) refresh();
      }),
      // A new connection starts with no watch: ask again, and catch up on what was missed.
      socket.on('MESSAGING_AUTH_SUCCESS', () => {
        if (socket.holds(watch)) return;
        watch = { type: 'TOURNAMENT_WATCH', tournamentId };
        socket.send(watch);
        refresh();
      }),
    ];
    return () => {
      off.forEach((stop) => stop());
      // Never sent (still offline): nothing to undo on the server.
      if (!socket.unsend(watch)) socket.send({ type: 'TOURNAMENT_UNWATCH', tournamentId });
    };
  }, [tournamentId, userId, client]);
}

import type { ServerMessageOf, Standing, TournamentDetail } from '@shared/protocol';

export type StandingsMessage = ServerMessageOf<'TOURNAMENT_STANDINGS'>;

/**
 * A tournament's page after a live standings message: the new table and status when the message
 * is about this tournament, the page unchanged otherwise (docs/protocol.md, "Tournaments").
 */
export function applyStandings(
  detail: TournamentDetail | undefined,
  message: StandingsMessage,
): TournamentDetail | undefined {
  if (!detail || detail.id !== message.tournamentId) return detail;
  return { ...detail, status: message.status, standings: message.standings };
}

/** How a line of the standings reads its streak: 🔥 from two wins in a row, when the next win counts double. */
export function streakLabel(standing: Pick<Standing, 'streak'>): string | null {
  return standing.streak >= 2 ? `${standing.streak} in a row: next win ×2` : null;
}

/** The top three of the final standings, in the podium's order: 2nd, 1st, 3rd. */
export function podiumOrder(standings: readonly Standing[]): Standing[] {
  const top = [...standings].sort((a, b) => a.place - b.place).slice(0, 3);
  const [first, second, third] = top;
  return [second, first, third].filter((s): s is Standing => s !== undefined);
}

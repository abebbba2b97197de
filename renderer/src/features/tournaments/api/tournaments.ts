import { queryOptions } from '@tanstack/react-query';
import type { TournamentDetail, TournamentSummary } from '@shared/protocol';
import { ApiError, api } from '../../../lib/http';

/**
 * The players' tournament calls, one per route of `/api/tournaments` (docs/api.md, "Tournaments";
 * the contracts are `API.tournaments` in shared/protocol/tournaments.ts).
 */
export type TournamentList = 'upcoming' | 'live' | 'finished';

export const tournamentKeys = {
  all: ['tournaments'],
  list: (list: TournamentList) => ['tournaments', 'list', list],
  detail: (id: number) => ['tournaments', 'detail', id],
} as const;

/** How often an open list asks again: entrant counts and times left move while it is shown. */
const LIST_REFRESH_MS = 15_000;

export const tournamentListQueryOptions = (list: TournamentList) =>
  queryOptions({
    queryKey: tournamentKeys.list(list),
    queryFn: () =>
      api<{ tournaments: TournamentSummary[] }>(`/api/tournaments?list=${list}`).then((a) => a.tournaments),
    refetchInterval: LIST_REFRESH_MS,
  });

const withInvite = (invite: string | null) => (invite ? `?invite=${encodeURIComponent(invite)}` : '');

/** One tournament's page; an invite-only one is seen with its link's code. */
export const tournamentQueryOptions = (id: number, invite: string | null) =>
  queryOptions({
    queryKey: tournamentKeys.detail(id),
    queryFn: () => api<TournamentDetail>(`/api/tournaments/${id}${withInvite(invite)}`),
    // A missing tournament stays missing; asking again only delays saying so.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const joinTournament = (id: number, invite: string | null) =>
  api<TournamentDetail>(`/api/tournaments/${id}/join`, {
    method: 'POST',
    body: invite ? { invite } : {},
  });

export const withdrawFromTournament = (id: number) =>
  api<TournamentDetail>(`/api/tournaments/${id}/withdraw`, { method: 'POST' });

export const pauseInTournament = (id: number, paused: boolean) =>
  api<TournamentDetail>(`/api/tournaments/${id}/pause`, { method: 'POST', body: { paused } });

import { queryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { ApiError, call } from '../../../lib/http';

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
    queryFn: () => call(ROUTES.tournaments.list, { query: { list } }).then((answer) => answer.tournaments),
    refetchInterval: LIST_REFRESH_MS,
  });

/** One tournament's page; an invite-only one is seen with its link's code. */
export const tournamentQueryOptions = (id: number, invite: string | null) =>
  queryOptions({
    queryKey: tournamentKeys.detail(id),
    queryFn: () => call(ROUTES.tournaments.get, { params: { id }, query: invite ? { invite } : {} }),
    // A missing tournament stays missing; asking again only delays saying so.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export const joinTournament = (id: number, invite: string | null) =>
  call(ROUTES.tournaments.join, { params: { id }, body: invite ? { invite } : {} });

export const withdrawFromTournament = (id: number) => call(ROUTES.tournaments.withdraw, { params: { id } });

export const pauseInTournament = (id: number, paused: boolean) =>
  call(ROUTES.tournaments.pause, { params: { id }, body: { paused } });

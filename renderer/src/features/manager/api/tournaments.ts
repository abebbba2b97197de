import { queryOptions } from '@tanstack/react-query';
import type {
  CreateTournamentBody,
  TournamentDetail,
  TournamentSummary,
  UpdateTournamentBody,
} from '@shared/protocol';
import { api } from '../../../lib/http';

/**
 * The staff area's tournament calls, one per route of `/api/manager/tournaments` (docs/api.md,
 * "Tournaments"; the contracts are `API.managerTournaments` in shared/protocol/tournaments.ts).
 */
export type ManagerTournament = TournamentSummary & { inviteCode: string | null };

export const managerTournamentKeys = { list: ['manager', 'tournaments'] } as const;

export const managerTournamentsQueryOptions = queryOptions({
  queryKey: managerTournamentKeys.list,
  queryFn: () =>
    api<{ tournaments: ManagerTournament[] }>('/api/manager/tournaments').then((a) => a.tournaments),
});

export const createTournament = (body: CreateTournamentBody) =>
  api<TournamentDetail>('/api/manager/tournaments', { method: 'POST', body });

export const updateTournament = (id: number, body: UpdateTournamentBody) =>
  api<TournamentDetail>(`/api/manager/tournaments/${id}`, { method: 'PUT', body });

export const cancelTournament = (id: number) =>
  api<TournamentDetail>(`/api/manager/tournaments/${id}/cancel`, { method: 'POST' });

import { queryOptions } from '@tanstack/react-query';
import type { CreateTournamentBody, TournamentSummary, UpdateTournamentBody } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/**
 * The staff area's tournament calls, one per route of `/api/manager/tournaments` (docs/api.md,
 * "Tournaments"; the contracts are `API.managerTournaments` in shared/protocol/tournaments.ts).
 */
export type ManagerTournament = TournamentSummary & { inviteCode: string | null };

export const managerTournamentKeys = { list: ['manager', 'tournaments'] } as const;

export const managerTournamentsQueryOptions = queryOptions({
  queryKey: managerTournamentKeys.list,
  queryFn: () => call(ROUTES.managerTournaments.list).then((answer) => answer.tournaments),
});

export const createTournament = (body: CreateTournamentBody) =>
  call(ROUTES.managerTournaments.create, { body });

export const updateTournament = (id: number, body: UpdateTournamentBody) =>
  call(ROUTES.managerTournaments.update, { params: { id }, body });

export const cancelTournament = (id: number) => call(ROUTES.managerTournaments.cancel, { params: { id } });

import type { ServerMessageOf, TournamentStatus } from '@shared/protocol';
import { tournamentTopic } from '../../infra/bus';
import type { TournamentEvents, TournamentService } from './service';

/** How long changes to one tournament's standings are gathered into one push. */
const COALESCE_MS = 250;

export interface TournamentLiveDeps {
  tournaments: TournamentService;
  /** A message to every socket of a user, on any node (ConnectionRegistry.send). */
  send(userId: number, message: unknown): void;
  /** A message to every socket following a topic, on any node (ConnectionRegistry.publish). */
  publish(topic: string, message: unknown): void;
  log: { warn(details: object, message: string): void };
}

/**
 * The live side of tournaments over /ws (docs/protocol.md, "Tournaments"): TOURNAMENT_STANDINGS to
 * every entrant and to the sockets that follow the tournament, at most one push per tournament
 * every COALESCE_MS however many changes there were; TOURNAMENT_STATUS on start, finish and
 * cancel. Messages travel the bus, so they reach sockets on every node.
 */
export class TournamentLive implements TournamentEvents {
  private readonly pending = new Map<number, NodeJS.Timeout>();

  constructor(private readonly deps: TournamentLiveDeps) {}

  standingsChanged(tournamentId: number): void {
    if (this.pending.has(tournamentId)) return;
    const timer = setTimeout(() => {
      this.pending.delete(tournamentId);
      this.pushStandings(tournamentId).catch((error: unknown) =>
        this.deps.log.warn({ err: error, tournamentId }, 'tournament standings push failed'),
      );
    }, COALESCE_MS);
    timer.unref();
    this.pending.set(tournamentId, timer);
  }

  statusChanged(tournamentId: number, status: TournamentStatus): void {
    this.broadcast(tournamentId, { type: 'TOURNAMENT_STATUS', tournamentId, status })
      .then(() => this.pushStandings(tournamentId))
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, tournamentId }, 'tournament status push failed'),
      );
  }

  /** The current standings frame; null when the tournament does not exist. */
  async standingsFrame(tournamentId: number): Promise<ServerMessageOf<'TOURNAMENT_STANDINGS'> | null> {
    const { tournaments } = this.deps;
    const row = await tournaments.row(tournamentId);
    if (!row) return null;
    const { standings } = await tournaments.standings(row);
    return { type: 'TOURNAMENT_STANDINGS', tournamentId, status: row.status, standings };
  }

  /**
   * TOURNAMENT_WATCH: the standings of a public tournament, or an invite-only one the user entered;
   * null otherwise (the socket is told it cannot follow it).
   */
  async standingsFor(
    userId: number,
    tournamentId: number,
  ): Promise<ServerMessageOf<'TOURNAMENT_STANDINGS'> | null> {
    const row = await this.deps.tournaments.row(tournamentId);
    if (!row) return null;
    if (row.visibility === 'invite' && !(await this.deps.tournaments.isEntrant(tournamentId, userId)))
      return null;
    return this.standingsFrame(tournamentId);
  }

  async pushStandings(tournamentId: number): Promise<void> {
    const frame = await this.standingsFrame(tournamentId);
    if (frame) await this.broadcast(tournamentId, frame);
  }

  private async broadcast(tournamentId: number, frame: object): Promise<void> {
    this.deps.publish(tournamentTopic(tournamentId), frame);
    for (const userId of await this.deps.tournaments.entrantIds(tournamentId)) this.deps.send(userId, frame);
  }

  stop(): void {
    for (const timer of this.pending.values()) clearTimeout(timer);
    this.pending.clear();
  }
}

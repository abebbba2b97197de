/**
 * An arena tournament's own rules, without I/O: how finished games score and who plays whom next.
 * Standings are always derived from the stored games (a restart loses nothing), and pairing is a
 * pure function of the waiting pool. See docs/design.md, "Arena tournaments".
 */

/** Points for a game won; a third win in a row and every win after it count double. */
export const ARENA_WIN_POINTS = 2;
/** Wins in a row after which every further win counts double. */
export const ARENA_STREAK_FROM = 2;

/** One finished game of the tournament as one entrant played it, in the order they finished. */
export interface ArenaResult {
  userId: number;
  won: boolean;
}

export interface ArenaStanding {
  userId: number;
  score: number;
  games: number;
  wins: number;
  /** Wins in a row at the end of the entrant's last game: at ARENA_STREAK_FROM or more, the next win counts double. */
  streak: number;
}

/**
 * Each entrant's score from their games in the order they finished: 2 per win, 0 per loss (a
 * Spar game always has one winner, so there is no draw), and a win after ARENA_STREAK_FROM wins in
 * a row counts double. `entrants` appear even without a game yet.
 */
export function arenaStandings(
  entrants: readonly number[],
  results: readonly ArenaResult[],
): Map<number, ArenaStanding> {
  const standings = new Map<number, ArenaStanding>();
  const of = (userId: number): ArenaStanding => {
    let standing = standings.get(userId);
    if (!standing) {
      standing = { userId, score: 0, games: 0, wins: 0, streak: 0 };
      standings.set(userId, standing);
    }
    return standing;
  };
  for (const userId of entrants) of(userId);
  for (const { userId, won } of results) {
    const standing = of(userId);
    standing.games++;
    if (won) {
      standing.score += ARENA_WIN_POINTS * (standing.streak >= ARENA_STREAK_FROM ? 2 : 1);
      standing.wins++;
      standing.streak++;
    } else {
      standing.streak = 0;
    }
  }
  return standings;
}

/**
 * The final order: score, then wins, then fewer games (the same score in fewer games), then the
 * user id, so that two entrants are never tied and the prizes go to one player per place.
 */
export function rankStandings(standings: Iterable<ArenaStanding>): ArenaStanding[] {
  return [...standings].sort(
    (a, b) => b.score - a.score || b.wins - a.wins || a.games - b.games || a.userId - b.userId,
  );
}

/** An entrant waiting in the pool for their next game. */
export interface ArenaWaiting {
  userId: number;
  score: number;
  rating: number;
  /** Whom they sat with at their last game of this tournament (none before their first). */
  lastTable: readonly number[];
  /** Users they have blocked or been blocked by: never at one table. */
  blocked: ReadonlySet<number>;
}

/**
 * Tables of `seats` from the waiting pool, best score first (then rating): each table is filled
 * from the top with the next entrants who may sit with everyone already there, which means
 * neither a blocked pair nor the same table as the last game again. Whoever cannot be seated now
 * waits for the next pairing (more entrants finish their games meanwhile). Runs in
 * O(pool × seats × window) comparisons, so a pool of thousands pairs in milliseconds.
 */
export function pairArena(pool: readonly ArenaWaiting[], seats: number): number[][] {
  if (!Number.isInteger(seats) || seats < 2) throw new Error(`seats must be 2 or more, not ${seats}`);
  const order = [...pool].sort((a, b) => b.score - a.score || b.rating - a.rating || a.userId - b.userId);
  const seated = new Set<number>();
  const tables: number[][] = [];
  // How far past the first free entrant a table looks for compatible players: close in score,
  // and bounded so a pool of thousands stays linear.
  const window = Math.max(seats * 8, 16);
  for (let first = 0; first < order.length; first++) {
    const head = order[first]!;
    if (seated.has(head.userId)) continue;
    const table: ArenaWaiting[] = [head];
    for (
      let next = first + 1;
      next < order.length && next <= first + window && table.length < seats;
      next++
    ) {
      const candidate = order[next]!;
      if (seated.has(candidate.userId)) continue;
      if (table.every((sitting) => mayMeet(sitting, candidate))) table.push(candidate);
    }
    if (table.length < seats) continue;
    for (const player of table) seated.add(player.userId);
    tables.push(table.map((player) => player.userId));
  }
  return tables;
}

/** Two entrants may share a table: no block either way, and not the table they just left together. */
function mayMeet(a: ArenaWaiting, b: ArenaWaiting): boolean {
  if (a.blocked.has(b.userId) || b.blocked.has(a.userId)) return false;
  return !(a.lastTable.includes(b.userId) || b.lastTable.includes(a.userId));
}

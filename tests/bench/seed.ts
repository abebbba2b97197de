/**
 * Benchmark fixtures written straight into a SQLite data folder before a server opens it: users
 * with sessions (their bearer tokens returned) and two-player quick games between consecutive
 * users, active from seq 0.
 */
import { newGame, type GameState } from '@shared/game';
import { openDb } from '../../server/src/db';
import { hashToken, newToken } from '../../server/src/modules/auth/crypto';
import { insertSession, insertUser } from '../../server/src/modules/auth/repo';
import { SqlGameStore } from '../../server/src/modules/storage/store';
import type { RoomPlayer, RoomSnapshot } from '../../server/src/rooms/types';

/** The seed the `g`th seeded game was dealt from: replaying its plays on it gives its states. */
export const gameSeed = (g: number) => `bench-${g}`;

export interface Seeded {
  tokens: string[];
  games: string[];
}

/** Users with sessions, and two-player quick games between consecutive users, straight into the database. */
export async function seed(
  dataDir: string,
  players: number,
  idle: number,
  /** The first games end at 10 points; the others run to 1000, so none ends while it is measured. */
  shortGames = 0,
): Promise<Seeded & { idleTokens: string[] }> {
  const db = await openDb({ dataDir });
  const now = Date.now();
  const tokens: string[] = [];
  const idleTokens: string[] = [];
  const games: string[] = [];
  // One transaction for all the accounts: seeding thousands of them one commit each takes minutes.
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < players + idle; i++) {
      const user = await insertUser(trx, {
        username: `bench_${i}`,
        email: null,
        passwordHash: null,
        googleSub: null,
        isVerified: false,
        now,
      });
      const token = newToken();
      await insertSession(trx, {
        userId: user.id,
        tokenHash: hashToken(token),
        now,
        expiresAt: now + 86_400_000,
        userAgent: null,
        ip: null,
      });
      (i < players ? tokens : idleTokens).push(token);
    }
  });
  for (let g = 0; g < players / 2; g++) {
    const id = `bench${g}`;
    // Round-trip games end normally; capacity games run to a far target so none ends mid-step.
    const state = newGame({ players: 2, seed: gameSeed(g), targetScore: g < shortGames ? 10 : 1000 });
    const busy = await new SqlGameStore(db).insertGame({
      snapshot: activeGame(
        id,
        'quick',
        [0, 1].map((seat) => ({
          seat,
          userId: g * 2 + seat + 1,
          username: `bench_${g * 2 + seat}`,
          botLevel: null,
          avatarUrl: null,
        })),
        state,
      ),
      seed: gameSeed(g),
      now,
    });
    if (busy.length > 0) throw new Error(`bench seed: users ${busy.join(', ')} already play`);
    games.push(id);
  }
  await db.close();
  return { tokens, games, idleTokens };
}

/** A game running from its deal (seq 0), as a room's snapshot. */
export function activeGame(
  id: string,
  mode: RoomSnapshot['mode'],
  players: RoomPlayer[],
  state: GameState,
): RoomSnapshot {
  return {
    id,
    mode,
    players,
    state,
    seq: 0,
    turnDeadline: null,
    expiries: players.map(() => 0),
    status: 'active',
    winnerUserId: null,
    reason: null,
    invite: null,
    tournamentId: null,
  };
}

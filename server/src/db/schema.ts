import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Times are integer epoch milliseconds; flags are 0/1 integers, so
 * one query code serves SQLite and PostgreSQL alike.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
  /** The name folded by shared/usernames.ts `usernameKey`; unique, so look-alike names cannot coexist. */
  username_key: string;
  email: string | null;
  email_lower: string | null;
  password_hash: string | null;
  google_sub: string | null;
  is_verified: number;
  role: 'user' | 'manager' | 'admin';
  marked_for_delete_at: number | null;
  deleted_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  last_used_at: number;
  expires_at: number;
  revoked_at: number | null;
  user_agent: string | null;
  ip: string | null;
}

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  purpose: 'verify_email';
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** One row per (token, user): a device passed between accounts keeps a row for each. */
export interface DeviceTokensTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  platform: string;
  device_name: string | null;
  is_active: number;
  created_at: number;
  updated_at: number;
}

export interface GamesTable {
  id: string;
  mode: 'ranked' | 'quick' | 'private' | 'practice';
  status: 'active' | 'finished';
  /** Secret while the game runs: it determines every future deal. */
  seed: string;
  player_count: number;
  target_score: number;
  /** The engine's GameState as JSON, written after every play. */
  state: string;
  seq: number;
  turn_deadline: number | null;
  /** JSON array: consecutive turn-timer expiries per seat. */
  expiries: string;
  winner_user_id: number | null;
  reason: 'score' | 'resign' | 'timeout' | 'abandon' | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

export interface GamePlayersTable {
  game_id: string;
  seat: number;
  /** Null for a bot. */
  user_id: number | null;
  username: string;
  bot_level: 'easy' | 'medium' | 'hard' | null;
  rating_before: number | null;
  rating_after: number | null;
}

export interface MovesTable {
  id: Generated<number>;
  game_id: string;
  seq: number;
  seat: number;
  card: string;
  auto: number;
  created_at: number;
}

export interface RatingsTable {
  user_id: number;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  wins: number;
  updated_at: number;
}

export interface Database {
  games: GamesTable;
  game_players: GamePlayersTable;
  moves: MovesTable;
  ratings: RatingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  device_tokens: DeviceTokensTable;
}

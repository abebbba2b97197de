import type { Generated } from 'kysely';
import type { BotLevel } from '@shared/game';
import type { FinishReason, GameMode, GameStatus } from '@shared/protocol';

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
  mode: GameMode;
  status: GameStatus;
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
  reason: FinishReason | null;
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
  bot_level: BotLevel | null;
  rating_before: number | null;
  rating_after: number | null;
}

/**
 * Who is playing which active game, one row per human player: the primary key makes "at most one
 * active game per user" a database guarantee. Written in the transaction that inserts the game,
 * deleted in the one that finishes it. See docs/design.md, "Game storage".
 */
export interface ActivePlayersTable {
  user_id: number;
  game_id: string;
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
  active_players: ActivePlayersTable;
  moves: MovesTable;
  ratings: RatingsTable;
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  device_tokens: DeviceTokensTable;
}

import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Times are integer epoch milliseconds; flags are 0/1 integers, so
 * one query code serves SQLite and PostgreSQL alike.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_lower: string;
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

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  device_tokens: DeviceTokensTable;
}

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
  /** Coins. Never below 0 (database CHECK); changed only together with a ledger row. */
  currency: Generated<number>;
  /** Gems. Same rules as coins. */
  premium_currency: Generated<number>;
  /** The avatar shop item the player chose (one they bought); null shows their initials. */
  avatar_item_id: number | null;
  /** The active sound pack (a sound_pack shop item the user bought), or null for the standard sounds. */
  sound_pack_item_id: number | null;
  /** 'public' (default): findable and can be asked to be friends; 'private': neither. */
  profile_visibility: Generated<'public' | 'private'>;
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

export type EmailTokenPurpose = 'verify_email' | 'change_email' | 'reset_password';

export interface EmailTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /**
   * verify_email: confirms the account's address; change_email: verifies a new address and then
   * makes it the account's; reset_password: sets a new password. See docs/design.md,
   * "Account recovery and settings".
   */
  purpose: EmailTokenPurpose;
  /** The address the link was sent to. */
  email: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/**
 * A Google sign-in in progress (see docs/design.md, "Google sign-in"): the state sent to Google,
 * stored hashed, with what the callback needs to finish it. Single use, short-lived.
 */
export interface OAuthStatesTable {
  id: Generated<number>;
  state_hash: string;
  /** Echoed in Google's ID token, binding the token to this sign-in. */
  nonce: string;
  /** Our PKCE verifier for the code exchange with Google; never leaves the server. */
  google_verifier: string;
  platform: 'web' | 'native';
  /** The app's PKCE challenge (S256): only the holder of its verifier may redeem the app code. */
  app_challenge: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A one-time app code: who Google said signed in, redeemable once by the app's PKCE verifier. */
export interface OAuthCodesTable {
  id: Generated<number>;
  code_hash: string;
  app_challenge: string;
  google_sub: string;
  email: string | null;
  email_verified: number;
  name: string | null;
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
  /**
   * The engine's GameState as JSON at `seq`: a snapshot written at the start of each hand and
   * when the game ends. Moves with a higher seq replay on it (see docs/design.md, "Game storage").
   */
  state: string;
  seq: number;
  /** The turn deadline and expiries as of `seq`; a later move row carries newer ones. */
  turn_deadline: number | null;
  /** JSON array: consecutive turn-timer expiries per seat. */
  expiries: string;
  winner_user_id: number | null;
  reason: FinishReason | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
  /** Private games: the invited friend and when the invitation lapses (see 0013_private_games). */
  invited_user_id: number | null;
  invite_expires_at: number | null;
  /** The arena tournament this game belongs to (0021_tournaments), else null. */
  tournament_id: number | null;
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

/** Keyed by (game_id, seq) (0018_moves_keyed_by_game; on SQLite a WITHOUT ROWID table). */
export interface MovesTable {
  game_id: string;
  seq: number;
  seat: number;
  card: string;
  auto: number;
  created_at: number;
  /** The turn deadline after this move (0016_move_log; null on older rows and for bots' turns). */
  turn_deadline: number | null;
  /** JSON array of the expiry counts after this move; null only on rows older than 0016_move_log. */
  expiries: string | null;
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

export type CurrencyType = 'regular' | 'premium';

export interface LedgerEntriesTable {
  id: Generated<number>;
  user_id: number;
  currency_type: CurrencyType;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string;
  description: string;
  created_at: number;
}

export interface ShopItemsTable {
  id: Generated<number>;
  sku: string;
  kind: 'coin_pack' | 'gem_pack' | 'deck' | 'avatar' | 'sound_pack';
  name: string;
  description: string;
  image_url: string;
  price: number | null;
  currency_type: CurrencyType | null;
  money_price: number | null;
  money_currency: string | null;
  grant_amount: number | null;
  grant_currency_type: CurrencyType | null;
  asset_url: string | null;
  sort_order: Generated<number>;
  is_active: Generated<number>;
  created_at: number;
  /** When staff last edited the item; the start-up catalogue seed leaves edited items alone. */
  edited_at: number | null;
}

export interface PurchasesTable {
  id: Generated<number>;
  user_id: number;
  shop_item_id: number;
  price: number;
  currency_type: CurrencyType;
  purchase_date: number;
  expiry_date: number | null;
  is_active: Generated<number>;
}

export interface PaymentsTable {
  id: Generated<number>;
  reference: string;
  user_id: number;
  shop_item_id: number;
  provider: string;
  amount: number;
  money_currency: string;
  grant_amount: number;
  grant_currency_type: CurrencyType;
  status: 'pending' | 'completed' | 'failed';
  authorization_url: string | null;
  failure_reason: string | null;
  created_at: number;
  updated_at: number;
  completed_at: number | null;
}

export interface DailyRewardsTable {
  id: Generated<number>;
  day: number;
  amount: number;
  currency_type: CurrencyType;
  description: string;
  image_url: string | null;
  is_active: Generated<number>;
  bonus_item_id: number | null;
  created_at: number;
  updated_at: number;
}

export interface DailyClaimsTable {
  id: Generated<number>;
  user_id: number;
  /** The UTC day claimed, YYYY-MM-DD. */
  claim_date: string;
  day: number;
  streak: number;
  created_at: number;
}

export interface GameRewardsTable {
  game_id: string;
  user_id: number;
  amount: number;
  currency_type: CurrencyType;
  outcome: 'win' | 'loss';
  created_at: number;
  claimed_at: number | null;
}

export interface AchievementClaimsTable {
  user_id: number;
  achievement_id: string;
  amount: number;
  currency_type: CurrencyType;
  claimed_at: number;
}

/** A deck of the catalogue; id -1 is the system default deck, owned by everyone. */
export interface DecksTable {
  id: Generated<number>;
  /** The art folder (shared/decks.ts), unique: the seed matches rows by it. */
  folder: string;
  name: string;
  deck_type: 'classic' | 'fantasy' | 'nature' | 'pixel' | 'royal';
  membership: 'free' | 'premium' | 'exclusive';
  price: number;
  currency_type: CurrencyType;
  is_tradeable: number;
  deck_url: string;
  sort_order: Generated<number>;
  created_at: number;
}

export interface UserDecksTable {
  id: Generated<number>;
  user_id: number;
  deck_id: number;
  is_default: Generated<number>;
  acquired_at: number;
}

/** The staff audit log (`GET /api/manager/audit`). */
export interface StaffActionsTable {
  id: Generated<number>;
  staff_user_id: number | null;
  /** What was done, e.g. daily_reward.create, shop_item.update, user.adjust, image.upload. */
  action: string;
  target_type: string;
  target_id: string | null;
  /** JSON: what changed. */
  details: string;
  created_at: number;
}

/** One row per pair of players (see modules/social/relations.ts). */
export interface FriendshipsTable {
  id: Generated<number>;
  /** `${lower id}:${higher id}`, unique. */
  pair_key: string;
  /** Who asked. */
  user_id: number;
  /** Who was asked. */
  friend_id: number;
  status: 'pending' | 'accepted' | 'blocked';
  /** Who blocked, when status is 'blocked'; only they can unblock. */
  blocked_by: number | null;
  created_at: number;
  updated_at: number;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  /** The friendships key of the two players. */
  pair_key: string;
  sender_id: number;
  recipient_id: number;
  /** The sender's id for this message; unique per sender (de-duplication). */
  client_id: string;
  /** Trimmed, 1 to 1000 code points; plain text. */
  body: string;
  created_at: number;
}

export interface ChatReadsTable {
  user_id: number;
  friend_id: number;
  /** The newest message of the conversation the user has read. */
  last_read_id: number;
  updated_at: number;
}

/** An arena tournament (0021_tournaments; docs/design.md, "Arena tournaments"). */
export interface TournamentsTable {
  id: Generated<number>;
  name: string;
  description: string;
  banner_url: string | null;
  starts_at: number;
  duration_minutes: number;
  seats: number;
  target_score: number;
  /** Null with fee_amount null: a free tournament. */
  fee_currency: CurrencyType | null;
  fee_amount: number | null;
  /** JSON array of prizes by place (shared/protocol/tournaments.ts `Prize`). */
  prizes: string;
  rating_min: number | null;
  rating_max: number | null;
  player_cap: number | null;
  visibility: 'public' | 'invite';
  /** Set on invite-only tournaments: the code of the invitation link. */
  invite_code: string | null;
  status: 'scheduled' | 'running' | 'finished' | 'cancelled';
  /** How many entrant rows there are; the guarded increment holds the player cap. */
  entrant_count: Generated<number>;
  created_by: number | null;
  created_at: number;
  updated_at: number;
  /** When the five-minute notice went out (sent once). */
  notified_at: number | null;
  started_at: number | null;
  /** Fixed at the start: no new game is paired from then on. */
  ends_at: number | null;
  finished_at: number | null;
  /** The node whose runner holds the tournament, until lease_until (see runner.ts). */
  owner_node: string | null;
  lease_until: number | null;
}

/** One entrant; withdrawing deletes the row. */
export interface TournamentEntrantsTable {
  id: Generated<number>;
  tournament_id: number;
  user_id: number;
  /** 1: out of the pool by choice. */
  paused: Generated<number>;
  /** What the entrant paid (refunded exactly on withdrawal or cancellation); null when free. */
  fee_currency: CurrencyType | null;
  fee_amount: number | null;
  joined_at: number;
}

/** A paid place: its primary key (tournament, place) makes paying it twice impossible. */
export interface TournamentPayoutsTable {
  tournament_id: number;
  place: number;
  user_id: number;
  coins: number;
  gems: number;
  shop_item_id: number | null;
  paid_at: number;
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
  ledger_entries: LedgerEntriesTable;
  shop_items: ShopItemsTable;
  purchases: PurchasesTable;
  payments: PaymentsTable;
  daily_rewards: DailyRewardsTable;
  daily_claims: DailyClaimsTable;
  game_rewards: GameRewardsTable;
  achievement_claims: AchievementClaimsTable;
  decks: DecksTable;
  user_decks: UserDecksTable;
  staff_actions: StaffActionsTable;
  friendships: FriendshipsTable;
  chat_messages: ChatMessagesTable;
  chat_reads: ChatReadsTable;
  oauth_states: OAuthStatesTable;
  oauth_codes: OAuthCodesTable;
  tournaments: TournamentsTable;
  tournament_entrants: TournamentEntrantsTable;
  tournament_payouts: TournamentPayoutsTable;
}

import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationProvider,
  sql,
} from 'kysely';
import { usernameKey } from '@shared/usernames';
import type { DialectName } from '../dialect';

/**
 * Every schema change, in order. Written with Kysely's schema builder so both dialects run the
 * same migrations; the only difference is how an auto-increment key and a 64-bit time are spelled.
 */
function migrations(dialect: DialectName): Record<string, Migration> {
  const id = dialect === 'postgres' ? 'bigserial' : 'integer';
  const time = dialect === 'postgres' ? 'bigint' : 'integer';
  const ref = time;
  const primaryId = (col: ColumnDefinitionBuilder) =>
    dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement();

  const float = dialect === 'postgres' ? 'double precision' : 'real';

  return {
    '0001_accounts': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('users')
          .addColumn('id', id, primaryId)
          .addColumn('username', 'text', (col) => col.notNull())
          .addColumn('username_lower', 'text', (col) => col.notNull().unique())
          .addColumn('email', 'text')
          .addColumn('email_lower', 'text', (col) => col.unique())
          .addColumn('password_hash', 'text')
          .addColumn('google_sub', 'text', (col) => col.unique())
          .addColumn('is_verified', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
          .addColumn('marked_for_delete_at', time)
          .addColumn('deleted_at', time)
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('updated_at', time, (col) => col.notNull())
          .execute();

        await db.schema
          .createTable('sessions')
          .addColumn('id', id, primaryId)
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (col) => col.notNull().unique())
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('last_used_at', time, (col) => col.notNull())
          .addColumn('expires_at', time, (col) => col.notNull())
          .addColumn('revoked_at', time)
          .addColumn('user_agent', 'text')
          .addColumn('ip', 'text')
          .execute();
        await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

        await db.schema
          .createTable('email_tokens')
          .addColumn('id', id, primaryId)
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (col) => col.notNull().unique())
          .addColumn('purpose', 'text', (col) => col.notNull())
          .addColumn('email', 'text', (col) => col.notNull())
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('expires_at', time, (col) => col.notNull())
          .addColumn('used_at', time)
          .execute();
        await db.schema.createIndex('email_tokens_user_id').on('email_tokens').column('user_id').execute();

        await db.schema
          .createTable('device_tokens')
          .addColumn('id', id, primaryId)
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('token', 'text', (col) => col.notNull().unique())
          .addColumn('platform', 'text', (col) => col.notNull())
          .addColumn('device_name', 'text')
          .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('updated_at', time, (col) => col.notNull())
          .execute();
        await db.schema.createIndex('device_tokens_user_id').on('device_tokens').column('user_id').execute();
      },
    },
    '0002_games': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('games')
          .addColumn('id', 'text', (col) => col.primaryKey())
          .addColumn('mode', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('seed', 'text', (col) => col.notNull())
          .addColumn('player_count', 'integer', (col) => col.notNull())
          .addColumn('target_score', 'integer', (col) => col.notNull())
          .addColumn('state', 'text', (col) => col.notNull())
          .addColumn('seq', 'integer', (col) => col.notNull())
          .addColumn('turn_deadline', time)
          .addColumn('expiries', 'text', (col) => col.notNull())
          .addColumn('winner_user_id', ref)
          .addColumn('reason', 'text')
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('updated_at', time, (col) => col.notNull())
          .addColumn('finished_at', time)
          .execute();
        await db.schema.createIndex('games_status').on('games').columns(['status', 'created_at']).execute();

        await db.schema
          .createTable('game_players')
          .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
          .addColumn('seat', 'integer', (col) => col.notNull())
          .addColumn('user_id', ref, (col) => col.references('users.id'))
          .addColumn('username', 'text', (col) => col.notNull())
          .addColumn('bot_level', 'text')
          .addColumn('rating_before', float)
          .addColumn('rating_after', float)
          .addPrimaryKeyConstraint('game_players_pk', ['game_id', 'seat'])
          .execute();
        await db.schema.createIndex('game_players_user').on('game_players').column('user_id').execute();

        await db.schema
          .createTable('moves')
          .addColumn('id', id, primaryId)
          .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
          .addColumn('seq', 'integer', (col) => col.notNull())
          .addColumn('seat', 'integer', (col) => col.notNull())
          .addColumn('card', 'text', (col) => col.notNull())
          .addColumn('auto', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('created_at', time, (col) => col.notNull())
          .addUniqueConstraint('moves_game_seq', ['game_id', 'seq'])
          .execute();

        await db.schema
          .createTable('ratings')
          .addColumn('user_id', ref, (col) => col.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('rating', float, (col) => col.notNull())
          .addColumn('rd', float, (col) => col.notNull())
          .addColumn('volatility', float, (col) => col.notNull())
          .addColumn('games', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('wins', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('updated_at', time, (col) => col.notNull())
          .execute();
        await db.schema.createIndex('ratings_rating').on('ratings').column('rating').execute();
      },
    },
    '0003_account_names_devices': {
      async up(db: Kysely<unknown>) {
        // Look-alike names ("bob" and "b0b") share a key, and the key is unique. Existing accounts
        // keep their names: the later of two look-alikes gets its key made unique with its id ('#'
        // never appears in a chosen name), so neither can be copied again. Anonymised accounts
        // keep their `deleted-<id>` name as the key, as anonymiseUser writes it.
        await db.schema
          .alterTable('users')
          .addColumn('username_key', 'text', (col) => col.notNull().defaultTo(''))
          .execute();
        const users = await sql<{ id: number; username: string; deleted_at: number | null }>`
          select id, username, deleted_at from users order by id`.execute(db);
        const seen = new Set<string>();
        for (const user of users.rows) {
          let key = user.deleted_at === null ? usernameKey(user.username) : user.username;
          if (seen.has(key)) key = `${key}#${user.id}`;
          seen.add(key);
          await sql`update users set username_key = ${key} where id = ${user.id}`.execute(db);
        }
        await db.schema
          .createIndex('users_username_key')
          .on('users')
          .column('username_key')
          .unique()
          .execute();

        // A device token is unique per (token, user), no longer per token: registering someone
        // else's token adds a row instead of taking theirs over. SQLite cannot drop a column's
        // UNIQUE, so there the table is rebuilt.
        if (dialect === 'postgres') {
          await db.schema.alterTable('device_tokens').dropConstraint('device_tokens_token_key').execute();
          await db.schema
            .alterTable('device_tokens')
            .addUniqueConstraint('device_tokens_token_user', ['token', 'user_id'])
            .execute();
        } else {
          await db.schema
            .createTable('device_tokens_next')
            .addColumn('id', id, primaryId)
            .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
            .addColumn('token', 'text', (col) => col.notNull())
            .addColumn('platform', 'text', (col) => col.notNull())
            .addColumn('device_name', 'text')
            .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
            .addColumn('created_at', time, (col) => col.notNull())
            .addColumn('updated_at', time, (col) => col.notNull())
            .addUniqueConstraint('device_tokens_token_user', ['token', 'user_id'])
            .execute();
          await sql`insert into device_tokens_next
            (id, user_id, token, platform, device_name, is_active, created_at, updated_at)
            select id, user_id, token, platform, device_name, is_active, created_at, updated_at
            from device_tokens`.execute(db);
          await db.schema.dropTable('device_tokens').execute();
          await db.schema.alterTable('device_tokens_next').renameTo('device_tokens').execute();
          await db.schema
            .createIndex('device_tokens_user_id')
            .on('device_tokens')
            .column('user_id')
            .execute();
        }
      },
    },
    '0004_one_active_game': {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('active_players')
          .addColumn('user_id', ref, (col) => col.primaryKey().references('users.id').onDelete('cascade'))
          .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
          .execute();
        await db.schema.createIndex('active_players_game').on('active_players').column('game_id').execute();
        await claimActivePlayers(db);
      },
    },
    '0005_economy': {
      async up(db: Kysely<unknown>) {
        // Balances live on the user row so a debit is one guarded UPDATE; the CHECKs are the
        // database's own promise that no bug can take a balance below zero.
        await db.schema
          .alterTable('users')
          .addColumn('currency', 'integer', (col) =>
            col
              .notNull()
              .defaultTo(0)
              .check(sql`currency >= 0`),
          )
          .execute();
        await db.schema
          .alterTable('users')
          .addColumn('premium_currency', 'integer', (col) =>
            col
              .notNull()
              .defaultTo(0)
              .check(sql`premium_currency >= 0`),
          )
          .execute();

        // Append-only: one row per change of a balance, written in the same transaction. The
        // unique (reason, reference, user) makes every credit idempotent.
        await db.schema
          .createTable('ledger_entries')
          .addColumn('id', id, primaryId)
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('currency_type', 'text', (col) => col.notNull())
          .addColumn('delta', 'integer', (col) => col.notNull())
          .addColumn('balance_after', 'integer', (col) => col.notNull().check(sql`balance_after >= 0`))
          .addColumn('reason', 'text', (col) => col.notNull())
          .addColumn('reference', 'text', (col) => col.notNull())
          .addColumn('description', 'text', (col) => col.notNull())
          .addColumn('created_at', time, (col) => col.notNull())
          .addUniqueConstraint('ledger_entries_once', ['reason', 'reference', 'user_id'])
          .execute();
        await db.schema
          .createIndex('ledger_entries_user')
          .on('ledger_entries')
          .columns(['user_id', 'id'])
          .execute();

        await db.schema
          .createTable('shop_items')
          .addColumn('id', id, primaryId)
          .addColumn('sku', 'text', (col) => col.notNull().unique())
          .addColumn('kind', 'text', (col) => col.notNull())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('description', 'text', (col) => col.notNull())
          .addColumn('image_url', 'text', (col) => col.notNull())
          // Priced in coins or gems (avatars, sound packs, decks)…
          .addColumn('price', 'integer', (col) => col.check(sql`price >= 0`))
          .addColumn('currency_type', 'text')
          // …or in real money, in the minor unit (packs); `grant_*` is what a pack credits.
          .addColumn('money_price', 'integer', (col) => col.check(sql`money_price > 0`))
          .addColumn('money_currency', 'text')
          .addColumn('grant_amount', 'integer')
          .addColumn('grant_currency_type', 'text')
          .addColumn('asset_url', 'text')
          .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
          .addColumn('created_at', time, (col) => col.notNull())
          .execute();

        await db.schema
          .createTable('purchases')
          .addColumn('id', id, primaryId)
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('shop_item_id', ref, (col) => col.notNull().references('shop_items.id'))
          .addColumn('price', 'integer', (col) => col.notNull())
          .addColumn('currency_type', 'text', (col) => col.notNull())
          .addColumn('purchase_date', time, (col) => col.notNull())
          .addColumn('expiry_date', time)
          .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
          .addUniqueConstraint('purchases_once', ['user_id', 'shop_item_id'])
          .execute();

        await db.schema
          .createTable('payments')
          .addColumn('id', id, primaryId)
          .addColumn('reference', 'text', (col) => col.notNull().unique())
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('shop_item_id', ref, (col) => col.notNull().references('shop_items.id'))
          .addColumn('provider', 'text', (col) => col.notNull())
          .addColumn('amount', 'integer', (col) => col.notNull())
          .addColumn('money_currency', 'text', (col) => col.notNull())
          .addColumn('grant_amount', 'integer', (col) => col.notNull())
          .addColumn('grant_currency_type', 'text', (col) => col.notNull())
          .addColumn('status', 'text', (col) => col.notNull())
          .addColumn('authorization_url', 'text')
          .addColumn('failure_reason', 'text')
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('updated_at', time, (col) => col.notNull())
          .addColumn('completed_at', time)
          .execute();
        await db.schema
          .createIndex('payments_user_status')
          .on('payments')
          .columns(['user_id', 'status'])
          .execute();

        await db.schema
          .createTable('daily_rewards')
          .addColumn('id', id, primaryId)
          .addColumn('day', 'integer', (col) => col.notNull().check(sql`day >= 1`))
          .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 1`))
          .addColumn('currency_type', 'text', (col) => col.notNull())
          .addColumn('description', 'text', (col) => col.notNull())
          .addColumn('image_url', 'text')
          .addColumn('is_active', 'integer', (col) => col.notNull().defaultTo(1))
          .addColumn('bonus_item_id', ref, (col) => col.references('shop_items.id').onDelete('set null'))
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('updated_at', time, (col) => col.notNull())
          .execute();

        // One claim per user per UTC day; the streak is read from the newest claims.
        await db.schema
          .createTable('daily_claims')
          .addColumn('id', id, primaryId)
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('claim_date', 'text', (col) => col.notNull())
          .addColumn('day', 'integer', (col) => col.notNull())
          .addColumn('streak', 'integer', (col) => col.notNull())
          .addColumn('created_at', time, (col) => col.notNull())
          .addUniqueConstraint('daily_claims_once', ['user_id', 'claim_date'])
          .execute();

        // What each player earned in a finished game, written when the game finishes.
        await db.schema
          .createTable('game_rewards')
          .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('amount', 'integer', (col) => col.notNull().check(sql`amount >= 0`))
          .addColumn('currency_type', 'text', (col) => col.notNull())
          .addColumn('outcome', 'text', (col) => col.notNull())
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('claimed_at', time)
          .addPrimaryKeyConstraint('game_rewards_pk', ['game_id', 'user_id'])
          .execute();
        await db.schema
          .createIndex('game_rewards_user')
          .on('game_rewards')
          .columns(['user_id', 'created_at'])
          .execute();

        await db.schema
          .createTable('achievement_claims')
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('achievement_id', 'text', (col) => col.notNull())
          .addColumn('amount', 'integer', (col) => col.notNull())
          .addColumn('currency_type', 'text', (col) => col.notNull())
          .addColumn('claimed_at', time, (col) => col.notNull())
          .addPrimaryKeyConstraint('achievement_claims_pk', ['user_id', 'achievement_id'])
          .execute();
      },
    },
    '0009_decks': {
      async up(db: Kysely<unknown>) {
        // The deck catalogue, written at start-up (modules/decks/catalogue.ts). Id -1 is a fixed
        // row: the system default deck everyone owns, so it never appears in user_decks.
        await db.schema
          .createTable('decks')
          .addColumn('id', id, primaryId)
          .addColumn('folder', 'text', (col) => col.notNull().unique())
          .addColumn('name', 'text', (col) => col.notNull())
          .addColumn('deck_type', 'text', (col) => col.notNull())
          .addColumn('membership', 'text', (col) => col.notNull())
          .addColumn('price', 'integer', (col) => col.notNull().check(sql`price >= 0`))
          .addColumn('currency_type', 'text', (col) => col.notNull())
          .addColumn('is_tradeable', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('deck_url', 'text', (col) => col.notNull())
          .addColumn('sort_order', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('created_at', time, (col) => col.notNull())
          .execute();

        // Decks a player acquired; the system default (-1) is owned without a row.
        await db.schema
          .createTable('user_decks')
          .addColumn('id', id, primaryId)
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('deck_id', ref, (col) =>
            col
              .notNull()
              .references('decks.id')
              .check(sql`deck_id > 0`),
          )
          .addColumn('is_default', 'integer', (col) => col.notNull().defaultTo(0))
          .addColumn('acquired_at', time, (col) => col.notNull())
          .addUniqueConstraint('user_decks_once', ['user_id', 'deck_id'])
          .execute();
        // At most one default per player; none means the system default deck.
        await db.schema
          .createIndex('user_decks_one_default')
          .on('user_decks')
          .column('user_id')
          .unique()
          .where(sql.ref('is_default'), '=', 1)
          .execute();

        // The avatar a player chose from the avatars they bought; null shows their initials.
        await db.schema
          .alterTable('users')
          .addColumn('avatar_item_id', ref, (col) => col.references('shop_items.id').onDelete('set null'))
          .execute();
      },
    },
    '0010_manager': {
      async up(db: Kysely<unknown>) {
        // The staff audit log: one row per change made in the staff area, written in the same
        // transaction as the change. Accounts are anonymised rather than deleted, so the staff
        // member normally stays; a hard delete keeps the row and forgets who.
        await db.schema
          .createTable('staff_actions')
          .addColumn('id', id, primaryId)
          .addColumn('staff_user_id', ref, (col) => col.references('users.id').onDelete('set null'))
          .addColumn('action', 'text', (col) => col.notNull())
          .addColumn('target_type', 'text', (col) => col.notNull())
          .addColumn('target_id', 'text')
          .addColumn('details', 'text', (col) => col.notNull())
          .addColumn('created_at', time, (col) => col.notNull())
          .execute();
        // Set when staff edit a shop item, so the catalogue seeded at start-up stops overwriting it.
        await db.schema.alterTable('shop_items').addColumn('edited_at', time).execute();
      },
    },
    '0011_social': {
      async up(db: Kysely<unknown>) {
        // One row per pair of players, whoever asked first: pair_key is "low:high" of the two ids,
        // unique, so a request crossing the other's request or a second block cannot make a second
        // row. user_id asked, friend_id was asked; blocked_by is who blocked (status 'blocked').
        await db.schema
          .createTable('friendships')
          .addColumn('id', id, primaryId)
          .addColumn('pair_key', 'text', (col) => col.notNull().unique())
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('friend_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('status', 'text', (col) =>
            col.notNull().check(sql`status in ('pending', 'accepted', 'blocked')`),
          )
          .addColumn('blocked_by', ref, (col) => col.references('users.id').onDelete('cascade'))
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('updated_at', time, (col) => col.notNull())
          .addCheckConstraint('friendships_two_players', sql`user_id <> friend_id`)
          .execute();
        await db.schema.createIndex('friendships_user').on('friendships').column('user_id').execute();
        await db.schema.createIndex('friendships_friend').on('friendships').column('friend_id').execute();
        // Public profiles can be found and asked; private ones cannot.
        await db.schema
          .alterTable('users')
          .addColumn('profile_visibility', 'text', (col) => col.notNull().defaultTo('public'))
          .execute();
      },
    },
    '0012_chat': {
      async up(db: Kysely<unknown>) {
        // One row per message between two players; pair_key is the friendships key of the two.
        // (sender_id, client_id) is unique: a message sent again with the same client id (a retry,
        // a second tab) is the stored one, never a second row.
        await db.schema
          .createTable('chat_messages')
          .addColumn('id', id, primaryId)
          .addColumn('pair_key', 'text', (col) => col.notNull())
          .addColumn('sender_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('recipient_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('client_id', 'text', (col) => col.notNull())
          .addColumn('body', 'text', (col) => col.notNull())
          .addColumn('created_at', time, (col) => col.notNull())
          .addUniqueConstraint('chat_messages_sender_client', ['sender_id', 'client_id'])
          .execute();
        await db.schema
          .createIndex('chat_messages_pair')
          .on('chat_messages')
          .columns(['pair_key', 'id'])
          .execute();
        await db.schema
          .createIndex('chat_messages_recipient')
          .on('chat_messages')
          .columns(['recipient_id', 'id'])
          .execute();
        // How far each reader has read each conversation: the newest message id they have seen.
        await db.schema
          .createTable('chat_reads')
          .addColumn('user_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('friend_id', ref, (col) => col.notNull().references('users.id').onDelete('cascade'))
          .addColumn('last_read_id', ref, (col) => col.notNull())
          .addColumn('updated_at', time, (col) => col.notNull())
          .addPrimaryKeyConstraint('chat_reads_pk', ['user_id', 'friend_id'])
          .execute();
      },
    },
    '0013_private_games': {
      async up(db: Kysely<unknown>) {
        // A private game waits for the friend it invites: who that is and until when. Both stay
        // set on a game that started or was cancelled, as a record of the invitation.
        await db.schema
          .alterTable('games')
          .addColumn('invited_user_id', ref, (col) => col.references('users.id').onDelete('set null'))
          .execute();
        await db.schema.alterTable('games').addColumn('invite_expires_at', time).execute();
      },
    },
    '0014_sound_pack': {
      async up(db: Kysely<unknown>) {
        // The sound pack a player activated; null plays the standard sounds.
        await db.schema
          .alterTable('users')
          .addColumn('sound_pack_item_id', ref, (col) => col.references('shop_items.id').onDelete('set null'))
          .execute();
      },
    },
    '0016_move_log': {
      async up(db: Kysely<unknown>) {
        // A move row carries what the room needs to resume after it (its turn deadline and
        // expiry counts), so a play stores only its row and the game's state is written at the
        // start of each hand. Older rows, all covered by their game's stored state, keep nulls.
        // See docs/design.md, "Game storage".
        await db.schema.alterTable('moves').addColumn('turn_deadline', time).execute();
        await db.schema.alterTable('moves').addColumn('expiries', 'text').execute();
      },
    },
    // It touches only its own tables, so it runs the same in any order relative to the others.
    '0017_google_sign_in': {
      async up(db: Kysely<unknown>) {
        // Google sign-ins in progress and the one-time codes they end in. Both are single use
        // (used_at set by one conditional update) and expire within minutes; see docs/design.md,
        // "Google sign-in".
        await db.schema
          .createTable('oauth_states')
          .addColumn('id', id, primaryId)
          .addColumn('state_hash', 'text', (col) => col.notNull().unique())
          .addColumn('nonce', 'text', (col) => col.notNull())
          .addColumn('google_verifier', 'text', (col) => col.notNull())
          .addColumn('platform', 'text', (col) => col.notNull().check(sql`platform in ('web', 'native')`))
          .addColumn('app_challenge', 'text', (col) => col.notNull())
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('expires_at', time, (col) => col.notNull())
          .addColumn('used_at', time)
          .execute();
        await db.schema.createIndex('oauth_states_expiry').on('oauth_states').column('expires_at').execute();
        await db.schema
          .createTable('oauth_codes')
          .addColumn('id', id, primaryId)
          .addColumn('code_hash', 'text', (col) => col.notNull().unique())
          .addColumn('app_challenge', 'text', (col) => col.notNull())
          .addColumn('google_sub', 'text', (col) => col.notNull())
          .addColumn('email', 'text')
          .addColumn('email_verified', 'integer', (col) => col.notNull())
          .addColumn('name', 'text')
          .addColumn('created_at', time, (col) => col.notNull())
          .addColumn('expires_at', time, (col) => col.notNull())
          .addColumn('used_at', time)
          .execute();
        await db.schema.createIndex('oauth_codes_expiry').on('oauth_codes').column('expires_at').execute();
      },
    },
    '0018_moves_keyed_by_game': {
      async up(db: Kysely<unknown>) {
        // A move is found by its game and seq, never by a number of its own: the key (game_id,
        // seq) replaces the id and the unique index beside it. On SQLite the table is clustered on
        // that key (WITHOUT ROWID), so appending a move writes one B-tree instead of a table and
        // an index, about half the pages per commit. See docs/design.md, "Game storage".
        if (dialect === 'postgres') {
          await sql`alter table moves drop constraint moves_game_seq`.execute(db);
          await sql`alter table moves drop column id`.execute(db);
          await sql`alter table moves add constraint moves_pk primary key (game_id, seq)`.execute(db);
          return;
        }
        // SQLite cannot change a table's key in place: build the new table, copy, swap — in one
        // transaction (Kysely runs SQLite migrations without one), so a crash leaves the old table.
        await db.transaction().execute(async (trx) => {
          await trx.schema
            .createTable('moves_by_game')
            .addColumn('game_id', 'text', (col) => col.notNull().references('games.id').onDelete('cascade'))
            .addColumn('seq', 'integer', (col) => col.notNull())
            .addColumn('seat', 'integer', (col) => col.notNull())
            .addColumn('card', 'text', (col) => col.notNull())
            .addColumn('auto', 'integer', (col) => col.notNull().defaultTo(0))
            .addColumn('created_at', time, (col) => col.notNull())
            .addColumn('turn_deadline', time)
            .addColumn('expiries', 'text')
            .addPrimaryKeyConstraint('moves_pk', ['game_id', 'seq'])
            .modifyEnd(sql`without rowid`)
            .execute();
          await sql`insert into moves_by_game (game_id, seq, seat, card, auto, created_at, turn_deadline, expiries)
          select game_id, seq, seat, card, auto, created_at, turn_deadline, expiries from moves`.execute(trx);
          await trx.schema.dropTable('moves').execute();
          await trx.schema.alterTable('moves_by_game').renameTo('moves').execute();
        });
      },
    },
    '0019_one_active_reward_per_day': {
      async up(db: Kysely<unknown>) {
        // At most one active reward per schedule day: two would make a claim's payout depend on
        // which row a query met first. Duplicates written before keep their oldest row active.
        // See docs/design.md, "Staff area".
        await sql`update daily_rewards set is_active = 0
          where is_active = 1 and exists (
            select 1 from daily_rewards older
            where older.day = daily_rewards.day and older.is_active = 1 and older.id < daily_rewards.id)`.execute(
          db,
        );
        await db.schema
          .createIndex('daily_rewards_one_active_day')
          .on('daily_rewards')
          .column('day')
          .unique()
          .where(sql.ref('is_active'), '=', 1)
          .execute();
      },
    },
    '0020_account_recovery': {
      async up(db: Kysely<unknown>) {
        // Password resets and e-mail changes share email_tokens with verification (a purpose
        // each). A new link supersedes the user's earlier ones of its purpose, and resets are
        // counted per account, so both look tokens up by user and purpose, newest first.
        await db.schema
          .createIndex('email_tokens_user_purpose')
          .on('email_tokens')
          .columns(['user_id', 'purpose', 'created_at'])
          .execute();
      },
    },
  };
}

/**
 * Fills active_players from the games running now. Before this table, concurrent starts could
 * leave a user in several active games; the newest keeps them and the older ones end as
 * abandoned, without a winner, so each user is left with at most one.
 */
async function claimActivePlayers(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ game_id: string; user_id: number; updated_at: number }>`
    select g.id as game_id, p.user_id, g.updated_at
    from games g join game_players p on p.game_id = g.id
    where g.status = 'active' and p.user_id is not null
    order by g.created_at desc, g.id desc`.execute(db);
  const playersOf = new Map<string, { userIds: number[]; updatedAt: number }>();
  for (const row of rows) {
    const game = playersOf.get(row.game_id) ?? { userIds: [], updatedAt: Number(row.updated_at) };
    game.userIds.push(Number(row.user_id));
    playersOf.set(row.game_id, game);
  }
  const claimed = new Set<number>();
  for (const [gameId, game] of playersOf) {
    if (game.userIds.some((userId) => claimed.has(userId))) {
      await sql`update games set status = 'finished', reason = 'abandon', winner_user_id = null,
        turn_deadline = null, finished_at = ${game.updatedAt} where id = ${gameId}`.execute(db);
      continue;
    }
    for (const userId of game.userIds) {
      claimed.add(userId);
      await sql`insert into active_players (user_id, game_id) values (${userId}, ${gameId})`.execute(db);
    }
  }
}

export class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrations(this.dialect);
  }
}

import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { DialectName } from '../dialect';
import { spellingOf, type Up } from './kit';
import { up as accounts } from './0001_accounts';
import { up as games } from './0002_games';
import { up as accountNamesDevices } from './0003_account_names_devices';
import { up as oneActiveGame } from './0004_one_active_game';
import { up as economy } from './0005_economy';
import { up as decks } from './0009_decks';
import { up as manager } from './0010_manager';
import { up as social } from './0011_social';
import { up as chat } from './0012_chat';
import { up as privateGames } from './0013_private_games';
import { up as soundPack } from './0014_sound_pack';
import { up as moveLog } from './0016_move_log';
import { up as googleSignIn } from './0017_google_sign_in';
import { up as movesKeyedByGame } from './0018_moves_keyed_by_game';
import { up as oneActiveRewardPerDay } from './0019_one_active_reward_per_day';
import { up as accountRecovery } from './0020_account_recovery';
import { up as tournaments } from './0021_tournaments';

/**
 * Every schema change, in order, one file each, named as its file is. A database records the
 * names it has run, so a name never changes and a new migration takes the next number.
 */
// 0006–0008 and 0015 were left free for migrations other branches were writing then (git log -S0015); none landed under them.
export const MIGRATIONS: Readonly<Record<string, Up>> = {
  '0001_accounts': accounts,
  '0002_games': games,
  '0003_account_names_devices': accountNamesDevices,
  '0004_one_active_game': oneActiveGame,
  '0005_economy': economy,
  '0009_decks': decks,
  '0010_manager': manager,
  '0011_social': social,
  '0012_chat': chat,
  '0013_private_games': privateGames,
  '0014_sound_pack': soundPack,
  '0016_move_log': moveLog,
  '0017_google_sign_in': googleSignIn,
  '0018_moves_keyed_by_game': movesKeyedByGame,
  '0019_one_active_reward_per_day': oneActiveRewardPerDay,
  '0020_account_recovery': accountRecovery,
  '0021_tournaments': tournaments,
};

/** The migrations for Kysely's Migrator, spelled for the dialect it runs on. */
export class StaticMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const spelling = spellingOf(this.dialect);
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, up]) => [
        name,
        { up: (db: Kysely<unknown>) => up(db, spelling) },
      ]),
    );
  }
}

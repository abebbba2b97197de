import type { TokenStorage } from './types';

/**
 * The session token in the phone's secure storage (iOS Keychain, Android Keystore), moved there
 * from the plain Preferences store the app used before 1.4.0. See docs/mobile.md, "Token storage".
 */

/** The key of the session token in both stores: the spec's local settings key. */
export const TOKEN_KEY = 'token';

/** A key-value store as the two plugins are adapted to it: `get` answers null for a missing key. */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<void>;
  remove(key: string): Promise<void>;
}

/**
 * Moves a token left in `legacy` into `secure` and deletes it from `legacy`. A token already in
 * `secure` wins (it was written later); the copy in `legacy` is deleted all the same. When the
 * write to `secure` fails the legacy copy stays, so the next start tries again and no one is
 * signed out by the move.
 */
export async function migrateToken(legacy: KeyValueStore, secure: KeyValueStore): Promise<void> {
  const old = await legacy.get(TOKEN_KEY);
  if (old === null) return;
  if ((await secure.get(TOKEN_KEY)) === null) await secure.set(TOKEN_KEY, old);
  await legacy.remove(TOKEN_KEY);
}

/**
 * The shell's token storage over `secure`, with the move from `legacy` done once before the first
 * read. A failed move is not repeated in this run: the token is then read from wherever it is.
 */
export function secureTokenStorage(legacy: KeyValueStore, secure: KeyValueStore): TokenStorage {
  let moved: Promise<boolean> | null = null;
  const migrate = () =>
    (moved ??= migrateToken(legacy, secure).then(
      () => true,
      () => false,
    ));
  return {
    async get() {
      if (await migrate()) return secure.get(TOKEN_KEY);
      // The Keychain / Keystore refused the move: the session still stands from Preferences.
      return (await secure.get(TOKEN_KEY).catch(() => null)) ?? legacy.get(TOKEN_KEY);
    },
    async set(token) {
      await migrate();
      await secure.set(TOKEN_KEY, token);
      await legacy.remove(TOKEN_KEY);
    },
    async clear() {
      await migrate();
      await Promise.all([secure.remove(TOKEN_KEY), legacy.remove(TOKEN_KEY)]);
    },
  };
}

import { platform } from '../platform';

/** Local storage keys, each named once. */
export const STORAGE_KEYS = {
  token: 'token',
  userToken: 'user-token',
  userData: 'user-data',
  gameVolume: 'gameVolume',
  gameMuted: 'gameMuted',
  soundEffectsMuted: 'sound-effects-muted',
  soundEffectsVolume: 'sound-effects-volume',
  backgroundMusicMuted: 'background-music-muted',
  backgroundMusicVolume: 'background-music-volume',
  fourColourSuits: 'four-colour-suits',
  deckView: 'deck-view',
  /** Whose table reactions are muted, for the latest game only (features/table, useTableEmotes). */
  emoteMutes: 'emote-mutes',
  /** The Google sign-in in progress (PKCE verifier and where to return); see features/session. */
  googleSignIn: 'google-sign-in',
} as const;

/** Session storage keys: remembered until the tab is closed. */
export const SESSION_KEYS = {
  verificationBannerDismissed: 'verification-banner-dismissed',
  /** Bots' thinking time in a practice game on this device, in ms: set by the browser tests only. */
  practiceBotDelayMs: 'practice-bot-delay-ms',
} as const;

/** A session-storage flag; false when storage is unavailable. */
export function getSessionFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function setSessionFlag(key: string): void {
  try {
    sessionStorage.setItem(key, '1');
  } catch {
    // Storage unavailable: the flag lasts as long as the page's own state.
  }
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Private mode or storage full: the session simply is not remembered.
  }
}

/**
 * The session token. On the web it lives in localStorage under `token`; a native shell keeps it in
 * its own storage (the desktop bridge's keychain, the phone's Keychain / Keystore), read once by
 * `loadToken()` before the app renders and mirrored here so reads stay synchronous. See
 * docs/mobile.md, "Token storage".
 */
let nativeToken: string | null = null;

export async function loadToken(): Promise<void> {
  if (!platform.tokenStorage) return;
  try {
    nativeToken = await platform.tokenStorage.get();
  } catch {
    nativeToken = null;
  }
}

export const getToken = () => (platform.tokenStorage ? nativeToken : read(STORAGE_KEYS.token));

export function setToken(token: string | null): void {
  const store = platform.tokenStorage;
  if (!store) return write(STORAGE_KEYS.token, token);
  nativeToken = token;
  // The session goes on in memory when the shell cannot store it: it is simply not remembered.
  void (token === null ? store.clear() : store.set(token)).catch(() => undefined);
}

export function getCachedUser<T>(): T | null {
  const text = read(STORAGE_KEYS.userData);
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export const setCachedUser = (user: unknown) =>
  write(STORAGE_KEYS.userData, user === null ? null : JSON.stringify(user));

/** How the shop lists decks: as a grid of cards (the default) or as a list. */
export type DeckView = 'grid' | 'list';
export const getDeckView = (): DeckView => (read(STORAGE_KEYS.deckView) === 'list' ? 'list' : 'grid');
export const setDeckView = (view: DeckView) => write(STORAGE_KEYS.deckView, view);

/** A stored JSON value, or null when there is none or it does not parse. */
export function getStoredJson(key: string): unknown {
  const text = read(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

export const setStoredJson = (key: string, value: unknown) => write(key, JSON.stringify(value));

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
} as const;

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

export const getToken = () => read(STORAGE_KEYS.token);
export const setToken = (token: string | null) => write(STORAGE_KEYS.token, token);

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

/** Every route of the app, defined once. */
export const PATHS = {
  home: '/',
  auth: '/auth',
  /** Sign-in that comes back to `returnTo` once signed in. */
  signIn: (returnTo: string) => `/auth?returnTo=${encodeURIComponent(returnTo)}`,
  deleteAccount: '/delete-account',
  game: (gameId: string) => `/game/${encodeURIComponent(gameId)}`,
  /** A finished game's replay: a shareable address. */
  replay: (gameId: string) => `/game/${encodeURIComponent(gameId)}/replay`,
  shop: '/shop',
  watch: '/watch',
  games: '/games',
  messages: '/messages',
  conversation: (friendId: number | string) => `/messages/conversation/${friendId}`,
  profile: '/profile',
  playerProfile: (userId: number, returnTo?: string) =>
    `/profile?id=${userId}${returnTo ? `&returnTo=${encodeURIComponent(returnTo)}` : ''}`,
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  oauthRedirect: '/oauth-redirect',
  /** The staff area (managers and admins). */
  manager: '/manager',
} as const;

/** Router patterns for the parameterised routes. */
export const ROUTE_PATTERNS = {
  game: '/game/:gameId',
  replay: '/game/:gameId/replay',
  conversation: '/messages/conversation/:id',
} as const;

/**
 * A `returnTo` taken from the address bar, kept only when it is a path of this app: '//host' and
 * '/\host' would leave for another site.
 */
export function localPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

const HIDDEN_EXACT: string[] = [PATHS.home, PATHS.auth, PATHS.privacyPolicy, PATHS.termsOfService];

/** The bottom navigation shows everywhere except these pages. */
export function showsBottomNav(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (HIDDEN_EXACT.includes(path)) return false;
  if (path.startsWith('/game/')) return false;
  if (path.startsWith('/messages/conversation/')) return false;
  return true;
}

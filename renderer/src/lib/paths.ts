/** The shop's tabs, in order; the address keeps the one open (`/shop?tab=decks`). */
export const SHOP_TABS = ['packs', 'avatars', 'sounds', 'decks'] as const;
export type ShopTab = (typeof SHOP_TABS)[number];

/** Every route of the app, defined once. */
export const PATHS = {
  home: '/',
  auth: '/auth',
  /** Sign-in that comes back to `returnTo` once signed in. */
  signIn: (returnTo: string) => `/auth?returnTo=${encodeURIComponent(returnTo)}`,
  /** The same page opened on "Create account", for an invitation to sign up. */
  signUp: (returnTo: string) => `/auth?mode=register&returnTo=${encodeURIComponent(returnTo)}`,
  /** The practice "Play now" opens for a visitor with no account: one easy bot, on the device. */
  firstPractice: '/practice?bots=1&level=easy',
  deleteAccount: '/delete-account',
  /** Account recovery and settings (docs/design.md, "Account recovery and settings"). */
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  settings: '/settings',
  game: (gameId: string) => `/game/${encodeURIComponent(gameId)}`,
  /** A finished game's replay: a shareable address. */
  replay: (gameId: string) => `/game/${encodeURIComponent(gameId)}/replay`,
  shop: '/shop',
  /** The shop opened at one of its tabs. */
  shopTab: (tab: ShopTab) => `/shop?tab=${tab}`,
  watch: '/watch',
  games: '/games',
  /** A practice game played on this device against 1–3 bots of one level (docs/design.md, "Offline practice"). */
  practice: '/practice',
  practiceGame: (bots: number, level: string) => `/practice?bots=${bots}&level=${encodeURIComponent(level)}`,
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
  /** The staff area opened at one of its sections (`/manager?section=tournaments`). */
  managerSection: (section: string) => `/manager?section=${encodeURIComponent(section)}`,
  /** Arena tournaments: the list, and one tournament (docs/design.md, "Arena tournaments"). */
  tournaments: '/tournaments',
  /** A tournament's page; with `invite`, the invitation link of an invite-only one. */
  tournament: (id: number, invite?: string | null) =>
    `/tournaments/${id}${invite ? `?invite=${encodeURIComponent(invite)}` : ''}`,
} as const;

/** Router patterns for the parameterised routes. */
export const ROUTE_PATTERNS = {
  game: '/game/:gameId',
  replay: '/game/:gameId/replay',
  conversation: '/messages/conversation/:id',
  tournament: '/tournaments/:id',
} as const;

/**
 * A `returnTo` taken from the address bar, kept only when it is a path of this app: '//host' and
 * '/\host' would leave for another site.
 */
export function localPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

const HIDDEN_EXACT: string[] = [
  PATHS.home,
  PATHS.auth,
  PATHS.forgotPassword,
  PATHS.resetPassword,
  PATHS.privacyPolicy,
  PATHS.termsOfService,
  PATHS.practice,
];

/** A page that is a game table (a game room or a practice game on this device): it takes the whole screen. */
export function isTablePage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path.startsWith('/game/') || path === PATHS.practice;
}

/** The bottom navigation shows everywhere except these pages. */
export function showsBottomNav(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (HIDDEN_EXACT.includes(path)) return false;
  if (path.startsWith('/game/')) return false;
  // The staff area has its own sidebar, whose "Back to the games" leads out; the full-width tabs
  // lay over its foot (docs/design.md, "Staff area").
  if (path === PATHS.manager || path.startsWith(`${PATHS.manager}/`)) return false;
  if (path.startsWith('/messages/conversation/')) return false;
  return true;
}

/** The bottom navigation's tabs, by the route each opens. */
export const BOTTOM_TABS = [PATHS.shop, PATHS.watch, PATHS.games, PATHS.messages, PATHS.profile] as const;

/**
 * Whether `/profile?…` shows someone else (the profile page's own rule): an `id` that is a player
 * other than `myId`.
 */
export function viewsOtherPlayer(search: string, myId: number | null): boolean {
  const requested = Number(new URLSearchParams(search).get('id'));
  return Number.isInteger(requested) && requested > 0 && requested !== myId;
}

/**
 * The bottom tab a page belongs to, to be shown as the current one. Profile is the player's own:
 * another player's profile belongs to the tab it was opened from (its `returnTo`, e.g. Friends),
 * or to none.
 */
export function bottomTabOf(pathname: string, search: string, myId: number | null): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === PATHS.profile && viewsOtherPlayer(search, myId)) {
    const from = localPath(new URLSearchParams(search).get('returnTo'));
    if (!from) return null;
    const origin = new URL(from, 'http://app');
    return bottomTabOf(origin.pathname, origin.search, myId);
  }
  // Tournaments are games: the list is reached from the games hub, and its pages light that tab.
  if (path === PATHS.tournaments || path.startsWith(`${PATHS.tournaments}/`)) return PATHS.games;
  return BOTTOM_TABS.find((tab) => path === tab || path.startsWith(`${tab}/`)) ?? null;
}

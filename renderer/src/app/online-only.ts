import { PATHS } from '../lib/paths';

/**
 * The pages that cannot work without the server, by what to call them in the offline notice
 * ("The shop needs a connection."). The rest open offline: home, the games hub and its practice,
 * the legal pages, and the game room, which shows its own connection state.
 * See docs/design.md, "Renderer: installable app (PWA)".
 */
const NEEDS_CONNECTION: [test: (path: string) => boolean, what: string][] = [
  [(p) => p === PATHS.shop, 'The shop'],
  [(p) => p === PATHS.watch, 'Watching live games'],
  [(p) => p === PATHS.messages || p.startsWith('/messages/'), 'Friends and messages'],
  [(p) => p === PATHS.profile, 'Your profile'],
  [(p) => p === PATHS.manager, 'The staff area'],
  [(p) => p === PATHS.auth || p === PATHS.oauthRedirect, 'Signing in'],
  [(p) => p === PATHS.deleteAccount, 'Your account'],
  [(p) => /^\/game\/[^/]+\/replay$/.test(p), 'A replay'],
];

/** What the page at `pathname` needs the connection for, or null when it opens offline. */
export function connectionNeededFor(pathname: string): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  return NEEDS_CONNECTION.find(([test]) => test(path))?.[1] ?? null;
}

/**
 * Which page of the web app each address opens: the renderer's router is built from this table,
 * and the server reads it to tell the browser, in a page's HTML, which of the build's files that
 * page will need, so they download beside the app's entry instead of after it (docs/design.md,
 * "Renderer: the first-visit budget"). A page is named by its module, `renderer/src/app/pages/<page>.tsx`.
 */
export const PAGE_ROUTES = [
  { path: '/', page: 'home' },
  { path: '/auth', page: 'auth' },
  { path: '/delete-account', page: 'delete-account' },
  { path: '/forgot-password', page: 'forgot-password' },
  { path: '/reset-password', page: 'reset-password' },
  { path: '/settings', page: 'settings' },
  { path: '/profile', page: 'profile' },
  { path: '/privacy-policy', page: 'privacy-policy' },
  { path: '/terms-of-service', page: 'terms-of-service' },
  { path: '/oauth-redirect', page: 'oauth-redirect' },
  { path: '/shop', page: 'shop' },
  { path: '/watch', page: 'watch' },
  { path: '/games', page: 'games' },
  { path: '/practice', page: 'practice' },
  { path: '/game/:gameId', page: 'game' },
  { path: '/game/:gameId/replay', page: 'replay' },
  { path: '/messages', page: 'messages' },
  { path: '/manager', page: 'manager' },
  { path: '/messages/conversation/:id', page: 'conversation' },
  { path: '/tournaments', page: 'tournaments' },
  { path: '/tournaments/:id', page: 'tournament' },
] as const;

export type PageName = (typeof PAGE_ROUTES)[number]['page'] | typeof NOT_FOUND_PAGE;

/** The page of any address no route matches. */
export const NOT_FOUND_PAGE = 'not-found';

/**
 * The page an address opens, matched as the router does: each `:name` part stands for one
 * non-empty part of the path, letters match whatever their case, a trailing slash is ignored,
 * and the query is not part of it.
 */
export function pageOfPath(pathname: string): PageName {
  const parts = splitPath(pathname);
  const route = PAGE_ROUTES.find(({ path }) => {
    const pattern = splitPath(path);
    return (
      pattern.length === parts.length &&
      pattern.every((part, i) => (part.startsWith(':') ? parts[i] !== '' : part === parts[i]!.toLowerCase()))
    );
  });
  return route?.page ?? NOT_FOUND_PAGE;
}

function splitPath(pathname: string): string[] {
  const path = pathname.split(/[?#]/)[0]!.replace(/\/+$/, '');
  return path === '' ? [] : path.slice(1).split('/');
}

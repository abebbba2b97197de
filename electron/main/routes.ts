/**
 * In-app routes the shell may ask the renderer to open (deep links, notification clicks, the
 * menu). A route is a same-app path: it starts with one slash, uses only URL-safe characters and
 * cannot climb out of the app (`..`) or name another host (`//`). See docs/desktop.md, "Deep links".
 */
import { DEEP_LINK_SCHEME } from './config';

const ROUTE_CHARS = /^\/[A-Za-z0-9\-._~/?&=%+]*$/;
export const MAX_ROUTE_LENGTH = 2048;
const RAW_LINK = /^[A-Za-z][A-Za-z0-9+.-]*:[A-Za-z0-9\-._~/?&=%+#:@]*$/;
const DOT_SEGMENT = /\/(\.|%2e){1,2}(\/|\?|#|$)/i;

export function isInAppRoute(route: unknown): route is string {
  if (typeof route !== 'string' || route.length > MAX_ROUTE_LENGTH) return false;
  if (!ROUTE_CHARS.test(route) || route.startsWith('//')) return false;
  const path = route.split('?')[0]!;
  return !path.split('/').some((segment) => segment === '..' || segment === '.');
}

/**
 * `spar://game/12` and `spar:///game/12` both open `/game/12`; the query is kept (the sign-in
 * hand-over `spar://oauth-redirect?code=…` needs it), the fragment dropped. Anything else is null.
 */
export function routeFromDeepLink(link: string): string | null {
  // Judged on the raw text too: the URL parser would quietly encode `<` or resolve `..` away.
  if (link.length > MAX_ROUTE_LENGTH || !RAW_LINK.test(link) || DOT_SEGMENT.test(link)) return null;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:` || url.username || url.password || url.port) return null;
  const path = url.host ? `/${url.host}${url.pathname === '/' ? '' : url.pathname}` : url.pathname;
  const route = `${path || '/'}${url.search}`;
  return isInAppRoute(route) ? route : null;
}

/** The deep link among a launch's command-line arguments (Windows and Linux pass it there). */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (!arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) continue;
    const route = routeFromDeepLink(arg);
    if (route) return route;
  }
  return null;
}

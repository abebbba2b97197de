/**
 * Deep links into the app (see docs/mobile.md, "Deep links"): `spar://<route>` and the product
 * host's own `https://<host>/<route>` (the `/oauth-redirect` page hands a native sign-in back this
 * way). Anything else — another host, another scheme, a path that would leave the app — is refused.
 */
export const DEEP_LINK_SCHEME = 'spar:';

/** An in-app route (path, query and hash) that stays inside the app, or null. */
export function appRoute(value: string): string | null {
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // Control characters have no place in a route and could smuggle a second line into a log.
  if ([...value].some((c) => c <= '\u001f' || c === '\u007f')) return null;
  return value;
}

/** The route a deep link opens, or null when it is not one of ours. */
export function deepLinkRoute(link: string, productOrigin: string): string | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  if (url.protocol === DEEP_LINK_SCHEME) {
    // `spar://oauth-redirect?code=…`: the URL parser reads the first segment as a host.
    const path = `${url.host ? `/${url.host}` : ''}${url.pathname}`;
    return appRoute((path.startsWith('/') ? path : `/${path}`) + url.search + url.hash);
  }
  if (url.protocol !== 'https:' || !productOrigin) return null;
  let product: URL;
  try {
    product = new URL(productOrigin);
  } catch {
    return null;
  }
  if (url.origin !== product.origin) return null;
  return appRoute(url.pathname + url.search + url.hash);
}

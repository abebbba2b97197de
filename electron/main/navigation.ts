/**
 * Keeps the window on the product: navigations and new windows stay on the product's origin, and
 * http(s) links elsewhere open in the system browser instead. Any other scheme (file:, javascript:,
 * custom handlers) is refused outright. See docs/desktop.md, "Security model".
 */
import type { WebContents } from 'electron';
import { hasOrigin } from './config';

export type NavigationDecision = 'allow' | 'external' | 'deny';

export function decideNavigation(url: string, productOrigin: string): NavigationDecision {
  if (hasOrigin(url, productOrigin)) return 'allow';
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? 'external' : 'deny';
  } catch {
    return 'deny';
  }
}

export function guardNavigation(
  contents: Pick<WebContents, 'on' | 'setWindowOpenHandler'>,
  productOrigin: string,
  openExternal: (url: string) => void,
): void {
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, productOrigin);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'external') openExternal(event.url);
  });
  // The app never needs a second window: same-origin links open in place, others outside.
  contents.setWindowOpenHandler(({ url }) => {
    if (decideNavigation(url, productOrigin) === 'external') openExternal(url);
    return { action: 'deny' };
  });
}

/** Only notifications are ever granted; camera, microphone, geolocation and the rest are not. */
export const GRANTED_PERMISSIONS: ReadonlySet<string> = new Set(['notifications']);

export function isPermissionGranted(permission: string): boolean {
  return GRANTED_PERMISSIONS.has(permission);
}

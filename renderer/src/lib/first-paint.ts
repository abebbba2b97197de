/**
 * The app's side of the first paint: index.html may hold the landing page rendered at build time,
 * shown before any script runs, with the app's root hidden after it (shared/first-paint.ts). The
 * landing page ends it once it has drawn the same page, in the same frame, so nothing flashes.
 */
import { PRERENDER_ID, PRERENDER_STYLE_ID } from '@shared/first-paint';

const byId = (id: string) => (typeof document === 'undefined' ? null : document.getElementById(id));

/** Whether the prerendered landing page is what the visitor sees now. */
export function prerenderShown(): boolean {
  return byId(PRERENDER_ID) !== null && document.documentElement.dataset.firstPaint !== 'app';
}

/**
 * Removes the prerender, which shows the app's root in its place, and its styles: copies of the
 * app's own rules, which would otherwise stand after the stylesheets the app loads later, out of
 * their order.
 */
export function endPrerender(): void {
  byId(PRERENDER_ID)?.remove();
  byId(PRERENDER_STYLE_ID)?.remove();
}

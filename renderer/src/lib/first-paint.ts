/**
 * The app's side of the first paint: index.html may hold the landing page rendered at build time,
 * shown before any script runs, with the app's root hidden after it (shared/first-paint.ts). The
 * landing page ends it once it has drawn the same page, in the same frame, so nothing flashes.
 */
import { DEFERRED_STYLESHEET_ATTRIBUTE, PRERENDER_ID, PRERENDER_STYLE_ID } from '@shared/first-paint';

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

/**
 * Turns on the stylesheets the web build left for print only, so they did not hold back the
 * prerender's paint, and resolves once every one has arrived or failed: after a dropped connection
 * the app draws with what it has rather than not at all. One that failed before this ran has no
 * sheet and fires nothing more, so the document's own `load` (which waits for every stylesheet,
 * whatever its media) settles it too. Resolves at once where there are none (the desktop and
 * mobile builds).
 */
export function applyDeferredStylesheets(): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const links = [...document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLESHEET_ATTRIBUTE}]`)];
  return Promise.all(
    links.map((link) => {
      const settled =
        link.sheet !== null || document.readyState === 'complete'
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              for (const target of [link, window] as EventTarget[])
                target.addEventListener('load', () => resolve(), { once: true });
              link.addEventListener('error', () => resolve(), { once: true });
            });
      link.media = 'all';
      link.removeAttribute(DEFERRED_STYLESHEET_ATTRIBUTE);
      return settled;
    }),
  ).then(() => undefined);
}

/**
 * The landing page's first paint from the HTML itself: the web build writes the landing page,
 * rendered at build time, into index.html, where the browser paints it before any script has run;
 * the app takes over from it (docs/design.md, "Renderer: the first paint").
 */

/** The id of the prerendered landing page in index.html; the app's root follows it. */
export const PRERENDER_ID = 'first-paint';

/** The id of the prerender's inlined styles in index.html's head, removed with it. */
export const PRERENDER_STYLE_ID = 'first-paint-style';

/**
 * The one inline script of index.html, run in its head before anything paints. The prerender is
 * the signed-out landing page at `/`: on any other address, or with a session token in the
 * browser's storage (the key the app's storage names `token`; the server cannot see it, it is no
 * cookie), the document is marked so the prerender stays hidden and the app draws the first page
 * itself. The server allows exactly this text by its hash in the Content-Security-Policy.
 */
export const FIRST_PAINT_SCRIPT =
  'try{if(location.pathname!=="/"||localStorage.getItem("token"))document.documentElement.dataset.firstPaint="app"}catch(e){}';

/**
 * Marks the app's stylesheet links the web build made non-blocking: fetched at once (a preload
 * ahead of each) but applied only for print, so the browser paints the prerender, whose rules are
 * inlined, without waiting for them. The app applies them before it draws anything itself.
 */
export const DEFERRED_STYLESHEET_ATTRIBUTE = 'data-first-paint-deferred';

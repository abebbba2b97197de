/**
 * The web app's manifest and service worker (vite-plugin-pwa, Workbox's generateSW), used by
 * vite.config.ts. See docs/design.md, "Renderer: installable app (PWA)": what is precached, the
 * runtime caches and their limits, the update flow, and why the shells go without it.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The app's background: index.html's theme-color, the page behind every screen. */
export const APP_BACKGROUND = '#0b1613';

/**
 * Paths the service worker never answers: the API, the socket and staff uploads go to the network,
 * and so do the pages and images the server draws itself (the test provider's checkout, link
 * previews), which the app shell would otherwise stand in for.
 */
export const NETWORK_ONLY = [
  /^\/api(\/|$)/,
  /^\/ws(\/|$)/,
  /^\/uploads(\/|$)/,
  /^\/payments(\/|$)/,
  /^\/previews(\/|$)/,
];

const DAY = 24 * 60 * 60;

/** The ranks the game deals (shared/game/cards.ts RANKS) in the default deck, and its back. */
const DEFAULT_DECK = ['assets/decks/default/{6,7,8,9,10,J,Q,K}_*.svg', 'assets/decks/default/back.svg'];

export const pwaOptions: Partial<VitePWAOptions> = {
  // The page asks for the update (lib/pwa): a waiting worker takes over only on Reload.
  registerType: 'prompt',
  injectRegister: false,
  manifest: {
    id: '/',
    name: 'Spar',
    short_name: 'Spar',
    description:
      'Spar is the West African trick-taking card game, online: five cards, five tricks, and only the last trick scores.',
    lang: 'en',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: APP_BACKGROUND,
    background_color: APP_BACKGROUND,
    categories: ['games'],
    // Drawn from the brand art by build/pwa/generate-icons.mjs.
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  // The manifest's icons are fetched by the browser when installing; not precached twice.
  includeManifestIcons: false,
  workbox: {
    // What the app needs to open and play with no network, and no more: the precache downloads
    // in the background on the first visit, over the player's data.
    globPatterns: [
      'index.html',
      'assets/*.{js,css}',
      // Browsers with service workers all read woff2; the .woff copies are for older ones.
      'assets/*.woff2',
      'favicon.{svg,ico}',
      'sounds/manifest.json',
      // The default effects the app preloads and plays at the table (about 80 KB); the music and
      // the sound packs' variants are cached when first played.
      'sounds/{ui,gameplay,win,lose}/*.mp3',
      ...DEFAULT_DECK,
    ],
    globIgnores: [
      // Fonts for other scripts load when a page shows such text, into the runtime cache below.
      'assets/*-{latin-ext,cyrillic,cyrillic-ext,greek,greek-ext,vietnamese}-*.woff2',
      // The staff area is for a handful of accounts and needs the network anyway.
      'assets/manager-*.js',
      // A sound pack's variant of an effect (name.pack.mp3).
      'sounds/*/*.*.mp3',
    ],
    // No source map for the worker: maps are not served (docs/design.md).
    sourcemap: false,
    navigateFallback: 'index.html',
    navigateFallbackDenylist: NETWORK_ONLY,
    // The first visit's page is controlled at once, so it works offline without a reload.
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    runtimeCaching: [
      {
        // Font subsets left out of the precache, and any bundle it does not hold (hashed, immutable).
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && /^\/assets\/[^/]+\.(woff2|js|css)$/.test(url.pathname),
        handler: 'CacheFirst',
        options: {
          cacheName: 'spar-bundles',
          expiration: { maxEntries: 40, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Deck art keeps its name across releases: served from the cache, other decks as bought.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/decks/'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'spar-decks',
          expiration: { maxEntries: 240, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Avatars, pack icons and sound-pack covers: shown from the cache, refreshed behind.
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/shop/'),
        handler: 'StaleWhileRevalidate',
        options: {
          cacheName: 'spar-shop-art',
          expiration: { maxEntries: 120, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
        },
      },
      {
        // Sounds (the default set and the packs), fetched when first played.
        urlPattern: ({ url, sameOrigin }) =>
          sameOrigin && url.pathname.startsWith('/sounds/') && url.pathname.endsWith('.mp3'),
        handler: 'CacheFirst',
        options: {
          cacheName: 'spar-sounds',
          expiration: { maxEntries: 80, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true },
          cacheableResponse: { statuses: [200] },
          // Howler's HTML5 audio asks for ranges; the cache answers them from the whole file.
          rangeRequests: true,
        },
      },
    ],
  },
};

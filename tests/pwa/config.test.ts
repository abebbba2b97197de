import { describe, expect, it } from 'vitest';
import { NETWORK_ONLY, pwaOptions } from '../../pwa.config';

const routes = pwaOptions.workbox!.runtimeCaching!;

/** Whether any runtime route of the worker would answer `path` from a cache. */
function cached(path: string): boolean {
  const url = new URL(path, 'https://play.spar.game');
  return routes.some(({ urlPattern }) =>
    typeof urlPattern === 'function'
      ? Boolean(urlPattern({ url, sameOrigin: true, request: new Request(url), event: {} as never }))
      : false,
  );
}

describe('what the service worker caches', () => {
  it('never answers /api, /ws, /uploads or the pages the server draws: no runtime route, and no index.html fallback', () => {
    for (const path of [
      '/api/auth/user',
      '/api/health',
      '/ws',
      '/ws?token=x',
      '/uploads/a.png',
      '/payments/test-checkout/ref_1',
      '/previews/replay/abc.png',
    ]) {
      expect(cached(path), path).toBe(false);
      expect(
        pwaOptions.workbox!.navigateFallbackDenylist!.some((deny) =>
          deny.test(new URL(path, 'https://x').pathname),
        ),
        path,
      ).toBe(true);
    }
    expect(NETWORK_ONLY.some((deny) => deny.test('/apis-of-the-world'))).toBe(false);
  });

  it('caches decks, shop art, sounds and bundles at runtime, each with an entry limit', () => {
    for (const path of [
      '/assets/decks/rome/K_spades.svg',
      '/assets/shop/avatars/a.png',
      '/sounds/background/table-theme.mp3',
    ])
      expect(cached(path), path).toBe(true);
    for (const route of routes) expect(route.options?.expiration?.maxEntries).toBeGreaterThan(0);
  });

  it('waits for the player before a new version takes over', () => {
    expect(pwaOptions.registerType).toBe('prompt');
    expect(pwaOptions.workbox!.skipWaiting).not.toBe(true);
  });
});

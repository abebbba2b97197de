import { describe, expect, it } from 'vitest';
import { deepLinkFromArgv, isInAppRoute, routeFromDeepLink } from './routes';

describe('spar:// deep links', () => {
  it('open the in-app route they name, with its query', () => {
    expect(routeFromDeepLink('spar://game/12')).toBe('/game/12');
    expect(routeFromDeepLink('spar:///game/12')).toBe('/game/12');
    expect(routeFromDeepLink('spar://messages/conversation/7')).toBe('/messages/conversation/7');
    expect(routeFromDeepLink('spar://oauth-redirect?code=abc-123&state=x_y')).toBe(
      '/oauth-redirect?code=abc-123&state=x_y',
    );
    expect(routeFromDeepLink('spar://shop#decks')).toBe('/shop');
    expect(routeFromDeepLink('spar://')).toBe('/');
  });

  it('refuse other schemes, credentials, ports, odd characters and path climbing', () => {
    for (const link of [
      'https://game/12',
      'file:///etc/passwd',
      'spar://user:pw@game/12',
      'spar://game:99/12',
      'spar://game/<script>',
      'spar://game/%2e%2e/x',
      'spar://game/../../x',
      'not a url',
      `spar://game/${'a'.repeat(3000)}`,
    ])
      expect(routeFromDeepLink(link), link).toBeNull();
  });

  it('are found among the launch arguments, ignoring everything else', () => {
    expect(deepLinkFromArgv(['/opt/Spar/spar', '--no-sandbox', 'SPAR://watch'])).toBe('/watch');
    expect(deepLinkFromArgv(['/opt/Spar/spar', '--flag', 'spar://game/<x>'])).toBeNull();
    expect(deepLinkFromArgv(['/opt/Spar/spar'])).toBeNull();
  });
});

describe('in-app routes', () => {
  it('are single-slash paths of URL-safe characters without dot segments', () => {
    expect(isInAppRoute('/')).toBe(true);
    expect(isInAppRoute('/profile?id=3&returnTo=%2Fgames')).toBe(true);
    for (const bad of [
      '',
      'game/1',
      '//evil.example/x',
      '/a/../b',
      '/./a',
      '/a b',
      'javascript:alert(1)',
      12,
      null,
    ])
      expect(isInAppRoute(bad), String(bad)).toBe(false);
  });
});

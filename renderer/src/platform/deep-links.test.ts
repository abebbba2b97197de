import { describe, expect, it } from 'vitest';
import { appRoute, deepLinkRoute } from './deep-links';

const host = 'https://play.spar.game';

describe('deep links', () => {
  it('spar:// links open their route, query and hash kept', () => {
    expect(deepLinkRoute('spar://oauth-redirect?code=abc&state=x', host)).toBe(
      '/oauth-redirect?code=abc&state=x',
    );
    expect(deepLinkRoute('spar://game/12', host)).toBe('/game/12');
    expect(deepLinkRoute('spar:///messages/conversation/4#end', host)).toBe('/messages/conversation/4#end');
  });

  it("the product host's https links open in the app; other hosts and schemes do not", () => {
    expect(deepLinkRoute('https://play.spar.game/oauth-redirect?code=abc', host)).toBe(
      '/oauth-redirect?code=abc',
    );
    expect(deepLinkRoute('https://evil.example/oauth-redirect?code=abc', host)).toBeNull();
    expect(deepLinkRoute('http://play.spar.game/oauth-redirect?code=abc', host)).toBeNull();
    expect(deepLinkRoute('https://play.spar.game.evil.example/x', host)).toBeNull();
    expect(deepLinkRoute('javascript:alert(1)', host)).toBeNull();
    expect(deepLinkRoute('not a url', host)).toBeNull();
    // Without a configured host only spar:// links are ours.
    expect(deepLinkRoute('https://play.spar.game/x', '')).toBeNull();
  });

  it('routes that would leave the app are refused', () => {
    expect(appRoute('/game/1')).toBe('/game/1');
    expect(appRoute('//evil.example/x')).toBeNull();
    expect(appRoute('/\\evil.example')).toBeNull();
    expect(appRoute('https://evil.example')).toBeNull();
    expect(appRoute('/a\nb')).toBeNull();
  });
});

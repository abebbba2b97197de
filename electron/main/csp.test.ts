import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config';
import { contentSecurityPolicy, withCsp } from './csp';
import { hardenSession } from './session';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

describe('the content security policy', () => {
  it('packaged: scripts only from the app, API over https and wss, sounds from the cache scheme', () => {
    const csp = directives(contentSecurityPolicy(loadConfig({ apiOrigin: 'https://play.spar.game' })));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://play.spar.game',
      'wss://play.spar.game',
      'spar-audio:',
    ]);
    expect(csp.get('media-src')).toContain('spar-audio:');
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
  });

  it('development: the dev server may run its inline refresh script and HMR socket', () => {
    const csp = directives(contentSecurityPolicy(loadConfig({ devServerUrl: 'http://localhost:5173/' })));
    expect(csp.get('script-src')).toContain("'unsafe-inline'");
    expect(csp.get('connect-src')).toContain('ws://localhost:5173');
  });

  it('replaces whatever policy a response carried', () => {
    expect(
      withCsp(
        { 'content-security-policy': ['default-src *'], 'Content-Type': 'text/html' },
        "default-src 'self'",
      ),
    ).toEqual({ 'Content-Type': ['text/html'], 'Content-Security-Policy': ["default-src 'self'"] });
  });

  it('is set on every response of the session, which grants notifications only', () => {
    let onHeaders: ((details: object, cb: (r: object) => void) => void) | undefined;
    let onRequest: ((wc: unknown, permission: string, cb: (granted: boolean) => void) => void) | undefined;
    let onCheck: ((wc: unknown, permission: string) => boolean) | undefined;
    hardenSession(
      {
        webRequest: { onHeadersReceived: (listener: never) => (onHeaders = listener) },
        setPermissionRequestHandler: (handler: never) => (onRequest = handler),
        setPermissionCheckHandler: (handler: never) => (onCheck = handler),
      } as never,
      "default-src 'self'",
    );
    const answer = vi.fn();
    onHeaders!({ responseHeaders: { 'Content-Type': ['text/html'] } }, answer);
    expect(answer).toHaveBeenCalledWith({
      responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': ["default-src 'self'"] },
    });
    const granted: Record<string, boolean> = {};
    for (const permission of ['notifications', 'media', 'geolocation'])
      onRequest!(null, permission, (ok) => (granted[permission] = ok));
    expect(granted).toEqual({ notifications: true, media: false, geolocation: false });
    expect(onCheck!(null, 'notifications')).toBe(true);
    expect(onCheck!(null, 'media')).toBe(false);
  });
});

describe('the desktop configuration', () => {
  it('packaged: app://spar pages calling the production host', () => {
    expect(loadConfig({})).toEqual({
      productOrigin: 'app://spar',
      startUrl: 'app://spar/',
      apiOrigin: 'https://play.spar.game',
      dev: false,
      updateFeedUrl: '',
    });
    expect(loadConfig({ apiOrigin: 'https://staging.spar.game/' }).apiOrigin).toBe(
      'https://staging.spar.game',
    );
    expect(loadConfig({ updateFeedUrl: 'https://play.spar.game/desktop/releases' }).updateFeedUrl).toBe(
      'https://play.spar.game/desktop/releases/',
    );
  });

  it('rejects an API origin that is not http(s), naming the variable', () => {
    expect(() => loadConfig({ apiOrigin: 'ftp://x' })).toThrow(/VITE_API_ORIGIN/);
    expect(() => loadConfig({ devServerUrl: 'nope' })).toThrow(/VITE_DEV_SERVER_URL/);
    expect(() => loadConfig({ updateFeedUrl: 'javascript:alert(1)' })).toThrow(/SPAR_UPDATE_URL/);
  });
});

import { describe, expect, it } from 'vitest';
import { headerTopPadding } from '../components/PageHeader';
import { resolveUrl, socketUrl, type Platform } from './index';
import { createWebPlatform } from './web';

const web: Platform = createWebPlatform('');
const native = (bar: number | null): Platform => ({
  ...createWebPlatform('https://play.spar.game'),
  kind: 'capacitor',
  isNative: true,
  hasStatusBar: true,
  statusBarHeight: () => bar,
});

describe('platform', () => {
  it('keeps API paths relative on web and sends single-slash paths to the production host on native', () => {
    expect(resolveUrl('/api/auth/user', web)).toBe('/api/auth/user');
    expect(resolveUrl('/api/auth/user', native(null))).toBe('https://play.spar.game/api/auth/user');
    expect(resolveUrl('//cdn.example/x.png', native(null))).toBe('//cdn.example/x.png');
    expect(resolveUrl('https://other/x', native(null))).toBe('https://other/x');
  });

  it('uses ws on http, wss on https, and the production host on native', () => {
    expect(socketUrl(web, { protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(socketUrl(web, { protocol: 'https:', host: 'spar.game' })).toBe('wss://spar.game/ws');
    expect(socketUrl(native(null), { protocol: 'capacitor:', host: 'localhost' })).toBe(
      'wss://play.spar.game/ws',
    );
  });

  it('pads the page header 16 px in the browser, status bar + 5 px on native (50 px when unknown)', () => {
    expect(headerTopPadding(web)).toBe(16);
    expect(headerTopPadding(native(24))).toBe(29);
    expect(headerTopPadding(native(null))).toBe(50);
    // The desktop window has no status bar to clear.
    expect(headerTopPadding({ hasStatusBar: false, statusBarHeight: () => 30 })).toBe(16);
  });

  it('the web keeps the session in localStorage, has no push and no native notifications', async () => {
    expect(web.tokenStorage).toBeNull();
    expect(await web.pushDevice()).toBeNull();
    expect(await web.notify({ kind: 'message', title: 't', body: 'b', route: '/' })).toBe(false);
    expect(web.soundSource('/sounds/ui/click.mp3')).toBe('/sounds/ui/click.mp3');
    // The service worker updates the web app (lib/pwa), not an updater of its own.
    expect(web.appUpdates).toBeNull();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { decideNavigation, guardNavigation, isPermissionGranted } from './navigation';

const ORIGIN = 'app://spar';

describe('the navigation guard', () => {
  it('keeps the product origin, sends http(s) elsewhere to the browser and denies the rest', () => {
    expect(decideNavigation('app://spar/game/12', ORIGIN)).toBe('allow');
    expect(decideNavigation('app://other/x', ORIGIN)).toBe('deny');
    expect(decideNavigation('https://play.spar.game/terms', ORIGIN)).toBe('external');
    expect(decideNavigation('http://example.com', ORIGIN)).toBe('external');
    expect(decideNavigation('file:///etc/passwd', ORIGIN)).toBe('deny');
    expect(decideNavigation('javascript:alert(1)', ORIGIN)).toBe('deny');
    expect(decideNavigation('nonsense', ORIGIN)).toBe('deny');
    // The dev server is an http origin like any other: its port is part of it.
    expect(decideNavigation('http://localhost:5173/shop', 'http://localhost:5173')).toBe('allow');
    expect(decideNavigation('http://localhost:5174/shop', 'http://localhost:5173')).toBe('external');
  });

  function fakeContents() {
    const listeners = new Map<string, (event: { url: string; preventDefault(): void }) => void>();
    let openHandler: ((details: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: vi.fn((name: string, listener: never) => listeners.set(name, listener)),
      setWindowOpenHandler: vi.fn((handler: never) => (openHandler = handler)),
    };
    return {
      contents,
      navigate(url: string) {
        const event = { url, preventDefault: vi.fn() };
        listeners.get('will-navigate')!(event);
        return event.preventDefault.mock.calls.length > 0;
      },
      open: (url: string) => openHandler!({ url }),
    };
  }

  it('stops navigations off the product and opens web links in the system browser', () => {
    const fake = fakeContents();
    const openExternal = vi.fn();
    guardNavigation(fake.contents as never, ORIGIN, openExternal);

    expect(fake.navigate('app://spar/oauth-redirect?code=1')).toBe(false);
    expect(openExternal).not.toHaveBeenCalled();
    expect(fake.navigate('https://accounts.example.com/signin')).toBe(true);
    expect(openExternal).toHaveBeenCalledWith('https://accounts.example.com/signin');
    expect(fake.navigate('file:///home/me/.ssh/id_rsa')).toBe(true);
    expect(openExternal).toHaveBeenCalledTimes(1);
  });

  it('never opens a second window', () => {
    const fake = fakeContents();
    const openExternal = vi.fn();
    guardNavigation(fake.contents as never, ORIGIN, openExternal);
    expect(fake.open('app://spar/shop')).toEqual({ action: 'deny' });
    expect(fake.open('https://paystack.example/checkout')).toEqual({ action: 'deny' });
    expect(fake.open('smb://server/share')).toEqual({ action: 'deny' });
    expect(openExternal.mock.calls).toEqual([['https://paystack.example/checkout']]);
  });
});

describe('permissions', () => {
  it('grant notifications only', () => {
    expect(isPermissionGranted('notifications')).toBe(true);
    for (const p of ['media', 'geolocation', 'clipboard-read', 'openExternal', 'fullscreen', 'hid'])
      expect(isPermissionGranted(p), p).toBe(false);
  });
});

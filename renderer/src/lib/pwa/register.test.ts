// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerServiceWorkerAfterLoad } from './register';

afterEach(() => vi.unstubAllGlobals());

describe('service worker registration', () => {
  it('is skipped in the desktop and mobile shells, which ship their own assets', () => {
    expect(registerServiceWorkerAfterLoad({ isNative: true }, true)).toBe(false);
  });

  it('is skipped on the dev server', () => {
    expect(registerServiceWorkerAfterLoad({ isNative: false }, false)).toBe(false);
  });

  it('is skipped where the browser has no service workers', () => {
    vi.stubGlobal('navigator', {});
    expect(registerServiceWorkerAfterLoad({ isNative: false }, true)).toBe(false);
  });

  it('waits for the page to load in a production web build', () => {
    vi.stubGlobal('navigator', { serviceWorker: {} });
    const listen = vi.spyOn(window, 'addEventListener');
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    expect(registerServiceWorkerAfterLoad({ isNative: false }, true)).toBe(true);
    expect(listen).toHaveBeenCalledWith('load', expect.any(Function), { once: true });
  });
});

import { describe, expect, it } from 'vitest';
import { MapStore } from '../testing/fakes';
import { restoreBounds, saveWindowState } from './window-state';

const SCREEN = { x: 0, y: 0, width: 1920, height: 1080 };

describe('the remembered window state', () => {
  it('opens at the default size the first time', () => {
    expect(restoreBounds(new MapStore(), [SCREEN])).toEqual({
      bounds: { width: 1280, height: 820 },
      maximized: false,
    });
  });

  it('restores the saved bounds and maximised state', () => {
    const store = new MapStore();
    saveWindowState(store, { x: 100, y: 50, width: 1000, height: 700 }, true);
    expect(restoreBounds(store, [SCREEN])).toEqual({
      bounds: { x: 100, y: 50, width: 1000, height: 700 },
      maximized: true,
    });
  });

  it('drops a position that is on no display any more, keeping the size', () => {
    const store = new MapStore();
    saveWindowState(store, { x: 2500, y: 100, width: 1000, height: 700 }, false);
    expect(restoreBounds(store, [SCREEN])).toEqual({
      bounds: { width: 1000, height: 700 },
      maximized: false,
    });
    expect(restoreBounds(store, [SCREEN, { x: 1920, y: 0, width: 1920, height: 1080 }]).bounds).toEqual({
      x: 2500,
      y: 100,
      width: 1000,
      height: 700,
    });
  });

  it('ignores a corrupt or too small saved state', () => {
    const store = new MapStore();
    store.set('windowState', { x: 'a', width: 5 });
    expect(restoreBounds(store, [SCREEN]).bounds).toEqual({ width: 1280, height: 820 });
    saveWindowState(store, { x: 0, y: 0, width: 100, height: 100 }, false);
    expect(store.get('windowState')).toEqual({ x: 'a', width: 5 });
  });
});

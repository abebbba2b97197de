import { describe, expect, it } from 'vitest';
import { WINDOW_OPTIONS } from './window-options';

describe('desktop window options', () => {
  it('isolate and sandbox the renderer with no Node access', () => {
    expect(WINDOW_OPTIONS.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    });
  });

  it('fit the smallest screen the app supports (360 px wide)', () => {
    expect(WINDOW_OPTIONS.minWidth).toBeLessThanOrEqual(360);
    expect(WINDOW_OPTIONS.show).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { WINDOW_OPTIONS, windowOptions } from './window-options';

describe('desktop window options', () => {
  it('isolate and sandbox the renderer with no Node access', () => {
    expect(WINDOW_OPTIONS.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('fit the smallest screen the app supports (360 px wide)', () => {
    expect(WINDOW_OPTIONS.minWidth).toBeLessThanOrEqual(360);
    expect(WINDOW_OPTIONS.show).toBe(false);
  });

  it('add the preload and the remembered bounds without loosening anything', () => {
    const options = windowOptions('/app/preload/index.cjs', { x: 10, y: 20, width: 900, height: 700 });
    expect(options).toMatchObject({ x: 10, y: 20, width: 900, height: 700, minWidth: 360, show: false });
    expect(options.webPreferences).toEqual({
      ...WINDOW_OPTIONS.webPreferences,
      preload: '/app/preload/index.cjs',
    });
  });
});

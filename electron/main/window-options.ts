/**
 * Options for every Spar desktop window. The renderer is untrusted web content: it gets no Node,
 * runs sandboxed in an isolated context, and talks to the main process only through the preload
 * bridge (electron/preload). See docs/desktop.md, "Security model".
 */
import type { BrowserWindowConstructorOptions } from 'electron';

export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  navigateOnDragDrop: false,
  spellcheck: false,
} as const;

export const WINDOW_OPTIONS = {
  title: 'Spar',
  width: 1280,
  height: 820,
  minWidth: 360,
  minHeight: 640,
  // Matches the app's dark background, so no white flash before the first paint.
  backgroundColor: '#0e1613',
  show: false,
  webPreferences: SECURE_WEB_PREFERENCES,
} as const;

/** The window's options with its preload and remembered bounds. */
export function windowOptions(
  preload: string,
  bounds: { x?: number; y?: number; width: number; height: number },
): BrowserWindowConstructorOptions {
  return {
    ...WINDOW_OPTIONS,
    ...bounds,
    webPreferences: { ...SECURE_WEB_PREFERENCES, preload },
  };
}

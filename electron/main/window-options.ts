/**
 * Options for every Spar desktop window. The renderer is untrusted web content: it gets no Node,
 * runs sandboxed in an isolated context, and talks to the main process only through the preload
 * bridge (added with the desktop issue).
 */
export const SECURE_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
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

/**
 * The IPC channel names between the preload bridge and the main process, one per capability of
 * `window.sparDesktop` (shared/desktop-bridge.ts). There is deliberately no generic channel: the
 * preload exposes named functions only, and main validates each channel's arguments on its own.
 * See docs/desktop.md, "IPC".
 */
export const IPC = {
  tokenGet: 'spar:token:get',
  tokenSet: 'spar:token:set',
  tokenClear: 'spar:token:clear',
  notify: 'spar:notify',
  audioSync: 'spar:audio:sync',
  audioStatus: 'spar:audio:status',
  openExternal: 'spar:open-external',
  updateStatus: 'spar:update:status',
  updateCheck: 'spar:update:check',
  updateSetMinimum: 'spar:update:set-minimum',
  updateInstall: 'spar:update:install',
  /** main → renderer: an in-app route to open (deep link, notification click, menu). */
  navigate: 'spar:navigate',
  /** main → renderer: the computer woke from sleep (powerMonitor `resume`). */
  resume: 'spar:resume',
  /** main → renderer: the updater's new state (a DesktopUpdateState). */
  updateState: 'spar:update:state',
} as const;

export type IpcChannel = (typeof IPC)[keyof typeof IPC];

/**
 * The preload: puts the typed bridge of shared/desktop-bridge.ts on `window.sparDesktop` through
 * contextBridge. Every capability is its own function on its own channel — the page never gets
 * ipcRenderer or a generic invoke — and main validates each call again. Bundled as CommonJS,
 * because sandboxed preloads cannot load ES modules. See docs/desktop.md, "Bridge".
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { DesktopBridge, DesktopUpdateState } from '@shared/desktop-bridge';
import { DESKTOP_BRIDGE_KEY } from '@shared/desktop-bridge';
import { IPC } from '../ipc-channels';

export function createBridge(
  ipc: Pick<typeof ipcRenderer, 'invoke' | 'on' | 'removeListener'>,
): DesktopBridge {
  return {
    version: 1,
    token: {
      get: () => ipc.invoke(IPC.tokenGet),
      set: (token) => ipc.invoke(IPC.tokenSet, token),
      clear: () => ipc.invoke(IPC.tokenClear),
    },
    notify: (notification) => ipc.invoke(IPC.notify, notification),
    onNavigate(listener) {
      if (typeof listener !== 'function') throw new TypeError('onNavigate needs a function');
      // The page's listener never sees the IPC event (it carries the sender object).
      const wrapped = (_event: IpcRendererEvent, route: unknown) => {
        if (typeof route === 'string') listener(route);
      };
      ipc.on(IPC.navigate, wrapped);
      return () => {
        ipc.removeListener(IPC.navigate, wrapped);
      };
    },
    onResume(listener) {
      if (typeof listener !== 'function') throw new TypeError('onResume needs a function');
      // Called with nothing: the page learns only that the computer woke up.
      const wrapped = () => listener();
      ipc.on(IPC.resume, wrapped);
      return () => {
        ipc.removeListener(IPC.resume, wrapped);
      };
    },
    audio: {
      sync: (manifestUrl) => ipc.invoke(IPC.audioSync, manifestUrl),
      status: () => ipc.invoke(IPC.audioStatus),
    },
    openExternal: (url) => ipc.invoke(IPC.openExternal, url),
    updates: {
      status: () => ipc.invoke(IPC.updateStatus),
      onChange(listener) {
        if (typeof listener !== 'function') throw new TypeError('updates.onChange needs a function');
        // Only a well-formed state reaches the page, as a fresh plain object (never the IPC event).
        const wrapped = (_event: IpcRendererEvent, state: unknown) => {
          const valid = updateState(state);
          if (valid) listener(valid);
        };
        ipc.on(IPC.updateState, wrapped);
        return () => {
          ipc.removeListener(IPC.updateState, wrapped);
        };
      },
      check: () => ipc.invoke(IPC.updateCheck),
      setMinimumVersion: (version) => {
        if (typeof version !== 'string') return Promise.reject(new TypeError('the version must be a string'));
        return ipc.invoke(IPC.updateSetMinimum, version);
      },
      install: () => ipc.invoke(IPC.updateInstall),
    },
  };
}

const UPDATE_STATUSES = new Set([
  'disabled',
  'idle',
  'checking',
  'available',
  'downloading',
  'downloaded',
  'error',
]);

/** The updater's state as main sends it, checked field by field; null when anything is off. */
export function updateState(value: unknown): DesktopUpdateState | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const stringOrNull = (x: unknown) => x === null || typeof x === 'string';
  if (typeof v.status !== 'string' || !UPDATE_STATUSES.has(v.status)) return null;
  if (typeof v.currentVersion !== 'string' || !stringOrNull(v.version) || !stringOrNull(v.message))
    return null;
  if (!(v.percent === null || (typeof v.percent === 'number' && v.percent >= 0 && v.percent <= 100)))
    return null;
  if (typeof v.required !== 'boolean') return null;
  return {
    status: v.status as DesktopUpdateState['status'],
    currentVersion: v.currentVersion,
    version: v.version as string | null,
    percent: v.percent,
    message: v.message as string | null,
    required: v.required,
  };
}

contextBridge.exposeInMainWorld(DESKTOP_BRIDGE_KEY, createBridge(ipcRenderer));

/**
 * The preload: puts the typed bridge of shared/desktop-bridge.ts on `window.sparDesktop` through
 * contextBridge. Every capability is its own function on its own channel — the page never gets
 * ipcRenderer or a generic invoke — and main validates each call again. Bundled as CommonJS,
 * because sandboxed preloads cannot load ES modules. See docs/desktop.md, "Bridge".
 */
import { contextBridge, ipcRenderer } from 'electron';
import type { IpcRendererEvent } from 'electron';
import type { DesktopBridge } from '@shared/desktop-bridge';
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
  };
}

contextBridge.exposeInMainWorld(DESKTOP_BRIDGE_KEY, createBridge(ipcRenderer));

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '@shared/desktop-bridge';
import { IPC } from '../ipc-channels';

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  return {
    listeners,
    contextBridge: { exposeInMainWorld: vi.fn() },
    ipcRenderer: {
      invoke: vi.fn(async (..._args: unknown[]) => 'answer'),
      on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        if (!listeners.has(channel)) listeners.set(channel, new Set());
        listeners.get(channel)!.add(listener);
      }),
      removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
        listeners.get(channel)?.delete(listener);
      }),
    },
  };
});
vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer }));

let bridge: DesktopBridge;
beforeEach(async () => {
  vi.resetModules();
  electron.contextBridge.exposeInMainWorld.mockClear();
  electron.ipcRenderer.invoke.mockClear();
  await import('./index');
  const [key, value] = electron.contextBridge.exposeInMainWorld.mock.calls[0]!;
  expect(key).toBe('sparDesktop');
  bridge = value as DesktopBridge;
});

describe('the preload bridge', () => {
  it('exposes exactly the typed contract, with no generic invoke or ipcRenderer', () => {
    expect(Object.keys(bridge).sort()).toEqual([
      'audio',
      'notify',
      'onNavigate',
      'onResume',
      'openExternal',
      'token',
      'updates',
      'version',
    ]);
    expect(Object.keys(bridge.updates).sort()).toEqual([
      'check',
      'install',
      'onChange',
      'setMinimumVersion',
      'status',
    ]);
    expect(Object.keys(bridge.token).sort()).toEqual(['clear', 'get', 'set']);
    expect(Object.keys(bridge.audio).sort()).toEqual(['status', 'sync']);
    expect(bridge.version).toBe(1);
    expect(JSON.stringify(Object.keys(bridge))).not.toMatch(/invoke|send|ipc/i);
  });

  it('sends each call on its own channel with only its own arguments', async () => {
    await expect(bridge.token.get()).resolves.toBe('answer');
    await bridge.token.set('tok');
    await bridge.token.clear();
    const notification = { kind: 'message', title: 'Kofi', body: 'hi', route: '/messages' } as const;
    await bridge.notify(notification);
    await bridge.audio.sync('/sounds/manifest.json');
    await bridge.audio.status();
    await bridge.openExternal('https://example.com');
    await bridge.updates.status();
    await bridge.updates.check();
    await bridge.updates.setMinimumVersion('1.5.0');
    await bridge.updates.install();
    await expect(bridge.updates.setMinimumVersion(15 as unknown as string)).rejects.toThrow(TypeError);
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([
      [IPC.tokenGet],
      [IPC.tokenSet, 'tok'],
      [IPC.tokenClear],
      [IPC.notify, notification],
      [IPC.audioSync, '/sounds/manifest.json'],
      [IPC.audioStatus],
      [IPC.openExternal, 'https://example.com'],
      [IPC.updateStatus],
      [IPC.updateCheck],
      [IPC.updateSetMinimum, '1.5.0'],
      [IPC.updateInstall],
    ]);
  });

  it('hands navigation routes to the listener (never the IPC event) until unsubscribed', () => {
    const seen: unknown[][] = [];
    const off = bridge.onNavigate((...args) => seen.push(args));
    const emit = (...args: unknown[]) => electron.listeners.get(IPC.navigate)!.forEach((l) => l(...args));
    emit({ sender: 'ipc internals' }, '/game/3');
    emit({ sender: 'ipc internals' }, 42);
    off();
    expect(electron.listeners.get(IPC.navigate)!.size).toBe(0);
    expect(seen).toEqual([['/game/3']]);
  });

  it('tells the listener the computer woke up, with nothing from the IPC event, until unsubscribed', () => {
    const seen: unknown[][] = [];
    const off = bridge.onResume((...args: unknown[]) => seen.push(args));
    const emit = (...args: unknown[]) => electron.listeners.get(IPC.resume)!.forEach((l) => l(...args));
    emit({ sender: 'ipc internals' });
    emit({ sender: 'ipc internals' }, 'extra');
    off();
    expect(electron.listeners.get(IPC.resume)!.size).toBe(0);
    emit({ sender: 'ipc internals' });
    expect(seen).toEqual([[], []]);
    expect(() => bridge.onResume('not a function' as unknown as () => void)).toThrow(TypeError);
  });

  it('passes the page only well-formed update states, as fresh objects, until unsubscribed', () => {
    const seen: unknown[][] = [];
    const off = bridge.updates.onChange((...args: unknown[]) => seen.push(args));
    const emit = (...args: unknown[]) => electron.listeners.get(IPC.updateState)!.forEach((l) => l(...args));
    const state = {
      status: 'downloading',
      currentVersion: '1.4.0',
      version: '1.5.0',
      percent: 42,
      message: null,
      required: false,
    };
    emit({ sender: 'ipc internals' }, { ...state, extra: 'dropped' });
    for (const bad of [
      null,
      'downloading',
      { ...state, status: 'exploded' },
      { ...state, percent: 140 },
      { ...state, required: 'yes' },
      { ...state, version: 7 },
    ])
      emit({ sender: 'ipc internals' }, bad);
    off();
    expect(electron.listeners.get(IPC.updateState)!.size).toBe(0);
    emit({ sender: 'ipc internals' }, state);
    expect(seen).toEqual([[state]]);
    expect(() => bridge.updates.onChange(null as unknown as () => void)).toThrow(TypeError);
  });
});

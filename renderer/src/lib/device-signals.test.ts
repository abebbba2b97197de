// @vitest-environment happy-dom
import { focusManager, onlineManager } from '@tanstack/react-query';
import { getDefaultStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appSignals, followDeviceSignals, type DeviceSignals } from './device-signals';
import { networkOnlineAtom } from './network';

/** Signals a test drives by hand: the network, the page's visibility and the app's resume. */
function fakeSignals() {
  let online = true;
  let visibility: DocumentVisibilityState = 'visible';
  const network = new Set<() => void>();
  const resume = new Set<() => void>();
  const page = new EventTarget();
  const signals: DeviceSignals = {
    networkOnline: () => online,
    onNetworkChange: (listener) => {
      network.add(listener);
      return () => network.delete(listener);
    },
    document: {
      get visibilityState() {
        return visibility;
      },
      addEventListener: page.addEventListener.bind(page),
      removeEventListener: page.removeEventListener.bind(page),
    } as DeviceSignals['document'],
    onResume: (listener) => {
      resume.add(listener);
      return () => resume.delete(listener);
    },
  };
  return {
    signals,
    setOnline(value: boolean) {
      online = value;
      network.forEach((listener) => listener());
    },
    show(value: DocumentVisibilityState) {
      visibility = value;
      page.dispatchEvent(new Event('visibilitychange'));
    },
    resume: () => resume.forEach((listener) => listener()),
  };
}

const socket = () => ({ reconnectNow: vi.fn(), networkChanged: vi.fn() });

describe('followDeviceSignals', () => {
  let undo: (() => void) | undefined;
  beforeEach(() => {
    onlineManager.setOnline(true);
    focusManager.setFocused(undefined);
  });
  afterEach(() => undo?.());

  it('tells the socket when the network comes and goes, the page is shown, and the app resumes', () => {
    const device = fakeSignals();
    const s = socket();
    undo = followDeviceSignals(device.signals, s, { onlineManager, focusManager });
    device.setOnline(false);
    expect(s.networkChanged).toHaveBeenLastCalledWith(false);
    device.setOnline(true);
    expect(s.networkChanged).toHaveBeenLastCalledWith(true);
    // Hidden is not a reason to try; shown again is.
    device.show('hidden');
    expect(s.reconnectNow).not.toHaveBeenCalled();
    device.show('visible');
    expect(s.reconnectNow).toHaveBeenCalledTimes(1);
    device.resume();
    expect(s.reconnectNow).toHaveBeenCalledTimes(2);
    // Undone, nothing more reaches the socket.
    undo();
    undo = undefined;
    device.setOnline(false);
    device.show('visible');
    device.resume();
    expect(s.networkChanged).toHaveBeenCalledTimes(2);
    expect(s.reconnectNow).toHaveBeenCalledTimes(2);
  });

  it('points TanStack Query at the same network, visibility and resume', () => {
    const device = fakeSignals();
    undo = followDeviceSignals(device.signals, socket(), { onlineManager, focusManager });
    device.setOnline(false);
    expect(onlineManager.isOnline()).toBe(false);
    device.setOnline(true);
    expect(onlineManager.isOnline()).toBe(true);

    const focused = vi.fn();
    const off = focusManager.subscribe(focused);
    device.resume();
    expect(focused).toHaveBeenLastCalledWith(true);
    expect(focusManager.isFocused()).toBe(true);
    off();
  });

  it('starts Query offline when the device already is', () => {
    const device = fakeSignals();
    device.setOnline(false);
    undo = followDeviceSignals(device.signals, socket(), { onlineManager, focusManager });
    expect(onlineManager.isOnline()).toBe(false);
  });

  it('reads the app network atom (lib/network) and the platform resume', () => {
    const store = getDefaultStore();
    const resumeListeners = new Set<() => void>();
    const signals = appSignals({
      onResume: (listener) => {
        resumeListeners.add(listener);
        return () => resumeListeners.delete(listener);
      },
    });
    const s = socket();
    undo = followDeviceSignals(signals, s, { onlineManager, focusManager });
    store.set(networkOnlineAtom, false);
    expect(s.networkChanged).toHaveBeenLastCalledWith(false);
    expect(onlineManager.isOnline()).toBe(false);
    store.set(networkOnlineAtom, true);
    expect(s.networkChanged).toHaveBeenLastCalledWith(true);
    expect(onlineManager.isOnline()).toBe(true);
    resumeListeners.forEach((listener) => listener());
    expect(s.reconnectNow).toHaveBeenCalledTimes(1);
    expect(focusManager.isFocused()).toBe(true);
  });
});

import { getDefaultStore } from 'jotai';
import type { Platform } from '../platform';
import { networkOnlineAtom } from './network';
import type { SocketClient } from './socket';

/**
 * What tells the app that the server may be reachable again, or that the player is back: the
 * device's network (lib/network.ts), the page's visibility, and the native shells' resume.
 */
export interface DeviceSignals {
  /** Whether the device has a network now. */
  networkOnline(): boolean;
  /** Calls `listener` whenever that changes; returns an unsubscribe. */
  onNetworkChange(listener: () => void): () => void;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  /** A phone app resumed or the computer woke from sleep (`Platform.onResume`). */
  onResume(listener: () => void): () => void;
}

/** The parts of TanStack Query's `onlineManager` and `focusManager` this file drives. */
export interface QueryManagers {
  onlineManager: { setEventListener(setup: (setOnline: (online: boolean) => void) => () => void): void };
  focusManager: { setEventListener(setup: (setFocused: (focused?: boolean) => void) => () => void): void };
}

/**
 * Points the socket and TanStack Query at the same signals (docs/design.md, "The socket that comes
 * back"): the network going tells the socket to close and wait, and pauses queries and mutations;
 * the network returning, the page becoming visible and the app resuming each make the socket try
 * at once and tell Query the player is back. Returns what undoes it.
 */
export function followDeviceSignals(
  signals: DeviceSignals,
  socket: Pick<SocketClient, 'reconnectNow' | 'networkChanged'>,
  query: QueryManagers,
): () => void {
  const offNetwork = signals.onNetworkChange(() => socket.networkChanged(signals.networkOnline()));
  const visibility = () => {
    if (signals.document.visibilityState === 'visible') socket.reconnectNow();
  };
  signals.document.addEventListener('visibilitychange', visibility);
  const offResume = signals.onResume(() => socket.reconnectNow());

  query.onlineManager.setEventListener((setOnline) => {
    setOnline(signals.networkOnline());
    return signals.onNetworkChange(() => setOnline(signals.networkOnline()));
  });
  query.focusManager.setEventListener((setFocused) => {
    // Without an argument Query reads the page's visibility itself.
    const changed = () => setFocused();
    signals.document.addEventListener('visibilitychange', changed);
    const offFocusResume = signals.onResume(() => setFocused(true));
    return () => {
      signals.document.removeEventListener('visibilitychange', changed);
      offFocusResume();
    };
  });

  // Query's managers keep following these signals after the socket lets go: they are the app's
  // for its whole life, and setting them again (a remount) replaces these listeners.
  return () => {
    offNetwork();
    signals.document.removeEventListener('visibilitychange', visibility);
    offResume();
  };
}

/** The app's signals: the network atom, this document, and the platform's resume. */
export function appSignals(platform: Pick<Platform, 'onResume'>): DeviceSignals {
  const store = getDefaultStore();
  return {
    networkOnline: () => store.get(networkOnlineAtom),
    onNetworkChange: (listener) => store.sub(networkOnlineAtom, listener),
    document,
    onResume: (listener) => platform.onResume(listener),
  };
}

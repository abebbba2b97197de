import { atom, getDefaultStore, useAtomValue } from 'jotai';

/**
 * Whether the device says it has a network (`navigator.onLine` and its `online` / `offline`
 * events). A `false` is reliable (no network at all); a `true` only means a network exists, so
 * whatever needs the server still learns from its own requests and the socket.
 */
export const networkOnlineAtom = atom<boolean>(typeof navigator === 'undefined' ? true : navigator.onLine);

if (typeof window !== 'undefined') {
  const store = getDefaultStore();
  window.addEventListener('online', () => store.set(networkOnlineAtom, true));
  window.addEventListener('offline', () => store.set(networkOnlineAtom, false));
}

/** True while the device has a network; see `networkOnlineAtom`. */
export function useNetworkOnline(): boolean {
  return useAtomValue(networkOnlineAtom);
}

import { useAtomValue } from 'jotai';
import { useNetworkOnline } from './network';
import { socketStatusAtom } from './realtime';
import type { SocketStatus } from './socket';

/**
 * What the header says about the connection: `online` (signed in on the socket), `connecting`
 * (the first connection opening), `offline` (the device has no network), `reconnecting` (the
 * socket dropped and attempts run), `unreachable` (the 20 attempts failed: Retry).
 */
export type ConnectionView = 'online' | 'connecting' | 'offline' | 'reconnecting' | 'unreachable';

export function connectionView(status: SocketStatus, networkOnline: boolean): ConnectionView {
  if (!networkOnline) return 'offline';
  if (status.connection === 'connected' && status.auth === 'authenticated') return 'online';
  if (status.reconnect === 'exhausted') return 'unreachable';
  if (status.reconnect !== 'none') return 'reconnecting';
  return 'connecting';
}

/** The connection as the header shows it; see `connectionView`. */
export function useConnectionView(): ConnectionView {
  return connectionView(useAtomValue(socketStatusAtom), useNetworkOnline());
}

import { atom, getDefaultStore } from 'jotai';
import { socketUrl } from '../platform';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call, endSession } from './http';
import { networkOnlineAtom } from './network';
import { SocketClient, type SocketStatus } from './socket';
import { playSound } from './sounds';
import { getToken } from './storage';
import { toast } from './toast';

export const socketStatusAtom = atom<SocketStatus>({
  connection: 'offline',
  auth: 'none',
  quality: null,
  latency: null,
  reconnect: 'none',
});

/** The app's one socket to /ws. */
export const socket = new SocketClient({
  url: () => socketUrl(),
  token: getToken,
  networkOnline: () => getDefaultStore().get(networkOnlineAtom),
  // With a token left, the current-user check answers 401 for a revoked or expired session and the
  // HTTP client ends the session with the usual notice (any other outcome leaves it as it is).
  // Without one, this browser signed out in another tab: end the session here too, quietly.
  onAuthRejected: () =>
    getToken() ? void call(ROUTES.auth.user, { nullOn401: true }).catch(() => undefined) : endSession(false),
  // Giving up on reconnecting is a state the header shows with Retry (components/ConnectionNotice),
  // not a toast that vanishes.
  onFatal: () =>
    toast({
      title: 'Browser Error',
      description: "Your browser doesn't support WebSockets. Please use a modern browser.",
      variant: 'destructive',
    }),
});

socket.onStatus((status) => getDefaultStore().set(socketStatusAtom, status));

// A friend's new message is announced by the notification sound; the echo of one's own is not.
let signedInAs: number | null = null;
socket.on('MESSAGING_AUTH_SUCCESS', (m) => {
  signedInAs = m.userId;
});
socket.on('CHAT_MESSAGE', (m) => {
  if (signedInAs !== null && m.message.fromUserId !== signedInAs) playSound('notification');
});

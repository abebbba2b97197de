/**
 * Which friends are online: a set the server keeps current. ONLINE_STATUS (the answer to
 * GET_ONLINE_STATUS for the friends list) replaces it; USER_ONLINE and USER_OFFLINE add and remove
 * one friend. See docs/protocol.md, "Presence".
 */
import { atom, getDefaultStore } from 'jotai';
import type { SocketClient } from '../lib/socket';

export const onlineUsersAtom = atom<ReadonlySet<number>>(new Set<number>());

/** Whether an ONLINE_STATUS has come since the app started: until then "offline" is a guess. */
export const presenceAnsweredAtom = atom(false);

type Store = ReturnType<typeof getDefaultStore>;

/** Keeps `onlineUsersAtom` from the socket's presence messages; returns the unsubscribe. */
export function trackPresence(
  client: Pick<SocketClient, 'on'>,
  store: Store = getDefaultStore(),
): () => void {
  const update = (change: (set: Set<number>) => void) =>
    store.set(onlineUsersAtom, (current) => {
      const next = new Set(current);
      change(next);
      return next;
    });
  const offs = [
    client.on('ONLINE_STATUS', (m) => {
      store.set(onlineUsersAtom, new Set(m.onlineUsers));
      store.set(presenceAnsweredAtom, true);
    }),
    client.on('USER_ONLINE', (m) => update((set) => set.add(m.userId))),
    client.on('USER_OFFLINE', (m) => update((set) => set.delete(m.userId))),
  ];
  return () => offs.forEach((off) => off());
}

/** Asks which of these friends are online (the server answers for accepted friends only). */
export function askOnlineStatus(client: Pick<SocketClient, 'send'>, userIds: number[]): void {
  client.send({ type: 'GET_ONLINE_STATUS', userIds });
}

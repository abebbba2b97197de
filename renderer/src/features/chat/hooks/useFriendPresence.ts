import { useEffect, useState } from 'react';
import { socket } from '../../../lib/realtime';

/**
 * Whether the friend is online, from the socket's presence messages: asks once (GET_ONLINE_STATUS)
 * and follows USER_ONLINE / USER_OFFLINE. Null until the server has answered.
 */
export function useFriendPresence(friendId: number): boolean | null {
  const [online, setOnline] = useState<boolean | null>(null);
  useEffect(() => {
    let wasAuthed = socket.status.auth === 'authenticated';
    const stops = [
      socket.on('ONLINE_STATUS', (m) => setOnline(m.onlineUsers.includes(friendId))),
      socket.on('USER_ONLINE', (m) => m.userId === friendId && setOnline(true)),
      socket.on('USER_OFFLINE', (m) => m.userId === friendId && setOnline(false)),
      // After a reconnect, ask again: the friend may have come or gone while the socket was away.
      socket.onStatus((status) => {
        const authed = status.auth === 'authenticated';
        if (authed && !wasAuthed) socket.send({ type: 'GET_ONLINE_STATUS', userIds: [friendId] });
        wasAuthed = authed;
      }),
    ];
    socket.send({ type: 'GET_ONLINE_STATUS', userIds: [friendId] });
    return () => stops.forEach((stop) => stop());
  }, [friendId]);
  return online;
}

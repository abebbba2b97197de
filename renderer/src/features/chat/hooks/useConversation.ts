import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { CHAT_MAX_CHARS, chatLength, chatText, type ChatMessage } from '@shared/protocol';
import { conversationsQueryKey } from '../../../domain/conversations';
import { socket } from '../../../lib/realtime';
import { chatHistoryQueryOptions, markRead } from '../api/messages';

/** A message not confirmed by the server yet, or refused. */
export interface PendingMessage {
  clientId: string;
  text: string;
  status: 'sending' | 'failed';
  error?: string;
}

/** How long a message may wait for the server's answer before it shows as failed. */
export const SEND_TIMEOUT_MS = 10_000;

function newClientId(): string {
  return `m${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/**
 * One conversation: history pages from the API, live messages from the socket, and the player's own
 * messages with their delivery state (sending → sent, or failed with a retry). A retry repeats the
 * client id, so the server stores the message once whatever happened to the first attempt.
 */
export function useConversation(myId: number, friendId: number) {
  const client = useQueryClient();
  const history = useInfiniteQuery(chatHistoryQueryOptions(friendId));
  const [live, setLive] = useState<ChatMessage[]>([]);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const settle = useCallback((clientId: string, change: PendingMessage | null) => {
    clearTimeout(timers.current.get(clientId));
    timers.current.delete(clientId);
    setPending((list) =>
      change
        ? list.map((p) => (p.clientId === clientId ? change : p))
        : list.filter((p) => p.clientId !== clientId),
    );
  }, []);

  useEffect(() => {
    const inThisChat = (m: ChatMessage) =>
      (m.fromUserId === myId && m.toUserId === friendId) ||
      (m.fromUserId === friendId && m.toUserId === myId);
    const stops = [
      socket.on('CHAT_MESSAGE', ({ message }) => {
        if (!inThisChat(message)) return;
        setLive((list) => (list.some((m) => m.id === message.id) ? list : [...list, message]));
        if (message.fromUserId === myId) settle(message.clientId, null);
      }),
      socket.on('ERROR', (m) => {
        if (m.ref !== 'CHAT_SEND' || !m.clientId) return;
        const clientId = m.clientId;
        setPending((list) => {
          const mine = list.find((p) => p.clientId === clientId);
          if (!mine) return list;
          clearTimeout(timers.current.get(clientId));
          return list.map((p) =>
            p.clientId === clientId ? { ...p, status: 'failed', error: m.message ?? 'Not sent' } : p,
          );
        });
      }),
    ];
    const pendingTimers = timers.current;
    return () => {
      stops.forEach((stop) => stop());
      for (const timer of pendingTimers.values()) clearTimeout(timer);
    };
  }, [myId, friendId, settle]);

  const transmit = useCallback(
    (clientId: string, text: string) => {
      clearTimeout(timers.current.get(clientId));
      timers.current.set(
        clientId,
        setTimeout(() => {
          setPending((list) =>
            list.map((p) =>
              p.clientId === clientId && p.status === 'sending'
                ? { ...p, status: 'failed', error: 'Not sent: no answer from the server' }
                : p,
            ),
          );
        }, SEND_TIMEOUT_MS),
      );
      socket.send({ type: 'CHAT_SEND', clientId, toUserId: friendId, text });
    },
    [friendId],
  );

  /** Sends `raw`; false (nothing sent) when it is empty or too long once trimmed. */
  const send = useCallback(
    (raw: string): boolean => {
      const text = chatText(raw);
      const length = chatLength(text);
      if (length === 0 || length > CHAT_MAX_CHARS) return false;
      const clientId = newClientId();
      setPending((list) => [...list, { clientId, text, status: 'sending' }]);
      transmit(clientId, text);
      return true;
    },
    [transmit],
  );

  const retry = useCallback(
    (clientId: string) => {
      const message = pending.find((p) => p.clientId === clientId);
      if (!message) return;
      setPending((list) =>
        list.map((p) => (p.clientId === clientId ? { clientId, text: p.text, status: 'sending' } : p)),
      );
      transmit(clientId, message.text);
    },
    [pending, transmit],
  );

  /** Everything stored, oldest first. */
  const messages = useMemo(() => {
    const byId = new Map<number, ChatMessage>();
    for (const page of history.data?.pages ?? []) for (const m of page.messages) byId.set(m.id, m);
    for (const m of live) byId.set(m.id, m);
    return [...byId.values()].sort((a, b) => a.id - b.id);
  }, [history.data, live]);

  // Whatever the friend wrote is read while this page is open.
  const newestFromFriend = useMemo(
    () => messages.reduce((newest, m) => (m.fromUserId === friendId && m.id > newest ? m.id : newest), 0),
    [messages, friendId],
  );
  const readUpTo = useRef(0);
  useEffect(() => {
    if (newestFromFriend <= readUpTo.current) return;
    readUpTo.current = newestFromFriend;
    markRead(friendId)
      .then(() => client.invalidateQueries({ queryKey: conversationsQueryKey }))
      .catch(() => undefined);
  }, [newestFromFriend, friendId, client]);

  const firstPage = history.data?.pages[0];
  return {
    friend: firstPage?.friend ?? null,
    friendshipId: firstPage?.friendshipId ?? null,
    messages,
    pending,
    send,
    retry,
    history,
  };
}

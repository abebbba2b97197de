/**
 * The player's chat conversations (GET /api/chat/conversations), shared by the bottom navigation's
 * unread badge, the friends list's badges and the chat feature; incoming CHAT_MESSAGE frames and each
 * sign-in of the socket keep it fresh.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { Conversation } from '@shared/protocol';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../lib/http';
import { reloadQuery } from '../lib/query-client';
import { socket } from '../lib/realtime';
import { useSession } from '../lib/session/useSession';

export const conversationsQueryKey = ['chat', 'conversations'] as const;

export const conversationsQueryOptions = queryOptions({
  queryKey: conversationsQueryKey,
  queryFn: () => call(ROUTES.chat.conversations),
});

/**
 * The conversations, or nothing when signed out or not loaded; any CHAT_MESSAGE (either way, on any
 * connection) makes them load again.
 */
function useConversations(): Conversation[] | undefined {
  const { user } = useSession();
  const client = useQueryClient();
  const { data } = useQuery({ ...conversationsQueryOptions, enabled: user !== null });
  useEffect(() => {
    if (!user) return;
    // Not a plain invalidation: a load under way may have been read before the message was stored.
    const reload = () => void reloadQuery(client, conversationsQueryKey);
    // Also on every sign-in of the socket: a message sent after the first load but before the
    // socket signed in (a page load, a reconnect) reaches no CHAT_MESSAGE handler.
    const offMessage = socket.on('CHAT_MESSAGE', reload);
    const offAuth = socket.on('MESSAGING_AUTH_SUCCESS', reload);
    return () => {
      offMessage();
      offAuth();
    };
  }, [client, user]);
  return data;
}

/** Unread messages across all conversations, or 0 when signed out or not loaded. */
export function useUnreadTotal(): number {
  return useConversations()?.reduce((total, conversation) => total + conversation.unreadCount, 0) ?? 0;
}

/** Unread messages by friend id (friends with none are absent), for the friends list's badges. */
export function useUnreadByFriend(): ReadonlyMap<number, number> {
  const data = useConversations();
  return useMemo(
    () => new Map((data ?? []).filter((c) => c.unreadCount > 0).map((c) => [c.friend.id, c.unreadCount])),
    [data],
  );
}

/**
 * The player's chat conversations (GET /api/chat/conversations), shared by the bottom navigation's
 * unread badge and the chat feature; incoming CHAT_MESSAGE frames keep it fresh.
 */
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Conversation } from '@shared/protocol';
import { api } from './http';
import { socket } from './realtime';
import { useSession } from './session/useSession';

export const conversationsQueryKey = ['chat', 'conversations'] as const;

export const conversationsQueryOptions = queryOptions({
  queryKey: conversationsQueryKey,
  queryFn: () => api<Conversation[]>('/api/chat/conversations'),
});

/** Unread messages across all conversations, or 0 when signed out or not loaded. */
export function useUnreadTotal(): number {
  const { user } = useSession();
  const client = useQueryClient();
  const { data } = useQuery({ ...conversationsQueryOptions, enabled: user !== null });
  useEffect(() => {
    if (!user) return;
    return socket.on(
      'CHAT_MESSAGE',
      () => void client.invalidateQueries({ queryKey: conversationsQueryKey }),
    );
  }, [client, user]);
  return data?.reduce((total, conversation) => total + conversation.unreadCount, 0) ?? 0;
}

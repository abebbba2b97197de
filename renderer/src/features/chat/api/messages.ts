import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ChatPage } from '@shared/protocol';
import { api } from '../../../lib/http';

/** Pages of a conversation, newest first; each next page is older (see docs/api.md, "Chat"). */
export const chatHistoryQueryOptions = (friendId: number) =>
  infiniteQueryOptions({
    queryKey: ['chat', 'messages', friendId],
    queryFn: ({ pageParam }) =>
      api<ChatPage>(`/api/chat/${friendId}/messages${pageParam ? `?before=${pageParam}` : ''}`),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    // Live messages arrive over the socket; history is fetched afresh each time the page opens.
    staleTime: 0,
    gcTime: 0,
  });

export function markRead(friendId: number) {
  return api<{ lastReadId: number | null; unreadCount: number }>(`/api/chat/${friendId}/read`, {
    method: 'POST',
  });
}

import { infiniteQueryOptions } from '@tanstack/react-query';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../../../lib/http';

/** Pages of a conversation, newest first; each next page is older (see docs/api.md, "Chat"). */
export const chatHistoryQueryOptions = (friendId: number) =>
  infiniteQueryOptions({
    queryKey: ['chat', 'messages', friendId],
    queryFn: ({ pageParam }) =>
      call(ROUTES.chat.messages, { params: { friendId }, query: { before: pageParam ?? undefined } }),
    initialPageParam: null as number | null,
    getNextPageParam: (page) => page.nextBefore,
    // Live messages arrive over the socket; history is fetched afresh each time the page opens.
    staleTime: 0,
    gcTime: 0,
  });

export function markRead(friendId: number) {
  return call(ROUTES.chat.read, { params: { friendId } });
}

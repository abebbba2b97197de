import { chatMessagesContract, chatReadContract, conversationsContract } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import type { ContractApp } from '../../http/contract';
import type { ChatService } from './service';

/** /api/chat: conversations, history and the read marker. Sending is over the socket (CHAT_SEND). */
export function chatRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; chat: ChatService },
): void {
  const auth = requireAuth(deps.authenticator);
  const { chat } = deps;

  app.get('/api/chat/conversations', { preHandler: auth, schema: conversationsContract }, async (request) =>
    chat.conversations(authOf(request).user.id),
  );

  app.get(
    '/api/chat/:friendId/messages',
    { preHandler: auth, schema: chatMessagesContract },
    async (request) =>
      chat.page(authOf(request).user.id, request.params.friendId, request.query.before, request.query.limit),
  );

  app.post('/api/chat/:friendId/read', { preHandler: auth, schema: chatReadContract }, async (request) =>
    chat.read(authOf(request).user.id, request.params.friendId),
  );
}

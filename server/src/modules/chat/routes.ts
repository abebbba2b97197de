import { chatApi } from '@shared/protocol';
import { authOf, requireAuth, type Authenticator } from '../../http/auth';
import { route, type ContractApp } from '../../http/contract';
import type { ChatService } from './service';

/** /api/chat: conversations, history and the read marker. Sending is over the socket (CHAT_SEND). */
export function chatRoutes(
  app: ContractApp,
  deps: { authenticator: Authenticator; chat: ChatService },
): void {
  const auth = requireAuth(deps.authenticator);
  const { chat } = deps;

  route(app, chatApi.conversations, { preHandler: auth }, async (request) =>
    chat.conversations(authOf(request).user.id),
  );

  route(app, chatApi.messages, { preHandler: auth }, async (request) =>
    chat.page(authOf(request).user.id, request.params.friendId, request.query.before, request.query.limit),
  );

  route(app, chatApi.read, { preHandler: auth }, async (request) =>
    chat.read(authOf(request).user.id, request.params.friendId),
  );
}

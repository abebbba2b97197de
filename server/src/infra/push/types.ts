/** What every push sender takes and answers (see docs/design.md, "Chat and push"). */
export interface PushMessage {
  /** What happened: friend_request, game_invitation, chat_message. */
  kind: string;
  title: string;
  body: string;
  /** Extra fields for the app (FCM takes strings only). */
  data: Record<string, string>;
}

/**
 * What the provider said: delivered, the token is no good any more (the caller deactivates it), or
 * it failed for another reason (after the retries).
 */
export type PushResult = 'sent' | 'invalid_token' | 'failed';

export interface PushSender {
  readonly kind: 'fcm' | 'log';
  send(token: string, message: PushMessage): Promise<PushResult>;
}

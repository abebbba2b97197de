/**
 * Push notifications to devices (see docs/design.md, "Chat and push"; configured as in
 * docs/operations.md, "Push notifications"): one `PushSender` interface, an FCM HTTP v1 adapter
 * when FCM is configured and a sender that only logs otherwise.
 */
import type { FastifyBaseLogger } from 'fastify';
import { JWT } from 'google-auth-library';
import type { FcmConfig } from '../../config';
import { FcmPushSender } from './fcm';
import type { PushMessage, PushResult, PushSender } from './types';

export type { PushMessage, PushResult, PushSender } from './types';

/** Without FCM configured: writes what would have been sent to the log, and says it was sent. */
export class LoggingPushSender implements PushSender {
  readonly kind = 'log' as const;
  constructor(private readonly log: FastifyBaseLogger) {}

  async send(token: string, message: PushMessage): Promise<PushResult> {
    this.log.info(
      { kind: message.kind, title: message.title, token: `…${token.slice(-6)}` },
      'push notification (FCM not configured, not sent)',
    );
    return 'sent';
  }
}

export const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';

/** The OAuth access token of a service account, cached and refreshed by google-auth-library. */
export function serviceAccountToken(clientEmail: string, privateKey: string): () => Promise<string> {
  const client = new JWT({ email: clientEmail, key: privateKey, scopes: [FCM_SCOPE] });
  return async () => {
    const { token } = await client.getAccessToken();
    if (!token) throw new Error('Google did not issue an access token for FCM');
    return token;
  };
}

export function createPushSender(config: FcmConfig | null, log: FastifyBaseLogger): PushSender {
  if (!config) return new LoggingPushSender(log);
  return new FcmPushSender({
    projectId: config.projectId,
    baseUrl: config.baseUrl,
    accessToken: serviceAccountToken(config.clientEmail, config.privateKey),
    log,
  });
}

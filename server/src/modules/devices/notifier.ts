/**
 * Notifications to a player who is away: when they hold no open socket, each device they
 * registered (active, and theirs to receive) gets a push; a token the provider calls invalid is
 * deactivated. See docs/design.md, "Chat and push".
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { PresenceStore } from '../../infra/presence-store';
import type { PushSender } from '../../infra/push';
import { deactivateTokenEverywhere, deliveryTokensOf } from './repo';

export type NotificationKind = 'friend_request' | 'game_invitation' | 'chat_message' | 'tournament_starting';

export interface Notification {
  kind: NotificationKind;
  title: string;
  body: string;
  /** String fields for the app, e.g. the friend's id. */
  data?: Record<string, string>;
}

export interface NotifierDeps {
  db: Db;
  sender: PushSender;
  presence: Pick<PresenceStore, 'isOnline'>;
  now: () => number;
  log: FastifyBaseLogger;
}

export class Notifier {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: NotifierDeps) {}

  /**
   * Sends `notification` to the user's devices unless they are online. Never rejects, and the
   * caller need not wait: failures are logged.
   */
  notify(userId: number, notification: Notification): Promise<void> {
    const delivery = this.deliver(userId, notification).catch((error: unknown) =>
      this.deps.log.error({ err: error, userId, kind: notification.kind }, 'push notification failed'),
    );
    this.inFlight.add(delivery);
    void delivery.finally(() => this.inFlight.delete(delivery));
    return delivery;
  }

  /** Resolves once every notification under way has been handled (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private async deliver(userId: number, notification: Notification): Promise<void> {
    if (await this.deps.presence.isOnline(userId)) return;
    const tokens = await deliveryTokensOf(this.deps.db.kysely, userId);
    const message = {
      kind: notification.kind,
      title: notification.title,
      body: notification.body,
      data: notification.data ?? {},
    };
    await Promise.all(
      tokens.map(async (token) => {
        const result = await this.deps.sender.send(token, message);
        if (result === 'invalid_token') {
          await deactivateTokenEverywhere(this.deps.db.kysely, token, this.deps.now());
          this.deps.log.info({ userId }, 'push token rejected by the provider; deactivated');
        }
      }),
    );
  }
}

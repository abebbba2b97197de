/**
 * The oldest app the server still serves (MIN_CLIENT_VERSION), as a desktop or mobile app hears it:
 * from GET /api/health as it starts, signed in or not, and on every MESSAGING_AUTH_SUCCESS. When
 * this app is older, the app shows "Update required" instead of its pages (components/UpdateRequired).
 * See docs/protocol.md, "Minimum client version".
 */
import { atom, getDefaultStore } from 'jotai';
import { APP_VERSION } from '@shared/constants';
import type { HealthResponse, UpdateUrls } from '@shared/protocol';
import { updateRequired } from '@shared/protocol/version';
import { ROUTES } from '@shared/protocol/routes.generated';
import { call } from '../lib/http';
import type { SocketClient } from '../lib/socket';
import { platform, type Platform, type UpdateChannel } from '../platform';

/** What the server last announced; null while it announced no minimum. */
export interface ClientUpdateAnnouncement {
  minClientVersion: string;
  updateUrls: UpdateUrls;
}

export const clientUpdateAtom = atom<ClientUpdateAnnouncement | null>(null);

/** What the "Update required" screen shows. */
export interface RequiredUpdate {
  /** This app's version. */
  version: string;
  minimum: string;
  channel: UpdateChannel;
  /** Where this app is updated: the download page, the Play Store or the App Store. */
  url: string;
}

/**
 * The update this app must take before it may play, or null: no minimum announced, an app at or
 * above it, or the web app (no update channel: the server serves it, so it is always current).
 */
export function requiredUpdate(
  announced: ClientUpdateAnnouncement | null,
  target: Pick<Platform, 'updateChannel'>,
  version: string = APP_VERSION,
): RequiredUpdate | null {
  const channel = target.updateChannel;
  if (!announced || !channel || !updateRequired(version, announced.minClientVersion)) return null;
  return { version, minimum: announced.minClientVersion, channel, url: announced.updateUrls[channel] };
}

/** The announcement in a health answer or MESSAGING_AUTH_SUCCESS frame; null when it carries none. */
function announcement(message: Partial<ClientUpdateAnnouncement>): ClientUpdateAnnouncement | null {
  const { minClientVersion, updateUrls } = message;
  return typeof minClientVersion === 'string' && updateUrls && typeof updateUrls === 'object'
    ? { minClientVersion, updateUrls }
    : null;
}

type Store = ReturnType<typeof getDefaultStore>;

/**
 * Keeps clientUpdateAtom up to date on a desktop or mobile app: asks /api/health once now, then
 * takes each sign-in's announcement (a server that lowered or dropped its minimum unblocks the
 * app). Nothing on the web. Returns an unsubscribe.
 */
export function watchClientUpdate(
  socket: Pick<SocketClient, 'on'>,
  deps: {
    platform: Pick<Platform, 'updateChannel'>;
    health: () => Promise<Partial<HealthResponse>>;
    store: Store;
  } = { platform, health: () => call(ROUTES.health.health), store: getDefaultStore() },
): () => void {
  if (!deps.platform.updateChannel) return () => undefined;
  let signedIn = false;
  void deps
    .health()
    .then((health) => {
      // A sign-in that answered first is as new as this, or newer.
      if (!signedIn) deps.store.set(clientUpdateAtom, announcement(health));
    })
    // No answer (offline, the server down): the app carries on, and the next sign-in tells.
    .catch(() => undefined);
  return socket.on('MESSAGING_AUTH_SUCCESS', (message) => {
    signedIn = true;
    deps.store.set(clientUpdateAtom, announcement(message));
  });
}

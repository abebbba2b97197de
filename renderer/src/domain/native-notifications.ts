import { MATCH_ACCEPT_SECONDS } from '@shared/constants';
import { platform, type NativeNotification, type Platform } from '../platform';
import { PATHS } from '../lib/paths';
import type { SocketClient } from '../lib/socket';

/** A chat message's preview in a notification: its first characters. */
export const MESSAGE_PREVIEW_CHARS = 100;

/**
 * Native notifications for what happens while the player looks elsewhere: a match found, a game
 * invitation, a friend's message — raised only when the page is hidden or the window has lost
 * focus (in view, the app's own dialogs and badges tell). Each match and invitation is announced
 * once, even when a reconnect repeats it. See docs/mobile.md, "Native notifications".
 */
export function watchForNotifications(
  socket: Pick<SocketClient, 'on'>,
  deps: { platform: Pick<Platform, 'notify'>; doc: Document } = { platform, doc: document },
): () => void {
  const { doc } = deps;
  const announced = new Set<string>();
  let me: number | null = null;
  const away = () => doc.hidden || !doc.hasFocus();
  // Match and invitation dialogs open wherever the player is: the click brings them back there.
  const here = () => doc.location.pathname + doc.location.search;
  const raise = (key: string, notification: NativeNotification) => {
    if (!away() || announced.has(key)) return;
    announced.add(key);
    void deps.platform.notify(notification).catch(() => false);
  };
  const off = [
    socket.on('MESSAGING_AUTH_SUCCESS', (m) => {
      me = m.userId;
    }),
    socket.on('MATCH_FOUND', (m) =>
      raise(`match:${m.token}`, {
        kind: 'match-found',
        title: 'Match found',
        body: `${m.opponent?.username || 'An opponent'} is waiting. Accept within ${MATCH_ACCEPT_SECONDS} seconds.`,
        route: here(),
      }),
    ),
    socket.on('GAME_INVITATION', (m) =>
      raise(`invitation:${m.gameId}`, {
        kind: 'game-invitation',
        title: 'Game invitation',
        body: `${m.from.username} challenges you to a private game`,
        route: here(),
      }),
    ),
    socket.on('CHAT_MESSAGE', ({ message }) => {
      if (me === null || message.fromUserId === me) return;
      const text = [...message.text];
      raise(`message:${message.id}`, {
        kind: 'message',
        title: 'New message',
        body:
          text.length > MESSAGE_PREVIEW_CHARS
            ? `${text.slice(0, MESSAGE_PREVIEW_CHARS).join('')}…`
            : message.text,
        route: PATHS.conversation(message.fromUserId),
      });
    }),
  ];
  return () => off.forEach((undo) => undo());
}

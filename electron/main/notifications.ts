/**
 * Native notifications for match found, game invitation and message. They are shown only while
 * the window is not focused (a focused player sees the in-app dialog or toast instead), close
 * after 5000 ms, and a click brings the window forward and opens the notification's
 * route. See docs/desktop.md, "Notifications".
 */
import type { NotificationConstructorOptions } from 'electron';
import type { DesktopNotification } from '@shared/desktop-bridge';
import { DESKTOP_NOTIFICATION_TIMEOUT_MS } from '@shared/desktop-bridge';

export interface NativeNotification {
  show(): void;
  close(): void;
  on(event: 'click' | 'close', listener: () => void): unknown;
}

export interface NotifierDeps {
  isSupported(): boolean;
  create(options: NotificationConstructorOptions): NativeNotification;
  /** Whether the app's window has focus right now. */
  isWindowFocused(): boolean;
  /** Shows, restores and focuses the window, then opens the route in it. */
  openRoute(route: string): void;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export function shouldNotify(windowFocused: boolean, supported: boolean): boolean {
  return supported && !windowFocused;
}

export function createNotifier(deps: NotifierDeps): (notification: DesktopNotification) => boolean {
  // Held until closed: a notification object that is garbage-collected loses its click events.
  const open = new Set<NativeNotification>();
  return (notification) => {
    if (!shouldNotify(deps.isWindowFocused(), deps.isSupported())) return false;
    const native = deps.create({ title: notification.title, body: notification.body });
    open.add(native);
    const timer = deps.setTimeout(() => native.close(), DESKTOP_NOTIFICATION_TIMEOUT_MS);
    native.on('click', () => {
      deps.clearTimeout(timer);
      native.close();
      open.delete(native);
      deps.openRoute(notification.route);
    });
    native.on('close', () => {
      deps.clearTimeout(timer);
      open.delete(native);
    });
    native.show();
    return true;
  };
}

/**
 * Hardening of the window's session: our CSP on every response (the dev server's pages and the
 * API's alike; the packaged pages also get it from the app:// handler), and every permission
 * request refused except notifications. See docs/desktop.md, "Security model".
 */
import type { Session } from 'electron';
import { withCsp } from './csp';
import { isPermissionGranted } from './navigation';

export function hardenSession(
  session: Pick<Session, 'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler'>,
  csp: string,
): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.responseHeaders, csp) });
  });
  session.setPermissionRequestHandler((_contents, permission, callback) =>
    callback(isPermissionGranted(permission)),
  );
  session.setPermissionCheckHandler((_contents, permission) => isPermissionGranted(permission));
}

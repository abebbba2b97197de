/**
 * The oldest desktop or mobile app the server still serves, and where a player gets a newer one
 * (docs/protocol.md, "Minimum client version"). The server announces them on
 * MESSAGING_AUTH_SUCCESS and GET /api/health when its MIN_CLIENT_VERSION is set. The comparison
 * itself is in version.ts.
 */
import { z } from 'zod';
import { CLIENT_VERSION_PATTERN } from './version';

export const clientVersionSchema = z
  .string()
  .regex(CLIENT_VERSION_PATTERN, 'must be a version such as 1.4.0 (MAJOR.MINOR.PATCH)');

/** Where each kind of app is updated: the desktop download page, the Play Store, the App Store. */
export const updateUrlsSchema = z.object({
  desktop: z.url(),
  android: z.url(),
  ios: z.url(),
});
export type UpdateUrls = z.infer<typeof updateUrlsSchema>;

/** What the server announces when it has a minimum; absent when any app may connect. */
export const clientUpdateSchema = z.object({
  minClientVersion: clientVersionSchema,
  updateUrls: updateUrlsSchema,
});
export type ClientUpdate = z.infer<typeof clientUpdateSchema>;

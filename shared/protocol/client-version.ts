/**
 * The oldest desktop or mobile app the server still serves, and where a player gets a newer one
 * (docs/protocol.md, "Minimum client version"). The server announces them on
 * MESSAGING_AUTH_SUCCESS and GET /api/health when its MIN_CLIENT_VERSION is set.
 */
import { z } from 'zod';

/** A release number as package.json writes it: MAJOR.MINOR.PATCH, digits only. */
export const CLIENT_VERSION_PATTERN = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

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

function parts(version: string): [number, number, number] | null {
  const match = CLIENT_VERSION_PATTERN.exec(version);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/**
 * Negative when `a` is older than `b`, 0 when equal, positive when newer, comparing MAJOR, then
 * MINOR, then PATCH as numbers (1.10.0 is newer than 1.9.0). Throws for anything else.
 */
export function compareVersions(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  if (!x || !y) throw new Error(`not a MAJOR.MINOR.PATCH version: ${JSON.stringify(x ? b : a)}`);
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return 0;
}

/**
 * Whether an app of version `own` must update before it may play with a server whose minimum is
 * `minimum`. No minimum (null or undefined), or one this app cannot read (a newer server's format),
 * never blocks: locking players out on a misread would be worse than letting an old app try.
 */
export function updateRequired(own: string, minimum: string | null | undefined): boolean {
  if (!minimum || !parts(minimum)) return false;
  return compareVersions(own, minimum) < 0;
}

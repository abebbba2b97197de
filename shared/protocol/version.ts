/**
 * The protocol revision this code speaks, sent in MESSAGING_AUTH. 2: GAME_UPDATE may be `implied`
 * (changes against what its events imply; docs/protocol.md, "Game updates are deltas"). 3: it may
 * be `implied: 3`, leaving out the events the rules imply and sending the turn as its deadline. A
 * client that sends none gets revision 1's frames, so an older app keeps working.
 */
export const PROTOCOL_VERSION = 3;

/**
 * A desktop or mobile app's release number as package.json writes it: MAJOR.MINOR.PATCH, digits
 * only. The server's MIN_CLIENT_VERSION is one (docs/protocol.md, "Minimum client version").
 * Here, with no zod, so the renderer's first download compares versions without the schemas.
 */
export const CLIENT_VERSION_PATTERN = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;

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

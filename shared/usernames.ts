/**
 * Rules for account names, shared by the sign-up schema (client and server) and the server's
 * uniqueness check. Pure functions only. See docs/design.md, "Accounts and names".
 *
 * A name is 3–20 of `A–Z a–z 0–9 _` (the pattern lives with the REST schemas). On top of that:
 * - no invisible or formatting character anywhere (checked before any trimming, since JavaScript's
 *   trim would silently drop a leading U+FEFF and turn "\uFEFFadmin" into "admin");
 * - no name a player would take for staff or for Spar itself (`isReservedUsername`);
 * - no name that looks like one already taken (`usernameKey` is what must be unique).
 */

export const RESERVED_USERNAME_MESSAGE =
  'Username is reserved: it could be mistaken for staff or for Spar itself';

/**
 * Characters that draw nothing, or change how the text around them is drawn: controls (Cc), format
 * characters (Cf: U+FEFF, zero-width space and joiners, bidi controls, soft hyphen), every space and
 * line separator other than the ordinary space (Z), default-ignorable code points (variation
 * selectors, Hangul fillers, combining grapheme joiner) and the blank Braille pattern.
 */
const INVISIBLE = /(?! )[\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}\u2800]/u;

/** The first invisible or formatting character in `text` as "U+FEFF"-style text, or null when there is none. */
export function findInvisibleCharacter(text: string): string | null {
  const match = INVISIBLE.exec(text);
  if (!match) return null;
  return `U+${match[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Ordinary spaces around a name are a typing slip, so they are dropped; nothing else is. */
export function trimSpaces(text: string): string {
  return text.replace(/^ +| +$/g, '');
}

/** Digits and letters that pass for one another in most fonts (and the usual "leet" swaps). */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'l',
  i: 'l',
  '2': 'z',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
};

/**
 * The canonical form two names share when a reader could mistake one for the other; the database
 * keeps it unique. Lower case; 0→o, 1/i/l→l, 2→z, 3→e, 4→a, 5→s, 7→t, 8→b; then rn→m and vv→w;
 * runs of underscores count as one and underscores at either end are ignored. So "B0b", "bob_" and
 * "BOB" all fold to "bob", and "Wi11iam" to "wlllam" like "William". The digits 6 and 9 stay as
 * they are: mapping them too would make "user6" and "user8" (or "9"/"g") the same name.
 */
export function usernameKey(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[01234578i]/g, (c) => LOOKALIKES[c] ?? c)
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return key === '' ? '_' : key;
}

/** Words a player would read as staff, as the product, or as the system speaking. */
export const RESERVED_WORDS: readonly string[] = [
  'admin',
  'administrator',
  'bot',
  'deleted',
  'help',
  'helpdesk',
  'manager',
  'mod',
  'moderator',
  'official',
  'operator',
  'root',
  'security',
  'server',
  'service',
  'spar',
  'staff',
  'support',
  'sysop',
  'system',
  'team',
];

/** Titles that read as staff even when glued to other letters ("adminbob", "bobmoderator"). */
const STAFF_TITLES = ['admin', 'moderator', 'sysop'].map(usernameKey);

const RESERVED_KEYS = new Set(RESERVED_WORDS.map(usernameKey));

/** A folded word that is a reserved word or its plural ("mods", "admins"). */
function isReservedWord(key: string): boolean {
  return RESERVED_KEYS.has(key) || (key.endsWith('s') && RESERVED_KEYS.has(key.slice(0, -1)));
}

/**
 * Whether a sign-up may not take `name`. Everything is compared folded (`usernameKey`), so "4dm1n"
 * counts as "admin". A name is reserved when
 * 1. the whole name, underscores removed, is a reserved word or its plural ("Ad_min", "r00t", "mods");
 * 2. a part between underscores or digits is one ("admin_1", "spar_support", "the_mods", "team7");
 * 3. it begins or ends with a staff title ("adminbob", "chief_moderator");
 * 4. it is two reserved words run together ("sparsupport", "teamspar").
 * Reserved words inside ordinary words stay allowed: "modest", "sparrow", "helper", "badminton".
 * Only sign-up applies this; staff accounts keep whatever name they had.
 */
export function isReservedUsername(name: string): boolean {
  const lower = name.toLowerCase();
  const whole = usernameKey(lower.replace(/_/g, ''));
  if (isReservedWord(whole)) return true;
  const parts = [...lower.split(/_+/), ...lower.split(/[_0-9]+/)].filter((part) => part !== '');
  if (parts.some((part) => isReservedWord(usernameKey(part)))) return true;
  if (STAFF_TITLES.some((title) => whole.startsWith(title) || whole.endsWith(title))) return true;
  for (let cut = 1; cut < whole.length; cut++) {
    if (RESERVED_KEYS.has(whole.slice(0, cut)) && isReservedWord(whole.slice(cut))) return true;
  }
  return false;
}

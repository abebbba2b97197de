/**
 * The shape check every decoded JSON value from a client passes before any schema sees it: no
 * deeper than MAX_JSON_DEPTH, and no NUL character in any string or key. It walks iteratively
 * with an explicit stack, so a hostile value cannot overflow the call stack, and it keeps one
 * small frame per value (a link to its parent, no copied paths), so its cost grows with the
 * size of the value and nothing else. See docs/design.md, "Hostile input".
 */

/** No request or frame of ours nests deeper than a few levels; 32 leaves room and stays cheap. */
export const MAX_JSON_DEPTH = 32;

export type JsonPath = (string | number)[];

export type ShapeProblem =
  /** A container nested deeper than the limit. */
  | { kind: 'too_deep'; limit: number }
  /** A NUL character in the string (or the key) at `path`. */
  | { kind: 'nul'; path: JsonPath };

interface Frame {
  value: unknown;
  /** How many containers enclose this value (the top level is 0). */
  depth: number;
  key: string | number | null;
  parent: Frame | null;
}

function pathOf(frame: Frame): JsonPath {
  const path: JsonPath = [];
  for (let at: Frame | null = frame; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

const hasNul = (text: string) => text.includes('\u0000');

/**
 * The first problem with a decoded JSON value, in document order, or null when it has none.
 * Depth counts containers: `{}` is one level, `{"a":[1]}` two.
 */
export function checkJsonShape(value: unknown, maxDepth = MAX_JSON_DEPTH): ShapeProblem | null {
  const stack: Frame[] = [{ value, depth: 0, key: null, parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const current = frame.value;
    if (typeof current === 'string') {
      if (hasNul(current)) return { kind: 'nul', path: pathOf(frame) };
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (frame.depth >= maxDepth) return { kind: 'too_deep', limit: maxDepth };
    const depth = frame.depth + 1;
    if (Array.isArray(current)) {
      // Pushed last to first, so they are visited first to last.
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], depth, key: i, parent: frame });
      continue;
    }
    const keys = Object.keys(current);
    // A NUL in a key is reported before anything inside the object.
    const badKey = keys.find(hasNul);
    if (badKey !== undefined) return { kind: 'nul', path: [...pathOf(frame), badKey] };
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      stack.push({ value: (current as Record<string, unknown>)[key], depth, key, parent: frame });
    }
  }
  return null;
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether a JSON text nests deeper than `maxDepth`, found by one pass over its characters before
 * it is parsed: decoding deep nesting is itself slow (half a second for a 1 MB body of brackets),
 * so a hostile text is refused before JSON.parse sees it. Brackets inside strings do not count;
 * a text that is not valid JSON gets an answer here and its error from the parser.
 */
export function jsonTextTooDeep(text: string, maxDepth = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (inString) {
      if (unit === BACKSLASH) i++;
      else if (unit === QUOTE) inString = false;
    } else if (unit === QUOTE) inString = true;
    else if (unit === OPEN_BRACE || unit === OPEN_BRACKET) {
      if (++depth > maxDepth) return true;
    } else if (unit === CLOSE_BRACE || unit === CLOSE_BRACKET) depth--;
  }
  return false;
}

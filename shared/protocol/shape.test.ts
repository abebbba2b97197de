import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, checkJsonShape, jsonTextTooDeep } from './shape';

/** `levels` arrays inside each other, as JSON.parse would decode them. */
function nestedArrays(levels: number): unknown {
  return JSON.parse('['.repeat(levels) + ']'.repeat(levels));
}

/** `levels` objects inside each other: {"a":{"a":…}}. */
function nestedObjects(levels: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
}

describe('checkJsonShape', () => {
  it('accepts ordinary values, and nesting up to the limit', () => {
    for (const value of [null, undefined, 1, 'text', true, {}, [], { a: [1, { b: 'c' }] }])
      expect(checkJsonShape(value)).toBeNull();
    expect(checkJsonShape(nestedArrays(MAX_JSON_DEPTH))).toBeNull();
    expect(checkJsonShape(nestedObjects(MAX_JSON_DEPTH, 'leaf'))).toBeNull();
  });

  it('refuses one level more than the limit, whatever the containers', () => {
    const tooDeep = { kind: 'too_deep', limit: MAX_JSON_DEPTH };
    expect(checkJsonShape(nestedArrays(MAX_JSON_DEPTH + 1))).toEqual(tooDeep);
    expect(checkJsonShape(nestedObjects(MAX_JSON_DEPTH + 1))).toEqual(tooDeep);
    expect(checkJsonShape(nestedObjects(MAX_JSON_DEPTH, []))).toEqual(tooDeep);
    expect(checkJsonShape({ a: 1 }, 0)).toEqual({ kind: 'too_deep', limit: 0 });
  });

  it('walks hostile depths without overflowing the stack', () => {
    // The recursive walk this replaces overflowed at about 4,200 levels.
    for (const levels of [5_000, 100_000, 400_000]) {
      expect(checkJsonShape(nestedArrays(levels))).toEqual({ kind: 'too_deep', limit: MAX_JSON_DEPTH });
      expect(checkJsonShape(nestedArrays(levels), Infinity)).toBeNull();
    }
  });

  it('finds a NUL in a string or a key, and names where', () => {
    expect(checkJsonShape('a\u0000b')).toEqual({ kind: 'nul', path: [] });
    expect(checkJsonShape({ username: 'ok', password: 'x\u0000' })).toEqual({
      kind: 'nul',
      path: ['password'],
    });
    expect(checkJsonShape({ list: ['ok', { deep: '\u0000' }] })).toEqual({
      kind: 'nul',
      path: ['list', 1, 'deep'],
    });
    expect(checkJsonShape({ outer: { 'k\u0000ey': 1 } })).toEqual({
      kind: 'nul',
      path: ['outer', 'k\u0000ey'],
    });
  });

  it('reports the first problem in document order', () => {
    expect(checkJsonShape({ a: '\u0000', b: '\u0000' })).toEqual({ kind: 'nul', path: ['a'] });
    expect(checkJsonShape(['ok', '\u0000', '\u0000'])).toEqual({ kind: 'nul', path: [1] });
  });
});

describe('jsonTextTooDeep', () => {
  it('agrees with the decoded check on depth', () => {
    for (const levels of [1, MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH, 5_000, 500_000]) {
      const text = JSON.stringify({ a: 'x' }).replace('"x"', '['.repeat(levels) + ']'.repeat(levels));
      expect(jsonTextTooDeep(text), String(levels)).toBe(checkJsonShape(JSON.parse(text)) !== null);
    }
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '['.repeat(100), b: '\\"[[[[', c: '"{{{{' });
    expect(jsonTextTooDeep(text, 1)).toBe(false);
    expect(jsonTextTooDeep(JSON.stringify({ a: '\\', b: [[1]] }), 2)).toBe(true);
  });
});

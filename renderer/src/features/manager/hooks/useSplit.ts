import { useCallback, useEffect, useRef, useState } from 'react';

export type SplitSizes = [number, number];

/** Arrow keys move the divider by 10 %, by 100 % with Shift (then held by the panels' minimum). */
export const KEYBOARD_STEP = 10;
export const KEYBOARD_STEP_SHIFT = 100;
/** Sizes are saved once the divider rests this long. */
export const SAVE_DEBOUNCE_MS = 100;
export const MIN_PANEL = 20;

const clamp = (first: number) => Math.min(100 - MIN_PANEL, Math.max(MIN_PANEL, first));
const round = (n: number) => Math.round(n * 100) / 100;

/** Two sizes from the first one: always totalling 100. */
export function sizesFrom(first: number): SplitSizes {
  const a = round(clamp(first));
  return [a, round(100 - a)];
}

/** Saved sizes, kept only when they are two numbers within the limits that total 100. */
export function parseSizes(text: string | null, fallback: SplitSizes): SplitSizes {
  if (!text) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      value.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
      Math.abs((value[0] as number) + (value[1] as number) - 100) < 0.01 &&
      clamp(value[0] as number) === value[0]
    )
      return [value[0] as number, value[1] as number];
  } catch {
    // not JSON: the defaults
  }
  return fallback;
}

function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * A list | editor split's sizes in percent (totalling 100), saved under `storageKey` 100 ms after
 * the last change. See docs/design.md, "Staff area".
 */
export function useSplit(storageKey: string, defaults: SplitSizes) {
  const [sizes, setSizes] = useState<SplitSizes>(() => parseSizes(readStored(storageKey), defaults));
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      try {
        localStorage.setItem(storageKey, JSON.stringify(sizes));
      } catch {
        // Storage unavailable: the split still works, it is just not remembered.
      }
    }, SAVE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [sizes, storageKey]);

  const setFirst = useCallback((value: number) => setSizes(sizesFrom(value)), []);
  return { sizes, setSizes, setFirst };
}

/**
 * The window's size, position and maximised state, remembered in electron-store between runs.
 * A saved position is used only while it is still on one of the displays (a monitor may have been
 * unplugged since); otherwise the window opens centred at the saved size.
 */
import { z } from 'zod';
import type { KeyValueStore } from './kv-store';
import { WINDOW_OPTIONS } from './window-options';

const KEY = 'windowState';

const stateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(WINDOW_OPTIONS.minWidth).max(20000),
  height: z.number().int().min(WINDOW_OPTIONS.minHeight).max(20000),
  maximized: z.boolean(),
});
export type WindowState = z.infer<typeof stateSchema>;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The bounds to open with: saved ones if valid and visible, the defaults otherwise. */
export function restoreBounds(
  store: KeyValueStore,
  displays: readonly Rect[],
): { bounds: Partial<Rect> & { width: number; height: number }; maximized: boolean } {
  const saved = stateSchema.safeParse(store.get(KEY));
  if (!saved.success)
    return { bounds: { width: WINDOW_OPTIONS.width, height: WINDOW_OPTIONS.height }, maximized: false };
  const { x, y, width, height, maximized } = saved.data;
  const visible = displays.some((display) => overlaps({ x, y, width, height }, display));
  return { bounds: visible ? { x, y, width, height } : { width, height }, maximized };
}

export function saveWindowState(store: KeyValueStore, normalBounds: Rect, maximized: boolean): void {
  const state = stateSchema.safeParse({ ...normalBounds, maximized });
  if (state.success) store.set(KEY, state.data);
}

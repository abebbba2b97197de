import { atom, getDefaultStore } from 'jotai';
import { TOAST_DESTRUCTIVE_DURATION_MS, TOAST_DURATION_MS } from './timings';

/** What a caller passes to `toast`. */
export interface ToastInput {
  title?: unknown;
  description?: unknown;
  variant?: 'destructive' | 'warning' | 'info' | 'success' | 'default' | string;
  /** Milliseconds; Infinity keeps it until closed. */
  duration?: number;
  /** Makes the toast a button (e.g. 'Want to try again?'). */
  onClick?: () => void;
  /** Said on the way to a table and about it: it stays when the game room opens (components/Toaster.tsx). */
  forTable?: boolean;
}

export type ToastType = 'error' | 'warning' | 'info';

/** A toast as displayed. */
export interface Toast {
  id: string;
  title: string;
  message: string;
  type: ToastType;
  timeout: number;
  onClick?: () => void;
  forTable?: boolean;
}

export const toastsAtom = atom<Toast[]>([]);

/** A place on the screen, in CSS pixels from the window's top left. */
export interface ToastArea {
  x: number;
  y: number;
  w: number;
}

/**
 * Where the game room's table wants its toasts: over the felt, under its status line, the one
 * place no seat sits (at the window's top right a toast covered a phone's top seat). Null away
 * from a table; components/Toaster.tsx reads it.
 */
export const toastAreaAtom = atom<ToastArea | null>(null);

/** destructive → error, warning → warning, everything else → info. */
export function toastType(variant: ToastInput['variant']): ToastType {
  if (variant === 'destructive') return 'error';
  if (variant === 'warning') return 'warning';
  return 'info';
}

/** Non-strings become text, absent becomes empty, and a JSON string with a message shows only the message. */
export function toastText(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text =
    typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as { message?: unknown };
      if (typeof parsed.message === 'string') return parsed.message;
    } catch {
      // Not JSON after all: show it as it is.
    }
  }
  return text;
}

/** Letters and digits only, lower-cased: 'Registration successful.' and 'Registration Successful' match. */
const bare = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** A message that only repeats its title says nothing: it is left out. */
export function toastMessage(title: string, message: string): string {
  return message !== '' && bare(message) === bare(title) ? '' : message;
}

let nextId = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

export function dismissToast(id: string, store = getDefaultStore()): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  store.set(toastsAtom, (list) => list.filter((t) => t.id !== id));
}

export function toast(input: ToastInput, store = getDefaultStore()): string {
  const type = toastType(input.variant);
  const timeout = input.duration ?? (type === 'error' ? TOAST_DESTRUCTIVE_DURATION_MS : TOAST_DURATION_MS);
  const id = `t${++nextId}`;
  const title = toastText(input.title);
  const item: Toast = {
    id,
    title,
    message: toastMessage(title, toastText(input.description)),
    type,
    timeout,
    onClick: input.onClick,
    forTable: input.forTable,
  };
  store.set(toastsAtom, (list) => [...list, item]);
  if (Number.isFinite(timeout))
    timers.set(
      id,
      setTimeout(() => dismissToast(id, store), timeout),
    );
  return id;
}

/** `document.dispatchEvent(new CustomEvent('toast', { detail }))` shows a toast from anywhere. */
export function listenForToastEvents(target: Document = document): () => void {
  const handler = (event: Event) => toast(((event as CustomEvent).detail ?? {}) as ToastInput);
  target.addEventListener('toast', handler);
  return () => target.removeEventListener('toast', handler);
}

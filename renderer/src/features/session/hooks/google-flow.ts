/**
 * The browser side of Google sign-in (see docs/design.md, "Google sign-in"): the app's PKCE pair,
 * the sign-in in progress kept in local storage (so the popup, the same tab after a redirect, or
 * the app after a deep link can finish it), and the message a popup sends back to the window that
 * opened it.
 */
import type { GoogleAuthResponse } from '@shared/protocol';
import { STORAGE_KEYS } from '../../../lib/storage';

/** The BroadcastChannel a sign-in popup answers on when it has lost its opener. */
export const SIGN_IN_CHANNEL = 'spar-oauth';
const MESSAGE_TYPE = 'spar-google-sign-in';
/** The server forgets a started sign-in after 10 minutes; so does the app. */
export const PENDING_TTL_MS = 10 * 60_000;

/**
 * How the sign-in page was opened: a popup over this window, this very tab (the popup was
 * blocked), or the system browser of a native app (which comes back by deep link).
 */
export type SignInMode = 'popup' | 'tab' | 'native';

export interface PendingSignIn {
  verifier: string;
  mode: SignInMode;
  /** Where to go once signed in (an in-app path). */
  returnTo: string;
  startedAt: number;
}

/** A popup's word to its opener: the session, or why there is none. */
export interface SignInResult {
  type: typeof MESSAGE_TYPE;
  /** Sent on two channels; the id lets the receiver act once. */
  id: string;
  answer?: GoogleAuthResponse;
  error?: string;
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A PKCE verifier (32 random bytes) and its S256 challenge (RFC 7636). */
export async function createPkce(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

export function savePending(pending: PendingSignIn): void {
  try {
    localStorage.setItem(STORAGE_KEYS.googleSignIn, JSON.stringify(pending));
  } catch {
    // Storage unavailable: the sign-in cannot be finished, and says so when it comes back.
  }
}

/** The sign-in in progress, removed as it is read (a verifier serves once); null when none is live. */
export function takePending(now = Date.now()): PendingSignIn | null {
  let text: string | null = null;
  try {
    text = localStorage.getItem(STORAGE_KEYS.googleSignIn);
    localStorage.removeItem(STORAGE_KEYS.googleSignIn);
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    const pending = JSON.parse(text) as Partial<PendingSignIn>;
    if (typeof pending.verifier !== 'string' || typeof pending.startedAt !== 'number') return null;
    if (now - pending.startedAt > PENDING_TTL_MS) return null;
    const mode: SignInMode = pending.mode === 'tab' || pending.mode === 'native' ? pending.mode : 'popup';
    return {
      verifier: pending.verifier,
      mode,
      returnTo: typeof pending.returnTo === 'string' ? pending.returnTo : '/',
      startedAt: pending.startedAt,
    };
  } catch {
    return null;
  }
}

function isResult(data: unknown): data is SignInResult {
  const value = data as Partial<SignInResult> | null;
  return (
    !!value &&
    value.type === MESSAGE_TYPE &&
    typeof value.id === 'string' &&
    (typeof value.error === 'string' ||
      (typeof value.answer?.token === 'string' && typeof value.answer.user === 'object'))
  );
}

/**
 * Sends a popup's result to the window that opened it: by postMessage to its opener (same origin
 * only) and on the BroadcastChannel, since Google's pages may cut the popup off from its opener.
 */
export function deliverResult(result: Omit<SignInResult, 'type' | 'id'>): void {
  const message: SignInResult = { type: MESSAGE_TYPE, id: crypto.randomUUID(), ...result };
  try {
    (window.opener as Window | null)?.postMessage(message, window.location.origin);
  } catch {
    // The opener is gone or cut off: the channel still carries it.
  }
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
  channel.postMessage(message);
  channel.close();
}

/** Calls `listener` once per result a sign-in popup of this origin sends. Returns an unsubscribe. */
export function onSignInResult(listener: (result: SignInResult) => void): () => void {
  const seen = new Set<string>();
  const accept = (data: unknown) => {
    if (!isResult(data) || seen.has(data.id)) return;
    seen.add(data.id);
    listener(data);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin) accept(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SIGN_IN_CHANNEL);
  channel?.addEventListener('message', (event) => accept(event.data));
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}

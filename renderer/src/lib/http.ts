import { resolveUrl } from '../platform';
import { getToken, setCachedUser, setToken } from './storage';
import { toast } from './toast';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Error text: the JSON message, else "status: raw text", else the status text. */
export async function errorText(res: Response): Promise<{ message: string; body: unknown }> {
  const raw = await res.text().catch(() => '');
  try {
    const body = JSON.parse(raw) as { message?: unknown };
    if (body && typeof body.message === 'string') return { message: body.message, body };
  } catch {
    // not JSON
  }
  return { message: raw ? `${res.status}: ${raw}` : res.statusText || String(res.status), body: null };
}

/** Why the server refused a request with 401 (the `error` field every 401 carries). */
export type UnauthorizedCode = 'auth_required' | 'invalid_token' | 'token_expired' | 'invalid_credentials';

/** The codes that mean the stored session is over: revoked, unknown or expired. */
const SESSION_OVER_CODES: ReadonlySet<string> = new Set<UnauthorizedCode>(['invalid_token', 'token_expired']);
/** The message strings of the same, for an answer without a code (servers before the codes). */
const SESSION_OVER_MESSAGES: ReadonlySet<string> = new Set(['Invalid token', 'Token expired']);

/**
 * Whether an answer says the session is over: by its machine-readable `error` code first (it does
 * not change when the wording does), by the message strings only when there is no code.
 * See docs/design.md, "Sessions and revocation".
 */
export function isSessionFailure(status: number, body: unknown): boolean {
  if (status !== 401 || !body || typeof body !== 'object') return false;
  const { error, message } = body as { error?: unknown; message?: unknown };
  if (typeof error === 'string') return SESSION_OVER_CODES.has(error);
  return typeof message === 'string' && SESSION_OVER_MESSAGES.has(message);
}

/** Listeners told when the session ended on the server (the app clears its user). */
const sessionEndListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

export function endSession(notify: boolean): void {
  setToken(null);
  setCachedUser(null);
  if (notify)
    toast({ title: 'Session Expired', description: SESSION_EXPIRED_MESSAGE, variant: 'destructive' });
  for (const listener of sessionEndListeners) listener();
}

/** What went wrong, for a notice: the server's message, or `fallback` when there is none. */
export function failureText(error: unknown, fallback = 'Please try again later'): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** A destructive toast for a failed request. */
export function toastFailure(title: string, error: unknown, fallback?: string): void {
  toast({ title, description: failureText(error, fallback), variant: 'destructive' });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  formData?: FormData;
  /** Answer null instead of failing on 401, for reads where signed out is an answer. */
  nullOn401?: boolean;
  signal?: AbortSignal;
}

/** The one HTTP client: JSON (or form data for uploads), bearer token, errors as `errorText` reads them. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(resolveUrl(path), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  if (res.ok) {
    if (res.status === 204) return null as T;
    return (await res.json()) as T;
  }
  const { message, body: errorBody } = await errorText(res);
  if (token && isSessionFailure(res.status, errorBody)) {
    endSession(true);
    throw new ApiError(401, SESSION_EXPIRED_MESSAGE, errorBody);
  }
  if (res.status === 401 && options.nullOn401) return null as T;
  throw new ApiError(res.status, message, errorBody);
}

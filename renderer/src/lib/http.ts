import {
  SESSION_OVER_CODES,
  fillPath,
  queryString,
  type BodyOf,
  type EndpointOf,
  type BodyKind,
  type ErrorCodeOf,
  type HttpMethod,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
  type Route,
} from '@shared/protocol/endpoint';
import { resolveUrl } from '../platform';
import { getToken, setCachedUser, setToken } from './storage';
import { toast } from './toast';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';

export class ApiError<Code extends string = string> extends Error {
  /**
   * The machine-readable reason the server gave (`code`, or `error` on a 401; docs/api.md,
   * "Errors"); null when the answer had none. Branch on this, never on the message.
   */
  readonly code: Code | null;
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = codeOf(body) as Code | null;
  }
}

function codeOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const { code, error } = body as { code?: unknown; error?: unknown };
  if (typeof code === 'string') return code;
  return typeof error === 'string' ? error : null;
}

/** Whether `error` is the server refusing with `code`, typed by the codes `route` may answer. */
export function isApiError<R extends Route>(
  error: unknown,
  _route: R,
  code: ErrorCodeOf<EndpointOf<R>>,
): error is ApiError<ErrorCodeOf<EndpointOf<R>>> {
  return error instanceof ApiError && error.code === code;
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

/** The codes that mean the stored session is over, from the shared contracts. */
const SESSION_OVER: ReadonlySet<string> = new Set(SESSION_OVER_CODES);
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
  if (typeof error === 'string') return SESSION_OVER.has(error);
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

/**
 * What went wrong, for a notice: the message the server wrote, or `fallback` when it wrote none (a
 * bare status, a proxy's page or a network failure says nothing a player can use).
 */
export function failureText(error: unknown, fallback = 'Please try again later'): string {
  return error instanceof ApiError && error.body !== null && error.message ? error.message : fallback;
}

/** A destructive toast for a failed request. */
export function toastFailure(title: string, error: unknown, fallback?: string): void {
  toast({ title, description: failureText(error, fallback), variant: 'destructive' });
}

interface RequestOptions {
  method: HttpMethod;
  body?: unknown;
  formData?: FormData;
  /** Answer null instead of failing on 401, for reads where signed out is an answer. */
  nullOn401?: boolean;
  signal?: AbortSignal;
}

/** JSON (or form data for uploads), bearer token, errors as `errorText` reads them. */
async function request(path: string, options: RequestOptions): Promise<unknown> {
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
    method: options.method,
    headers,
    body,
    signal: options.signal,
  });
  if (res.ok) {
    if (res.status === 204) return null;
    return await res.json();
  }
  const { message, body: errorBody } = await errorText(res);
  if (token && isSessionFailure(res.status, errorBody)) {
    endSession(true);
    throw new ApiError(401, SESSION_EXPIRED_MESSAGE, errorBody);
  }
  if (res.status === 401 && options.nullOn401) return null;
  throw new ApiError(res.status, message, errorBody);
}

type Field<K extends string, T> = [T] extends [never]
  ? { [P in K]?: never }
  : object extends T
    ? { [P in K]?: T }
    : { [P in K]: T };

/** What a call of `R` takes: its path parameters, query and body, each only where it has one. */
export type CallInput<R extends Route> = Field<
  'params',
  keyof ParamsOf<EndpointOf<R>> extends never ? never : ParamsOf<EndpointOf<R>>
> &
  Field<'query', QueryOf<EndpointOf<R>>> &
  Field<'body', EndpointOf<R>['body'] extends 'multipart' ? FormData : BodyOf<EndpointOf<R>>> & {
    /** Answer null instead of failing on 401, for reads where signed out is an answer. */
    nullOn401?: boolean;
    signal?: AbortSignal;
  };

/** What a call of `R` answers: the response schema's type, null for an empty answer. */
export type CallResult<R extends Route> = ResponseOf<EndpointOf<R>>;

type Args<R extends Route> = object extends CallInput<R> ? [input?: CallInput<R>] : [input: CallInput<R>];

/**
 * The one way the renderer calls the API: `route` is an entry of `ROUTES`
 * (shared/protocol/routes.generated.ts), so the method, the path and the types are the
 * endpoint's own. With `nullOn401` a 401 answers null (signed out is an answer).
 * See docs/design.md, "REST contracts".
 */
export function call<R extends Route>(
  route: R,
  input: CallInput<R> & { nullOn401: true },
): Promise<CallResult<R> | null>;
export function call<R extends Route>(route: R, ...args: Args<R>): Promise<CallResult<R>>;
export async function call(
  route: { method: HttpMethod; path: string; body: BodyKind },
  input: object = {},
): Promise<unknown> {
  const { params, query, body, nullOn401, signal } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    nullOn401?: boolean;
    signal?: AbortSignal;
  };
  const path = fillPath(route.path, params) + queryString(query);
  if (route.body === 'multipart') {
    if (!(body instanceof FormData)) throw new Error(`${route.path}: an upload's body is form data`);
    return request(path, { method: route.method, formData: body, nullOn401, signal });
  }
  return request(path, { method: route.method, body, nullOn401, signal });
}

/**
 * One REST endpoint, one object: its method and path, the schemas of what it takes and answers,
 * who may call it and the error codes it is documented to answer with. The server registers each
 * endpoint with one helper (`server/src/http/contract.ts`, `route`), the renderer calls it with one
 * function (`renderer/src/lib/http.ts`, `call`), and docs/api.md is checked against the list of
 * them, so a path or a type is written once. See docs/design.md, "REST contracts".
 */
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call: anyone, a signed-in player, or staff (managers and admins). The server's route
 * still names its hook: the contract says what the hook enforces, for docs and readers.
 */
export type EndpointAuth = 'none' | 'required' | 'staff';

/** Why the server refused a request with 401: the `error` field every 401 carries. */
export const AUTH_ERROR_CODES = [
  'auth_required',
  'invalid_token',
  'token_expired',
  'invalid_credentials',
] as const;
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number];

/** The 401 codes that mean a stored session is over: revoked, unknown or expired. */
export const SESSION_OVER_CODES: readonly AuthErrorCode[] = ['invalid_token', 'token_expired'];

export interface EndpointSpec {
  method: HttpMethod;
  /** Fastify's form, `:name` for a path parameter; the renderer fills them in. */
  path: `/api/${string}`;
  params?: z.ZodType;
  query?: z.ZodType;
  /**
   * A JSON body's schema; `'multipart'` for a file upload (sent as form data) and `'raw'` for a
   * body read as bytes (a webhook whose signature covers them).
   */
  body?: z.ZodType | 'multipart' | 'raw';
  /** The success answer's schema; none for an empty answer (204) or a redirect. */
  response?: z.ZodType;
  /** The success status (200 unless said). */
  status?: 200 | 201 | 204 | 303;
  /** Other statuses answered with the same schema (the health check's 503). */
  alsoAnswers?: readonly number[];
  auth: EndpointAuth;
  /** The machine-readable codes of this endpoint's own refusals, besides validation and auth. */
  errors?: readonly string[];
}

/** Keeps the literal types (path, errors) so both ends can be typed from them. */
export function defineEndpoint<const E extends EndpointSpec>(spec: E): E {
  return spec;
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of an endpoint's path parameters, as the caller has them. */
export type ParamsOf<E extends EndpointSpec> = Record<ParamNames<E['path']>, string | number>;
/**
 * A query as the caller writes it: the keys the schema takes, optional where it may be left out,
 * each value of the type the server parses it to (a query string carries text, so the schema's
 * own input type says only "anything it can coerce").
 */
export type QueryOf<E extends EndpointSpec> = E['query'] extends z.ZodType
  ? {
      [K in keyof z.input<E['query']>]: K extends keyof z.output<E['query']>
        ? z.output<E['query']>[K]
        : never;
    }
  : never;
export type BodyOf<E extends EndpointSpec> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type ResponseOf<E extends EndpointSpec> = E['response'] extends z.ZodType
  ? z.output<E['response']>
  : null;
/** The codes a caller may branch on: the endpoint's own and, when it needs a session, the 401 ones. */
export type ErrorCodeOf<E extends EndpointSpec> =
  OwnErrorOf<E> | (E['auth'] extends 'none' ? never : AuthErrorCode);

/**
 * An endpoint as the renderer holds it: plain data, no schemas, so importing it brings no zod
 * into a bundle. Written out for every endpoint in `routes.generated.ts` (`npm run
 * contracts:routes`); `endpoint` is never set and only carries the contract's types to `call`.
 * See docs/design.md, "REST contracts".
 */
export interface Route<E extends EndpointSpec = EndpointSpec> {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly auth: E['auth'];
  readonly body: BodyKindOf<E>;
  /** The endpoint's own refusal codes (its contract's `errors`). */
  readonly errors: readonly OwnErrorOf<E>[];
  readonly endpoint?: E;
}

/** How a body travels: none, JSON, form data (`'multipart'`) or bytes (`'raw'`). */
export type BodyKind = 'none' | 'json' | 'multipart' | 'raw';
export type BodyKindOf<E extends EndpointSpec> = E['body'] extends 'multipart'
  ? 'multipart'
  : E['body'] extends 'raw'
    ? 'raw'
    : E['body'] extends z.ZodType
      ? 'json'
      : 'none';
type OwnErrorOf<E extends EndpointSpec> = E['errors'] extends readonly (infer C extends string)[] ? C : never;

/** The endpoint a route stands for. */
export type EndpointOf<R> = R extends Route<infer E> ? E : never;

/** The path with its parameters filled in, each encoded. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `?a=1&b=2` from the defined values, in the order given; empty when there are none. */
export function queryString(query: Record<string, unknown> | undefined): string {
  const pairs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

/** How docs/api.md writes a path: `{id}` for `:id`. */
export function docPath(path: string): string {
  return path.replace(/:([A-Za-z]+)/g, '{$1}');
}

import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { DomainError, type ErrorKind } from '../errors';

/** The one place domain errors become HTTP statuses. */
const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** An error meant for the client: its status and message are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The machine-readable `error` field, where the spec names one (e.g. token_expired). */
    readonly error?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Validates a body or query with a shared zod schema; a 400 names the first invalid field. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const nul = findNul(value, []);
  // PostgreSQL cannot store NUL in text, and no real name, password or token contains one.
  if (nul) throw new HttpError(400, `${nul.join('.') || 'body'} must not contain NUL characters`);
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.path.length === 0) throw new HttpError(400, 'Request body must be a JSON object');
  const field = issue.path.join('.');
  let message = issue.message;
  if (issue.code === 'invalid_type') {
    message = /received undefined/.test(issue.message)
      ? `${field} is required`
      : `${field} must be a ${issue.expected}`;
  } else if (!message.toLowerCase().includes(field.toLowerCase())) {
    message = `${field}: ${message}`;
  }
  throw new HttpError(400, message);
}

function findNul(value: unknown, path: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = findNul(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

const FASTIFY_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Request body is not valid JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty; send a JSON object'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large (limit 1 MB)'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type; send JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Content-Length does not match the body'],
};

/** Every error leaves as JSON with a message; server faults are logged and never detailed. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof DomainError) {
      // A 401 always names why (auth_required, invalid_token, token_expired…) for clients to branch on.
      const body =
        error.kind === 'unauthenticated'
          ? { error: error.code, message: error.message }
          : { message: error.message, code: error.code };
      return reply.code(STATUS_OF[error.kind]).send(body);
    }
    if (error instanceof HttpError) {
      return reply
        .code(error.statusCode)
        .send(error.error ? { error: error.error, message: error.message } : { message: error.message });
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ message: known[1] });
    if (error instanceof SyntaxError)
      return reply.code(400).send({ message: 'Request body is not valid JSON' });
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send({ message: 'Internal server error' });
    }
    return reply.code(status).send({ message: error.message });
  });
}

import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { MAX_JSON_DEPTH, checkJsonShape } from '@shared/protocol';
import { DomainError, type ErrorKind } from '../errors';
import { isRedisUnavailable } from '../infra/redis/connection';

/** The one place domain errors become HTTP statuses. */
const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
  upstream: 502,
};

export const BODY_LIMIT_BYTES = 1024 * 1024;

/** The answer to a body nested deeper than any request of ours needs. */
export function tooDeep(): DomainError {
  return new DomainError(
    'invalid',
    `Request body is nested too deeply (limit ${MAX_JSON_DEPTH} levels)`,
    'too_deep',
  );
}

/** zod's names for expected types, as a person would say them. */
const EXPECTED: Record<string, string> = { int: 'a whole number', array: 'a list', object: 'an object' };

/**
 * Validates a body, query or path with a shared zod schema; a 400 names the first invalid field.
 * The shape check runs first, so a hostile value (nested thousands deep, or carrying NUL bytes)
 * is refused in time proportional to its size before any schema walks it. See docs/design.md,
 * "Hostile input".
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const problem = checkJsonShape(value);
  if (problem?.kind === 'too_deep') throw tooDeep();
  // PostgreSQL cannot store NUL in text, and no real name, password or token contains one.
  if (problem?.kind === 'nul') {
    const field = problem.path.join('.') || 'body';
    throw new DomainError('invalid', `${field} must not contain NUL characters`, 'nul_character');
  }
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.path.length === 0)
    throw new DomainError('invalid', 'Request body must be a JSON object', 'not_an_object');
  const field = issue.path.join('.');
  let message = issue.message;
  if (issue.code === 'invalid_type') {
    message = /received undefined/.test(issue.message)
      ? `${field} is required`
      : `${field} must be ${EXPECTED[issue.expected] ?? `a ${issue.expected}`}`;
  } else if (!message.toLowerCase().includes(field.toLowerCase())) {
    message = `${field}: ${message}`;
  }
  throw new DomainError('invalid', message, 'invalid_input');
}

/** Fastify's own refusals, reworded for people and given codes. */
const FASTIFY_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Request body is not valid JSON', 'invalid_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'Request body is empty; send a JSON object', 'empty_body'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'Request body is too large (limit 1 MB)', 'body_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type; send JSON', 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    'Content-Length does not match the body',
    'invalid_content_length',
  ],
};

/** The code of a client error that arrived without one (a plugin's, or Fastify's). */
const CODE_OF_STATUS: Record<number, string> = {
  400: 'invalid_input',
  401: 'auth_required',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
};

/**
 * The two error bodies of the API: `{message, code}`, and for a 401 `{error, message}`, where
 * `error` says why (auth_required, invalid_token, token_expired…) for clients to branch on.
 * See docs/design.md, "Errors".
 */
export function errorBody(status: number, message: string, code: string) {
  return status === 401 ? { error: code, message } : { message, code };
}

/** Every error leaves as JSON with a message and a code; server faults are logged and never detailed. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      const status = STATUS_OF[error.kind];
      // A service we call failing is the operator's business (a wrong secret, an outage).
      if (error.kind === 'upstream') request.log.warn({ code: error.code }, error.message);
      return reply.code(status).send(errorBody(status, error.message, error.code));
    }
    const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
    if (known) return reply.code(known[0]).send(errorBody(...known));
    if (isRedisUnavailable(error)) {
      request.log.warn({ err: error }, 'request failed: Redis is unavailable');
      return reply
        .code(503)
        .send(errorBody(503, 'The server is briefly unavailable; try again in a moment', 'unavailable'));
    }
    if (error instanceof SyntaxError)
      return reply.code(400).send(errorBody(400, 'Request body is not valid JSON', 'invalid_json'));
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(status).send(errorBody(status, 'Internal server error', 'internal_error'));
    }
    return reply
      .code(status)
      .send(errorBody(status, error.message, CODE_OF_STATUS[status] ?? 'request_failed'));
  });
}

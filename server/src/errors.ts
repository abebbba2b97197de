/**
 * Domain errors: what services throw when a request cannot be done. Each has a kind (how bad
 * and whose fault) and a machine-readable code; the HTTP layer maps kinds to status codes in one
 * place (`http/errors.ts`) and the WebSocket gateway maps them to ERROR frames, so no service
 * knows about either transport. See docs/design.md, "Errors".
 */
import type { AuthErrorCode } from '@shared/protocol';

export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'
  /** A service we depend on (Google, a payment provider) failed or answered nonsense. */
  | 'upstream';

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Machine-readable, snake_case; clients branch on it rather than on the message. */
    readonly code: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A request whose credentials are missing or no longer valid (HTTP 401, socket AUTH_REQUIRED). */
export class AuthError extends DomainError {
  constructor(
    message: string,
    override readonly code: AuthErrorCode,
  ) {
    super('unauthenticated', message, code);
    this.name = 'AuthError';
  }
}

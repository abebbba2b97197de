/**
 * What the account service and its settings part both need, apart from either, so neither imports
 * the other for its types.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db';
import type { SessionsRevoked } from '../../infra/bus';
import type { AttemptLimits } from '../../infra/attempt-limiter';
import type { Mailer } from '../../infra/mail';
import type { SignInThrottle } from '../../infra/sign-in-throttle';
import type { GoogleVerifier } from './google';

export interface AccountDeps {
  db: Db;
  mailer: Mailer;
  now: () => number;
  log: FastifyBaseLogger;
  publicUrl: string;
  sessionDays: number;
  google: GoogleVerifier | null;
  /** Wrong passwords, per login and address (docs/design.md, "Sign-in throttling"). */
  loginFailures: SignInThrottle;
  /** "Forgot password?" requests per address; see docs/design.md, "Account recovery and settings". */
  resetRequests: AttemptLimits;
  /**
   * Told after sessions are revoked, so open sockets bound to them can be closed on every node.
   * See docs/design.md, "Sessions and revocation".
   */
  onSessionsRevoked?: (revoked: SessionsRevoked) => void;
}
